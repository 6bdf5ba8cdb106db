// Where new entities go (docs/editing.md): new entities get the next free id in the project's id format and
// are written next to their siblings.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { newEntityTarget, placeNewEntity } from '../../tools/edit/entity-placement.js';
import { readSnapshot, snapshotReads } from '../../tools/edit/model-snapshot.js';
import { nextFreeId } from '../../tools/edit/next-id.js';
import { planEdit } from '../../tools/edit/plan-edit.js';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { commitFiles } from '../../tools/edit/transaction.js';
import { dataOf, expectTree, fixtureCopy, rejection, save, tempDir } from './edit-fixture.js';

describe('placement', () => {
  test('appended to the section file with most of the kind, after a blank line like its siblings, CRLF', async () => {
    const dir = await fixtureCopy('crlf');
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Occlusion alarm', satisfies: 'UN-001' },
    });
    expect(result.entity).toMatchObject({ id: 'REQ-003', file: join(dir, 'requirements.yaml') });
    await expectTree(dir, 'crlf', 'create');
  });

  test('the next id and file can be asked before creating (GET /api/next-id)', async () => {
    const dir = await fixtureCopy('crlf');
    expect(newEntityTarget(await readSnapshot(dir), 'requirement')).toEqual({
      id: 'REQ-003',
      file: join(dir, 'requirements.yaml'),
      form: 'sections',
      newFile: false,
      parent: null,
      files: [join(dir, 'requirements.yaml')],
      after: null,
    });
  });

  test('a new one-object file beside its siblings when the model keeps that kind one per file', async () => {
    const dir = await fixtureCopy('one-object');
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Air in line', satisfies: 'UN-001' },
    });
    expect(result.entity.file).toBe(join(dir, 'reqs', 'REQ-004.yaml'));
    await expectTree(dir, 'one-object', 'create');
  });

  test('a kind the model has none of yet gets a new section in the file with most entities', async () => {
    const dir = await fixtureCopy('placement');
    await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Rate entry', satisfies: ['UN-001', 'UN-002'] },
    });
    await save(dir, { op: 'create', kind: 'requirement', data: { title: 'Stop key', satisfies: 'UN-002' } });
    await expectTree(dir, 'placement', 'create-two');
  });

  test('an emptied section (`requirements: []`) becomes a block list again; the comment under it stays', async () => {
    const dir = await fixtureCopy('empty-section');
    await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Rate entry', satisfies: 'UN-001' },
    });
    await expectTree(dir, 'empty-section', 'create');
  });

  test('a null section (`requirements:` with nothing after it) gets its first entity as a block list', async () => {
    const dir = await tempDir();
    const file = join(dir, 'model.yaml');
    await writeFile(file, 'user_needs:\n  - id: UN-001\n    title: Stop\nrequirements:\n');
    await save(dir, { op: 'create', kind: 'requirement', data: { title: 'Stop key', satisfies: 'UN-001' } });
    expect(await readFile(file, 'utf8')).toBe(
      'user_needs:\n  - id: UN-001\n    title: Stop\nrequirements:\n  - id: REQ-001\n    title: Stop key\n    satisfies: UN-001\n',
    );
  });

  test('a model without any YAML file gets a new section file named after the kind', async () => {
    const dir = await tempDir();
    const result = await save(dir, { op: 'create', kind: 'user_need', data: { title: 'Stop the infusion' } });
    expect(result.entity).toMatchObject({ id: 'UN-001', file: join(dir, 'user-needs.yaml') });
    expect(await dataOf(dir, 'UN-001')).toEqual({ id: 'UN-001', title: 'Stop the infusion' });
  });

  test('a model that is one one-object file gets the new entity as another document', async () => {
    const dir = await tempDir();
    const file = join(dir, 'req.yaml');
    await writeFile(file, 'kind: requirement\nid: REQ-001\ntitle: A\n');
    await saveEdit(
      { root: dir, modelPath: file },
      { op: 'create', kind: 'requirement', data: { title: 'B' } },
    );
    expect(await readFile(file, 'utf8')).toBe(
      'kind: requirement\nid: REQ-001\ntitle: A\n---\nkind: requirement\nid: REQ-002\ntitle: B\n',
    );
  });

  test('into a JSON sections file: a kind kept only in JSON gets its new entity there', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'needs.json'), '{"user_needs": [{"id": "UN-001", "title": "Stop"}]}\n');
    await writeFile(
      join(dir, 'reqs.yaml'),
      'requirements:\n  - id: REQ-001\n    title: Stop key\n    satisfies: UN-001\n',
    );
    const placement = placeNewEntity(await readSnapshot(dir), 'user_need', 'UN-002');
    expect(placement).toEqual({ file: join(dir, 'needs.json'), form: 'sections', newFile: false });
    await save(dir, { op: 'create', kind: 'user_need', data: { title: 'Start' } });
    expect(await readFile(join(dir, 'needs.json'), 'utf8')).toBe(
      '{"user_needs": [{"id": "UN-001", "title": "Stop"}, {"id": "UN-002", "title": "Start"}]}\n',
    );
  });

  test('a new one-object JSON file when every sibling is one, in their style; YAML beside YAML', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'reqs'));
    const sibling =
      '{\r\n\t"kind": "requirement",\r\n\t"id": "REQ-001",\r\n\t"title": "Stop key",\r\n\t"tags": [\r\n\t\t"a"\r\n\t]\r\n}';
    await writeFile(join(dir, 'reqs/REQ-001.json'), sibling);
    await writeFile(join(dir, 'reqs/REQ-002.json'), sibling.replace('REQ-001', 'REQ-002'));
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Air in line', tags: ['b', 'c'] },
    });
    expect(result.entity.file).toBe(join(dir, 'reqs/REQ-003.json'));
    expect(await readFile(join(dir, 'reqs/REQ-003.json'), 'utf8')).toBe(
      '{\r\n\t"kind": "requirement",\r\n\t"id": "REQ-003",\r\n\t"title": "Air in line",\r\n\t"tags": [\r\n\t\t"b",\r\n\t\t"c"\r\n\t]\r\n}',
    );
    await writeFile(join(dir, 'reqs/REQ-004.yaml'), 'kind: requirement\nid: REQ-004\ntitle: Door open\n');
    const next = placeNewEntity(await readSnapshot(dir), 'requirement', 'REQ-005');
    expect(next).toEqual({ file: join(dir, 'reqs/REQ-005.yaml'), form: 'single', newFile: true });
  });

  test('a model that is one file gets the entity in that file', async () => {
    const dir = await fixtureCopy('mixed');
    const file = join(dir, 'model.yaml');
    const result = await saveEdit(
      { root: dir, modelPath: file },
      { op: 'create', kind: 'risk', data: { title: 'Overdose', severity: 'serious', likelihood: 'remote' } },
    );
    expect(result.entity).toMatchObject({ id: 'RISK-001', file });
    expect((await readSnapshot(file)).model.byId.get('RISK-001')?.data.title).toBe('Overdose');
  });
});

describe('ids', () => {
  test('the next id follows config.id_pattern and the highest number in use, never reusing a number', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'model.yaml'),
      [
        'config:',
        '  id_pattern: "^{prefix}[0-9]{4}$"',
        'requirements:',
        '  - id: REQ-0007',
        '    title: A',
        '    refines: REQ-0009 # dangling: 9 counts as taken',
        '  - id: REQ-0002',
        '    title: B',
        '',
      ].join('\n'),
    );
    const snapshot = await readSnapshot(dir);
    expect(nextFreeId(snapshot.model, 'requirement')).toBe('REQ-0010');
    expect(nextFreeId(snapshot.model, 'risk')).toBe('RISK-0001');
  });

  test('without id_pattern ids are padded like the existing ones, or to three digits', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'm.yaml'), 'requirements:\n  - id: REQ-7\n    title: A\n');
    const { model } = await readSnapshot(dir);
    expect(nextFreeId(model, 'requirement')).toBe('REQ-8');
    expect(nextFreeId(model, 'mitigation')).toBe('MIT-001');
  });

  test('an id the pattern cannot produce is refused with what to do', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'm.yaml'), 'config:\n  id_pattern: "^{prefix}[A-Z]{2}$"\nrequirements: []\n');
    const error = await rejection(save(dir, { op: 'create', kind: 'requirement', data: { title: 'A' } }));
    expect(error.code).toBe('no-free-id');
    expect(error.message).toMatch(/give the new entity an id/);
  });

  test('a given id is used when free and well-formed; a taken or malformed one is refused', async () => {
    const dir = await fixtureCopy('links');
    const created = await save(dir, {
      op: 'create',
      kind: 'requirement',
      id: 'REQ-050',
      data: { title: 'X', satisfies: 'UN-001' },
    });
    expect(created.entity.id).toBe('REQ-050');
    const taken = await rejection(
      save(dir, { op: 'create', kind: 'requirement', id: 'REQ-001', data: { title: 'X' } }),
    );
    expect(taken.code).toBe('bad-id');
    expect(taken.message).toMatch(/already used by requirement REQ-001 at .*requirements\.yaml:2/);
    const malformed = await rejection(
      save(dir, { op: 'create', kind: 'requirement', id: 'R1', data: { title: 'X' } }),
    );
    expect(malformed.code).toBe('bad-id');
    expect(malformed.message).toMatch(/id_pattern/);
  });

  test('a new entity with a schema problem is refused by the proof and nothing is written', async () => {
    const dir = await fixtureCopy('crlf');
    const error = await rejection(
      save(dir, { op: 'create', kind: 'requirement', data: { satisfies: 'UN-001' } }),
    );
    expect(error.code).toBe('proof-failed');
    expect(error.message).toMatch(/new error invalid-field .*title/);
    await expectTree(dir, 'crlf', 'before');
  });

  test('a new file is never created over an existing one', async () => {
    const dir = await fixtureCopy('one-object');
    await mkdir(join(dir, 'reqs'), { recursive: true });
    const snapshot = await readSnapshot(dir);
    // A file appearing after the model was read is a change on disk.
    await writeFile(join(dir, 'reqs', 'REQ-004.yaml'), '# someone else\n');
    const plan = planEdit(snapshot, { op: 'create', kind: 'requirement', data: { title: 'Air in line' } });
    const error = await rejection(
      commitFiles(
        dir,
        plan.files.map((f) => ({ path: f.path, content: f.after })),
        snapshotReads(snapshot),
      ),
    );
    expect(error.code).toBe('changed-on-disk');
    expect(error.message).toMatch(/REQ-004\.yaml appeared on disk/);
  });
});
