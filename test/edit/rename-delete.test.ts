// Renames and deletes (docs/editing.md): a rename updates every reference and the lock in one write; a delete
// of a referenced entity asks first, and with force removes the references and drops its lock entries; a
// one-object file goes with its only entity.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { dataOf, expectTree, fixtureCopy, rejection, save, versionOf } from './edit-fixture.js';

describe('rename', () => {
  test('every reference in the model and the lock entries follow, across files, in one write', async () => {
    const dir = await fixtureCopy('links');
    const result = await save(dir, {
      op: 'rename',
      id: 'REQ-001',
      newId: 'REQ-010',
      version: await versionOf(dir, 'REQ-001'),
    });
    expect(result.entity.id).toBe('REQ-010');
    expect(result.changed.sort()).toEqual(['MIT-001', 'REQ-001', 'REQ-002']);
    expect(result.files.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      'requirements.yaml',
      'risks.yaml',
      'rr.lock.json',
    ]);
    await expectTree(dir, 'links', 'rename');
  });

  test('in one-object files only the id and the references change; files keep their names', async () => {
    const dir = await fixtureCopy('one-object');
    await save(dir, {
      op: 'rename',
      id: 'REQ-001',
      newId: 'REQ-100',
      version: await versionOf(dir, 'REQ-001'),
    });
    await expectTree(dir, 'one-object', 'rename');
  });

  test('a taken or malformed new id is refused and nothing is written', async () => {
    const dir = await fixtureCopy('links');
    const version = await versionOf(dir, 'REQ-001');
    const taken = await rejection(save(dir, { op: 'rename', id: 'REQ-001', newId: 'REQ-002', version }));
    expect(taken.code).toBe('bad-id');
    const malformed = await rejection(save(dir, { op: 'rename', id: 'REQ-001', newId: 'REQ-1', version }));
    expect(malformed.code).toBe('bad-id');
    await expectTree(dir, 'links', 'before');
  });

  test('a referrer in a JSON file follows the rename; only its reference changes', async () => {
    const dir = await fixtureCopy('refused');
    await save(dir, {
      op: 'rename',
      id: 'REQ-010',
      newId: 'REQ-011',
      version: await versionOf(dir, 'REQ-010'),
    });
    expect(await readFile(join(dir, 'json-model.json'), 'utf8')).toBe(
      '{\n  "requirements": [\n    { "id": "REQ-009", "title": "In a JSON file", "refines": "REQ-011" }\n  ]\n}\n',
    );
  });
});

describe('delete', () => {
  test('a referenced entity is not deleted without force; the answer names every referrer and its line', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(
      save(dir, { op: 'delete', id: 'REQ-001', version: await versionOf(dir, 'REQ-001') }),
    );
    expect(error.code).toBe('still-referenced');
    expect((error as { details: { referrers: string[] } }).details.referrers).toEqual([
      expect.stringMatching(/^requirement REQ-002 \(refines\) at .*requirements\.yaml:11$/),
      expect.stringMatching(/^mitigation MIT-001 \(implemented_by\) at .*risks\.yaml:13$/),
    ]);
    await expectTree(dir, 'links', 'before');
  });

  test('with force the references go, the lock entries are dropped and listed as unlocked', async () => {
    const dir = await fixtureCopy('links');
    const result = await save(dir, {
      op: 'delete',
      id: 'REQ-001',
      force: true,
      version: await versionOf(dir, 'REQ-001'),
    });
    expect(result.unlocked).toEqual([
      { target: '//pump/dosing:rate_test', path: 'RateTest/accepts', owner: 'REQ-001' },
      { target: '//pump/dosing:rate_test', path: 'RateTest/rejects_zero', owner: 'REQ-001' },
    ]);
    expect(result.entity.version).toBeNull();
    await expectTree(dir, 'links', 'delete-force');
    expect(await dataOf(dir, 'REQ-002')).toEqual({ id: 'REQ-002', title: 'Rate range' });
  });

  test('the blank line that separated a deleted entity from its siblings goes with it', async () => {
    const dir = await fixtureCopy('links');
    await save(dir, { op: 'delete', id: 'REQ-002', version: await versionOf(dir, 'REQ-002') });
    await expectTree(dir, 'links', 'delete-middle');
  });

  test('the last entity of a section and the list item naming it in another file', async () => {
    const dir = await fixtureCopy('links');
    await save(dir, { op: 'delete', id: 'REQ-003', force: true, version: await versionOf(dir, 'REQ-003') });
    await expectTree(dir, 'links', 'delete-last');
  });

  test('the only entity of a one-object file removes the file', async () => {
    const dir = await fixtureCopy('one-object');
    const result = await save(dir, { op: 'delete', id: 'REQ-002', version: await versionOf(dir, 'REQ-002') });
    expect(result.files).toEqual([expect.stringMatching(/reqs\/REQ-002\.yaml$/)]);
    await expectTree(dir, 'one-object', 'delete-file');
  });

  test('a one-object file that also holds another document keeps that document', async () => {
    const dir = await fixtureCopy('one-object');
    await save(dir, { op: 'delete', id: 'REQ-003', version: await versionOf(dir, 'REQ-003') });
    await expectTree(dir, 'one-object', 'delete-document');
    expect((await readSnapshot(dir)).model.project).toEqual({ name: 'Pump' });
  });

  test('an unknown id is refused with what to do', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(save(dir, { op: 'delete', id: 'REQ-404', version: 'x' }));
    expect(error.code).toBe('unknown-entity');
    expect(error.message).toMatch(/reload the model/);
  });
});
