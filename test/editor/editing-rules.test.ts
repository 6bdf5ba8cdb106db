// The editing guarantees of docs/editing.md through the HTTP API: after every save the files equal the edit
// fixtures byte for byte, and every refusal leaves every file as it was.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectTree, fixtureCopy, treeOf } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';

describe('rule 1: new entities get the next free id and go next to their siblings', () => {
  test('appended to the section file, CRLF kept', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    const next = await editor.call('GET', '/api/next-id?kind=requirement');
    expect(next.body).toMatchObject({ id: 'REQ-003', file: 'requirements.yaml', new_file: false });
    const created = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      data: { title: 'Occlusion alarm', satisfies: 'UN-001' },
    });
    expect(created.status).toBe(201);
    expect(created.body.entity).toMatchObject({ id: 'REQ-003', file: 'requirements.yaml' });
    await expectTree(dir, 'crlf', 'create');
  });

  test('a new one-object file when the model keeps that kind one per file', async () => {
    const dir = await fixtureCopy('one-object');
    const editor = await startEditor(dir);
    const created = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      title: 'Air in line',
      satisfies: 'UN-001',
    });
    expect(created.status).toBe(201);
    expect(created.body.entity.file).toBe('reqs/REQ-004.yaml');
    await expectTree(dir, 'one-object', 'create');
  });

  test('two creates in a row, each seeing the other', async () => {
    const dir = await fixtureCopy('placement');
    const editor = await startEditor(dir);
    const a = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      data: { title: 'Rate entry', satisfies: ['UN-001', 'UN-002'] },
    });
    const b = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      data: { title: 'Stop key', satisfies: 'UN-002' },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    await expectTree(dir, 'placement', 'create-two');
  });
});

describe('rules 2, 3 and 6: rename and delete', () => {
  test('a rename updates every reference and the lock in one write', async () => {
    const dir = await fixtureCopy('links');
    const editor = await startEditor(dir);
    const renamed = await editor.call('POST', '/api/entities/REQ-001/rename', {
      id: 'REQ-010',
      version: await editor.version('REQ-001'),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.files.sort()).toEqual(['requirements.yaml', 'risks.yaml', 'rr.lock.json']);
    expect(renamed.body.changed.sort()).toEqual(['MIT-001', 'REQ-001', 'REQ-002']);
    await expectTree(dir, 'links', 'rename');
    expect((await editor.call('GET', '/api/entities/REQ-010')).status).toBe(200);
    expect((await editor.call('GET', '/api/entities/REQ-001')).status).toBe(404);
  });

  test('deleting a referenced entity asks first (409), with force=1 removes the references and lists unlocked', async () => {
    const dir = await fixtureCopy('links');
    const editor = await startEditor(dir);
    const version = await editor.version('REQ-001');
    const asked = await editor.call('DELETE', `/api/entities/REQ-001?version=${version}`);
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('still-referenced');
    expect(asked.body.referrers.length).toBeGreaterThan(0);
    await expectTree(dir, 'links', 'before');
    const forced = await editor.call('DELETE', `/api/entities/REQ-001?force=1&version=${version}`);
    expect(forced.status).toBe(200);
    expect(forced.body.unlocked).toEqual([
      { target: '//pump/dosing:rate_test', path: 'RateTest/accepts', owner: 'REQ-001' },
      { target: '//pump/dosing:rate_test', path: 'RateTest/rejects_zero', owner: 'REQ-001' },
    ]);
    await expectTree(dir, 'links', 'delete-force');
  });

  test('deleting the only entity of a one-object file removes the file', async () => {
    const dir = await fixtureCopy('one-object');
    const editor = await startEditor(dir);
    const reply = await editor.call(
      'DELETE',
      `/api/entities/REQ-002?version=${await editor.version('REQ-002')}`,
    );
    expect(reply.status).toBe(200);
    await expectTree(dir, 'one-object', 'delete-file');
  });
});

describe('rule 4: surgical edits', () => {
  test('a changed title keeps quotes, comment and every CRLF', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const reply = await editor.call('PUT', '/api/entities/REQ-001', {
      data: { ...entity.data, title: 'Rate entry in mL/h' },
      version: entity.version,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.entity.version).not.toBe(entity.version);
    await expectTree(dir, 'crlf', 'update-title');
  });

  test('a case added to a claim is one new line; a custom key the form leaves out stays', async () => {
    const dir = await fixtureCopy('surgical');
    const editor = await startEditor(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const data = structuredClone(entity.data);
    data.verified_by[0].cases.push('RateTest/rejects_negative');
    delete data['x-jira'];
    const reply = await editor.call('PUT', '/api/entities/REQ-001', { data, version: entity.version });
    expect(reply.status).toBe(200);
    await expectTree(dir, 'surgical', 'add-case');
  });

  test('a note added through the notes endpoint is written in the file’s style', async () => {
    const dir = await fixtureCopy('surgical');
    const editor = await startEditor(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const data = structuredClone(entity.data);
    delete data.verified_by;
    const dropped = await editor.call('PUT', '/api/entities/REQ-001', { data, version: entity.version });
    expect(dropped.status).toBe(200);
    const note = await editor.call('POST', '/api/entities/REQ-001/notes', {
      kind: 'todo',
      text: 'add a system test',
    });
    expect(note.status).toBe(201);
    const text = await readFile(join(dir, 'requirements.yaml'), 'utf8');
    expect(text).toContain(
      '    notes:\n      - id: n1\n        kind: todo\n        status: open\n        text: add a system test\n',
    );
  });
});

describe('refusals: nothing is written', () => {
  test('rule 5: an edit whose result would not load as asked (a value the schema rejects) is refused', async () => {
    const dir = await fixtureCopy('surgical');
    const editor = await startEditor(dir);
    const reply = await editor.update('REQ-001', { status: 'bogus' });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('proof-failed');
    expect(reply.body.reasons.join(' ')).toContain('invalid-field');
    await expectTree(dir, 'surgical', 'before');
  });

  test('rule 7: a file changed on disk since the editor read it gives changed-on-disk; after a reload the save works', async () => {
    const dir = await fixtureCopy('surgical');
    const editor = await startEditor(dir);
    await appendFile(join(dir, 'needs.yaml'), '# edited by hand\n');
    const onDisk = await treeOf(dir);
    const reply = await editor.update('REQ-001', { title: 'Rate' });
    expect(reply.status).toBe(409);
    // Files are named relative to the checkout, as diagnostics name them.
    expect(reply.body).toMatchObject({ code: 'changed-on-disk', file: 'needs.yaml' });
    expect(JSON.stringify(reply.body)).not.toContain(dir);
    expect(await treeOf(dir)).toEqual(onDisk);
    expect((await editor.call('POST', '/api/reload')).status).toBe(200);
    expect((await editor.update('REQ-001', { title: 'Rate' })).status).toBe(200);
  });

  test('rule 8: an entity written as a flow mapping is an unsupported layout (422)', async () => {
    const dir = await fixtureCopy('refused');
    const editor = await startEditor(dir);
    const entities = (await editor.call('GET', '/api/entities')).body.entities as {
      id: string;
      file: string;
    }[];
    const flow = entities.find((e) => e.file === 'flow-mapping.yaml')!;
    const reply = await editor.update(flow.id, { title: 'Changed' });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ code: 'unsupported-layout', file: 'flow-mapping.yaml' });
    expect(JSON.stringify(reply.body)).not.toContain(dir);
    await expectTree(dir, 'refused', 'before');
  });

  test('rule 9: saving over a newer version is a conflict, not an overwrite', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const first = await editor.call('PUT', '/api/entities/REQ-001', {
      data: { ...entity.data, title: 'Rate entry in mL/h' },
      version: entity.version,
    });
    expect(first.status).toBe(200);
    const stale = await editor.call('PUT', '/api/entities/REQ-001', {
      data: { ...entity.data, title: 'Something else' },
      version: entity.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale-version');
    await expectTree(dir, 'crlf', 'update-title');
  });

  test('an unknown entity is 404, a bad request 400, a missing version 400', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    expect((await editor.call('GET', '/api/entities/REQ-404')).status).toBe(404);
    expect((await editor.call('PUT', '/api/entities/REQ-404', { data: {}, version: 'x' })).status).toBe(404);
    expect((await editor.call('POST', '/api/entities', { kind: 'widget', title: 'x' })).status).toBe(400);
    expect((await editor.call('PUT', '/api/entities/REQ-001', { data: { title: 'x' } })).status).toBe(400);
    expect((await editor.call('POST', '/api/entities', '{not json')).status).toBe(400);
    await expectTree(dir, 'crlf', 'before');
  });
});

test('the editor picks up a file changed on disk only on reload, and keeps serving meanwhile', async () => {
  const dir = await fixtureCopy('crlf');
  const editor = await startEditor(dir);
  const path = join(dir, 'requirements.yaml');
  await writeFile(path, (await readFile(path, 'utf8')).replace('Rate entry', 'Rate entry (hand)'));
  expect((await editor.call('GET', '/api/entities/REQ-001')).body.entity.data.title).toBe('Rate entry');
  await editor.call('POST', '/api/reload');
  expect((await editor.call('GET', '/api/entities/REQ-001')).body.entity.data.title).toBe(
    'Rate entry (hand)',
  );
});
