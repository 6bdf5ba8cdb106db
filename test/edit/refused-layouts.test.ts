// Refused layouts (docs/editing.md): layouts that cannot be edited in place are refused with the file, the
// line and what to do, and nothing is written.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { expectTree, fixtureCopy, omit, rejection, save, tempDir, update } from './edit-fixture.js';

async function refusedUpdate(id: string, change: (d: Record<string, unknown>) => Record<string, unknown>) {
  const dir = await fixtureCopy('refused');
  const error = await rejection(update(dir, id, change));
  await expectTree(dir, 'refused', 'before');
  return error;
}

const retitle = (d: Record<string, unknown>) => ({ ...d, title: 'Changed' });

describe('refused, nothing written', () => {
  test('an entity in a flow-style section', async () => {
    const error = await refusedUpdate('REQ-001', retitle);
    expect(error.code).toBe('unsupported-layout');
    expect(error.message).toMatch(
      /flow-section\.yaml:2: requirement REQ-001 is in the flow-style section "requirements"/,
    );
    expect(error.message).toMatch(/write the section as a block list/);
  });

  test('an entity written as a flow mapping', async () => {
    const error = await refusedUpdate('REQ-002', retitle);
    expect(error.message).toMatch(/flow-mapping\.yaml:2: requirement REQ-002 is written as a flow mapping/);
    expect(error.message).toMatch(/one field per line/);
  });

  test('a JSON file with a key twice in one object', async () => {
    const dir = await tempDir();
    const text =
      '{\n  "requirements": [\n    { "id": "REQ-001", "title": "A" },\n    { "id": "REQ-002", "title": "B",\n      "title": "C" }\n  ]\n}\n';
    await writeFile(join(dir, 'model.json'), text);
    const error = await rejection(update(dir, 'REQ-001', retitle));
    expect(error.code).toBe('unsupported-layout');
    expect(error.message).toMatch(
      /model\.json:5: the key "title" appears twice in one object \(first at line 4\); remove one of them/,
    );
    expect(await readFile(join(dir, 'model.json'), 'utf8')).toBe(text);
  });

  test('a new entity for a model that is one single-object JSON file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'req.json');
    await writeFile(file, '{"kind": "requirement", "id": "REQ-001", "title": "A"}\n');
    const error = await rejection(
      saveEdit({ root: dir, modelPath: file }, { op: 'create', kind: 'requirement', data: { title: 'B' } }),
    );
    expect(error.message).toMatch(
      /req\.json:1: the file holds one entity, not sections, and a JSON file holds one document/,
    );
  });

  test('a merge key that carries a comment', async () => {
    const error = await refusedUpdate('REQ-004', retitle);
    expect(error.message).toMatch(
      /merged\.yaml:6: requirement REQ-004 has a merge key \(<<\) that carries comments/,
    );
  });

  test('a merge key that brings a custom key', async () => {
    const error = await refusedUpdate('REQ-006', retitle);
    expect(error.message).toMatch(
      /merged\.yaml:13: requirement REQ-006 gets the custom key "x-team" through a merge key/,
    );
  });

  test('an entity whose anchor other entities merge (editing it would change them)', async () => {
    const error = await refusedUpdate('REQ-003', retitle);
    expect(error.message).toMatch(
      /merged\.yaml:3: requirement REQ-003 holds the anchor &base that other nodes use/,
    );
  });

  test('removing a field that comes from a merge key', async () => {
    const error = await refusedUpdate('REQ-008', (d) => omit(d, 'owner'));
    expect(error.message).toMatch(/REQ-008: "owner" comes from a merge key/);
  });

  test('a new entity for a section written in flow style', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'model.yaml'), 'requirements: [{id: REQ-001, title: A}]\n');
    const error = await rejection(save(dir, { op: 'create', kind: 'requirement', data: { title: 'B' } }));
    expect(error.message).toMatch(/model\.yaml:1: the section "requirements" is written in flow style/);
  });

  test('a document written as one flow mapping', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'model.yaml'), '{requirements: [{id: REQ-001, title: A}]}\n');
    const error = await rejection(update(dir, 'REQ-001', retitle));
    expect(error.message).toMatch(/model\.yaml:1: the document is written as a flow mapping/);
  });

  test('a model file that does not load (a syntax error in it)', async () => {
    const dir = await tempDir();
    const file = join(dir, 'model.yaml');
    await writeFile(file, 'requirements:\n  - id: REQ-001\n    title: A\nuser_needs: [oops\n');
    const error = await rejection(
      saveEdit({ root: dir, modelPath: file }, { op: 'create', kind: 'requirement', data: { title: 'B' } }),
    );
    expect(error.code).toBe('unsupported-layout');
    expect(error.message).toMatch(
      /model\.yaml:\d+: the file cannot be edited while it does not load \(YAML syntax error/,
    );
  });
});
