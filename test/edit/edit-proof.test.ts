// Proof before write (docs/editing.md): before any write the edited bytes are re-read with the model loader
// and compared with the originals; anything the request does not explain refuses the save and nothing is
// written.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { proveEdit } from '../../tools/edit/edit-proof.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { readSnapshot, type ModelSnapshot } from '../../tools/edit/model-snapshot.js';
import { planEdit, type EditPlan } from '../../tools/edit/plan-edit.js';
import { applyEdits, type TextEdit } from '../../tools/edit/text-edit.js';
import { expectTree, fixtureCopy, omit, rejection, update } from './edit-fixture.js';

describe('a request that would add an error is refused', () => {
  test('a status outside the allowed values', async () => {
    const dir = await fixtureCopy('surgical');
    const error = await rejection(update(dir, 'REQ-001', (d) => ({ ...d, status: 'bogus' })));
    expect(error.code).toBe('proof-failed');
    expect(error.message).toMatch(
      /^nothing was written: .*new error invalid-field at .*requirements\.yaml:10/,
    );
    await expectTree(dir, 'surgical', 'before');
  });

  test('a reference to an id that does not exist', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(update(dir, 'REQ-002', (d) => ({ ...d, refines: 'REQ-999' })));
    expect(error.message).toMatch(/new error dangling-reference .*"REQ-999", which does not exist/);
    await expectTree(dir, 'links', 'before');
  });

  test('an error the model already had does not block an unrelated edit', async () => {
    const dir = await fixtureCopy('crlf'); // REQ-001 carries the unknown key x-review (unknown-field)
    await update(dir, 'REQ-002', (d) => ({ ...d, title: 'Bolus: limit' }));
    expect((await readSnapshot(dir)).model.diagnostics.map((d) => d.rule)).toEqual(['unknown-field']);
  });
});

/** A plan whose file bytes are rebuilt from (possibly tampered) edits. */
function withEdits(plan: EditPlan, snapshot: ModelSnapshot, path: string, edits: TextEdit[]): EditPlan {
  const file = plan.files.find((f) => f.path === path)!;
  const text = applyEdits(path, snapshot.files.get(path)!.text!, edits);
  return {
    ...plan,
    files: plan.files.map((f) => (f === file ? { ...f, edits, after: Buffer.from(text) } : f)),
  };
}

async function titlePlan(scenario: string, id: string) {
  const dir = await fixtureCopy(scenario);
  const snapshot = await readSnapshot(dir);
  const entity = snapshot.model.byId.get(id)!;
  const plan = planEdit(snapshot, {
    op: 'update',
    id,
    data: { ...entity.data, title: 'New title' },
    version: entityVersion(entity),
  });
  return { dir, snapshot, plan, path: join(dir, 'requirements.yaml') };
}

function reasonsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    return (error as { details: { reasons: string[] } }).details.reasons;
  }
  throw new Error('expected the proof to fail');
}

describe('a plan that does more than asked fails the proof (planner bugs cannot write)', () => {
  test('an untouched plan passes', async () => {
    const { snapshot, plan } = await titlePlan('links', 'REQ-001');
    expect(proveEdit(snapshot, plan).after.byId.get('REQ-001')?.data.title).toBe('New title');
  });

  test('bytes changed outside the edited ranges, changing another entity', async () => {
    const { snapshot, plan, path } = await titlePlan('links', 'REQ-001');
    const file = plan.files[0]!;
    const tampered: EditPlan = {
      ...plan,
      files: [
        {
          ...file,
          after: Buffer.from(file.after!.toString('utf8').replace('Occlusion alarm', 'Occlusion alarms')),
        },
      ],
    };
    const reasons = reasonsOf(() => proveEdit(snapshot, tampered));
    expect(reasons).toContainEqual(
      expect.stringMatching(new RegExp(`^${path}:15: bytes outside the edited ranges would change`)),
    );
    expect(reasons).toContainEqual('the untouched entity REQ-003 would differ in "title" (' + path + ')');
  });

  test('an edit that reaches past its field', async () => {
    const { snapshot, plan, path } = await titlePlan('links', 'REQ-001');
    const edit = plan.files[0]!.edits[0]!;
    const text = snapshot.files.get(path)!.text!;
    const nextLineEnd = text.indexOf('\n', text.indexOf('satisfies', edit.start));
    const reasons = reasonsOf(() =>
      proveEdit(
        snapshot,
        withEdits(plan, snapshot, path, [
          { ...edit, end: nextLineEnd, text: 'New title\r\n    satisfies: UN-001\r' },
        ]),
      ),
    );
    expect(reasons).toContain(`${path}:3: a change of requirement REQ-001 (title) reaches outside it`);
  });

  test('a field rewritten although it does not change', async () => {
    const { snapshot, plan, path } = await titlePlan('links', 'REQ-001');
    const text = snapshot.files.get(path)!.text!;
    const at = text.indexOf('UN-001');
    const rewrite: TextEdit = {
      start: at,
      end: at + 6,
      text: 'UN-001',
      entity: 'REQ-001',
      field: 'satisfies',
      action: 'set-field',
    };
    const reasons = reasonsOf(() =>
      proveEdit(snapshot, withEdits(plan, snapshot, path, [...plan.files[0]!.edits, rewrite])),
    );
    expect(reasons).toContain(
      `${path}:4: the field "satisfies" of requirement REQ-001 would be rewritten although it does not change`,
    );
  });

  test('a change attributed to an entity the request does not change', async () => {
    const { snapshot, plan, path } = await titlePlan('links', 'REQ-001');
    const text = snapshot.files.get(path)!.text!;
    const at = text.indexOf('Rate range');
    const edit: TextEdit = {
      start: at,
      end: at + 10,
      text: 'Rate range',
      entity: 'REQ-002',
      field: 'title',
      action: 'set-field',
    };
    const reasons = reasonsOf(() =>
      proveEdit(snapshot, withEdits(plan, snapshot, path, [...plan.files[0]!.edits, edit])),
    );
    expect(reasons).toContain(
      `${path}:10: requirement REQ-002 would change although the request does not change it`,
    );
  });

  test('a custom key lost', async () => {
    const { snapshot, plan } = await titlePlan('surgical', 'REQ-001');
    const path = plan.files[0]!.path;
    const text = snapshot.files.get(path)!.text!;
    const start = text.indexOf('    x-jira');
    const drop: TextEdit = {
      start,
      end: text.length,
      text: '',
      entity: 'REQ-001',
      field: 'x-jira',
      action: 'remove-field',
    };
    const expected = plan.changes.get('REQ-001')!;
    const data = omit(expected.data, 'x-jira');
    const tampered = withEdits(plan, snapshot, path, [...plan.files[0]!.edits, drop]);
    tampered.changes = new Map([['REQ-001', { ...expected, data }]]);
    expect(reasonsOf(() => proveEdit(snapshot, tampered))).toContain(
      'the custom key(s) x-jira of REQ-001 would be lost',
    );
  });

  test('content outside the entities changed by an edit inside one', async () => {
    const dir = await fixtureCopy('mixed');
    const snapshot = await readSnapshot(dir);
    const entity = snapshot.model.byId.get('REQ-002')!;
    const plan = planEdit(snapshot, {
      op: 'update',
      id: 'REQ-002',
      data: { ...entity.data, satisfies: ['UN-001'] },
      version: entityVersion(entity),
    });
    const path = join(dir, 'model.yaml');
    // The new value, and a top-level key after it: the edit stays inside its field's lines.
    const [edit] = plan.files[0]!.edits;
    const tampered = withEdits(plan, snapshot, path, [{ ...edit!, text: `${edit!.text}\nx-note: hello` }]);
    expect(reasonsOf(() => proveEdit(snapshot, tampered))).toContain(
      `${path}: content outside the entities (custom keys, non-entity items) would change`,
    );
  });

  test('a lock that would not change exactly as asked', async () => {
    const dir = await fixtureCopy('links');
    const snapshot = await readSnapshot(dir);
    const entity = snapshot.model.byId.get('REQ-001')!;
    const plan = planEdit(snapshot, {
      op: 'rename',
      id: 'REQ-001',
      newId: 'REQ-010',
      version: entityVersion(entity),
    });
    const lock = plan.files.find((f) => f.role === 'verification-lock')!;
    const dropped = lock.after!.toString('utf8').replace(/,\n.*rejects_zero.*\n/, '\n');
    const tampered = {
      ...plan,
      files: plan.files.map((f) => (f === lock ? { ...f, after: Buffer.from(dropped) } : f)),
    };
    expect(reasonsOf(() => proveEdit(snapshot, tampered))).toContain(
      `${join(dir, 'rr.lock.json')}: the lock entries would not change exactly as asked`,
    );
  });

  test('configuration changed by a file the request did not mean to touch', async () => {
    const { snapshot, plan, dir } = await titlePlan('links', 'REQ-001');
    const rr = join(dir, 'rr.yaml');
    const before = snapshot.files.get(rr)!.bytes!;
    const tampered: EditPlan = {
      ...plan,
      files: [
        ...plan.files,
        {
          path: rr,
          before,
          after: Buffer.from(before.toString().replace('rr.lock.json', 'other.lock.json')),
          edits: [],
          role: 'model',
        },
      ],
    };
    const reasons = reasonsOf(() => proveEdit(snapshot, tampered));
    expect(reasons).toContain('the configuration would change');
    expect(reasons).toContainEqual(
      expect.stringMatching(/rr\.yaml:4: bytes outside the edited ranges would change/),
    );
  });
});
