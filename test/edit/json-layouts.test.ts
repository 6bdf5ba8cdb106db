// JSON layouts beyond the usual pretty-printed file: one-line files keep their compact separators, an
// empty or null section receives its first entity, and the proof holds JSON edits to their fields and
// to strict JSON.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { proveEdit } from '../../tools/edit/edit-proof.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { planEdit, type EditPlan } from '../../tools/edit/plan-edit.js';
import { applyEdits, type TextEdit } from '../../tools/edit/text-edit.js';
import { save, tempDir, update } from './edit-fixture.js';

/** A model directory holding one file. */
async function oneFile(name: string, text: string): Promise<{ dir: string; path: string }> {
  const dir = await tempDir();
  await writeFile(join(dir, name), text);
  return { dir, path: join(dir, name) };
}

describe('one-line JSON', () => {
  test('a compact file stays compact: no spaces added, none taken', async () => {
    const { dir, path } = await oneFile(
      'model.json',
      '{"requirements":[{"id":"REQ-001","title":"A","tags":["x"]}]}',
    );
    await update(dir, 'REQ-001', (d) => ({ ...d, title: 'B', tags: ['x', 'y'], owner: 'me' }));
    await save(dir, { op: 'create', kind: 'requirement', data: { title: 'C' } });
    expect(await readFile(path, 'utf8')).toBe(
      '{"requirements":[{"id":"REQ-001","title":"B","tags":["x","y"],"owner":"me"},{"id":"REQ-002","title":"C"}]}',
    );
  });

  test('one-line entities in a multi-line list keep their padding and separators', async () => {
    const { dir, path } = await oneFile(
      'model.json',
      '{\n  "user_needs": [\n    { "id": "UN-001", "title": "Stop" },\n    { "id": "UN-002", "title": "Go" }\n  ]\n}\n',
    );
    await update(dir, 'UN-002', (d) => ({ ...d, owner: 'ops' }));
    await save(dir, { op: 'create', kind: 'user_need', data: { title: 'Pause' } });
    expect(await readFile(path, 'utf8')).toBe(
      '{\n  "user_needs": [\n    { "id": "UN-001", "title": "Stop" },\n    { "id": "UN-002", "title": "Go", "owner": "ops" },\n    {\n      "id": "UN-003",\n      "title": "Pause"\n    }\n  ]\n}\n',
    );
  });
});

describe('empty sections', () => {
  test('the last entity deleted leaves [], and the next new one fills it again', async () => {
    const text =
      '{\n  "user_needs": [\n    {\n      "id": "UN-001",\n      "title": "Stop"\n    }\n  ],\n  "test_methods": [{"id": "TM-001", "title": "Bench"}]\n}\n';
    const { dir, path } = await oneFile('model.json', text);
    const version = entityVersion((await readSnapshot(dir)).model.byId.get('UN-001')!);
    await save(dir, { op: 'delete', id: 'UN-001', version });
    expect(await readFile(path, 'utf8')).toBe(
      '{\n  "user_needs": [],\n  "test_methods": [{"id": "TM-001", "title": "Bench"}]\n}\n',
    );
    await save(dir, { op: 'create', kind: 'user_need', data: { title: 'Go' } });
    expect(await readFile(path, 'utf8')).toBe(text.replace('Stop', 'Go'));
  });

  test('a null section gets its first entity as a list', async () => {
    const { dir, path } = await oneFile(
      'model.json',
      '{\n    "user_needs": null,\n    "test_methods": [\n        {"id": "TM-001", "title": "Bench"}\n    ]\n}\n',
    );
    await save(dir, { op: 'create', kind: 'user_need', data: { title: 'Go' } });
    expect(await readFile(path, 'utf8')).toBe(
      '{\n    "user_needs": [\n        {\n            "id": "UN-001",\n            "title": "Go"\n        }\n    ],\n    "test_methods": [\n        {"id": "TM-001", "title": "Bench"}\n    ]\n}\n',
    );
  });
});

describe('the proof of a JSON edit', () => {
  const text =
    '{\n  "requirements": [\n    {\n      "id": "REQ-001",\n      "title": "A",\n      "status": "draft"\n    }\n  ]\n}\n';

  async function titlePlan() {
    const { dir, path } = await oneFile('model.json', text);
    const snapshot = await readSnapshot(dir);
    const entity = snapshot.model.byId.get('REQ-001')!;
    const plan = planEdit(snapshot, {
      op: 'update',
      id: 'REQ-001',
      data: { ...entity.data, title: 'B' },
      version: entityVersion(entity),
    });
    return { snapshot, plan, path };
  }

  /** The reasons a plan with other edits fails its proof for. */
  function reasonsWith(
    snapshot: Awaited<ReturnType<typeof titlePlan>>['snapshot'],
    plan: EditPlan,
    edits: TextEdit[],
  ) {
    const after = Buffer.from(applyEdits(plan.files[0]!.path, text, edits));
    const tampered = { ...plan, files: [{ ...plan.files[0]!, edits, after }] };
    try {
      proveEdit(snapshot, tampered);
    } catch (error) {
      return (error as { details: { reasons: string[] } }).details.reasons;
    }
    throw new Error('expected the proof to fail');
  }

  test('an edit of the title that reaches into the next field', async () => {
    const { snapshot, plan, path } = await titlePlan();
    const edit = plan.files[0]!.edits[0]!;
    const end = text.indexOf('"draft"') + '"draft"'.length;
    const reasons = reasonsWith(snapshot, plan, [{ ...edit, end, text: '"B",\n      "status": "draft"' }]);
    expect(reasons).toContain(`${path}:5: a change of requirement REQ-001 (title) reaches outside it`);
  });

  test('an edit that would leave the file not strict JSON', async () => {
    const { snapshot, plan, path } = await titlePlan();
    const edit = plan.files[0]!.edits[0]!;
    const reasons = reasonsWith(snapshot, plan, [{ ...edit, text: "'B'" }]);
    expect(reasons).toContainEqual(
      expect.stringMatching(new RegExp(`^${path}: the edited file would not be strict JSON`)),
    );
  });
});
