// Entity versions (docs/decisions/0073-entity-version.md): an entity carries a version; saving over a change
// made meanwhile is a conflict, not an overwrite.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dataOf, fixtureCopy, rejection, save, update, versionOf } from './edit-fixture.js';

describe('versions', () => {
  test('a save with the version read before another save is refused as stale, naming file and line', async () => {
    const dir = await fixtureCopy('links');
    const seen = await versionOf(dir, 'REQ-002');
    await update(dir, 'REQ-002', (d) => ({ ...d, title: 'Rate range, first save' }));
    const data = { ...(await dataOf(dir, 'REQ-002')), title: 'Rate range, second save' };
    const error = await rejection(save(dir, { op: 'update', id: 'REQ-002', data, version: seen }));
    expect(error.code).toBe('stale-version');
    expect(error.message).toMatch(
      /requirements\.yaml:9: requirement REQ-002 changed since it was loaded .* reload it/,
    );
    expect((await dataOf(dir, 'REQ-002')).title).toBe('Rate range, first save');
  });

  test('rename and delete check the version too', async () => {
    const dir = await fixtureCopy('links');
    const stale = (
      await rejection(save(dir, { op: 'rename', id: 'REQ-003', newId: 'REQ-030', version: 'old' }))
    ).code;
    const gone = (await rejection(save(dir, { op: 'delete', id: 'REQ-003', force: true, version: 'old' })))
      .code;
    expect([stale, gone]).toEqual(['stale-version', 'stale-version']);
  });

  test('a version follows the content: not comments, formatting or other entities', async () => {
    const dir = await fixtureCopy('links');
    const file = join(dir, 'requirements.yaml');
    const v2 = await versionOf(dir, 'REQ-002');
    const v3 = await versionOf(dir, 'REQ-003');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('# the parent', '# its parent, see the review'),
    );
    expect(await versionOf(dir, 'REQ-002')).toBe(v2);
    await update(dir, 'REQ-002', (d) => ({ ...d, title: 'Rate limits' }));
    expect(await versionOf(dir, 'REQ-002')).not.toBe(v2);
    expect(await versionOf(dir, 'REQ-003')).toBe(v3);
  });

  test('a save returns the new version, which the next save can use', async () => {
    const dir = await fixtureCopy('links');
    const first = await update(dir, 'REQ-002', (d) => ({ ...d, title: 'One' }));
    const data = { ...(await dataOf(dir, 'REQ-002')), title: 'Two' };
    await save(dir, { op: 'update', id: 'REQ-002', data, version: first.entity.version! });
    expect((await dataOf(dir, 'REQ-002')).title).toBe('Two');
  });
});

test('two writers save the same entity: one wins, the other gets the stale-version conflict', async () => {
  const dir = await fixtureCopy('links');
  const version = await versionOf(dir, 'REQ-002');
  const data = await dataOf(dir, 'REQ-002');
  const results = await Promise.allSettled(
    ['Alice’s title', 'Bob’s title'].map((title) =>
      save(dir, { op: 'update', id: 'REQ-002', data: { ...data, title }, version }),
    ),
  );
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0]!.reason).toMatchObject({ code: 'stale-version' });
  const winner = results[0]!.status === 'fulfilled' ? 'Alice’s title' : 'Bob’s title';
  expect((await dataOf(dir, 'REQ-002')).title).toBe(winner);
});
