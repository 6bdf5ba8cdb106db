// One owner per test case (docs/api.md, "One-owner conflicts"): a save that would introduce a problem of the
// check table is refused with 409 and the conflicts; an existing conflict never blocks an unrelated edit;
// hybrid mode's takes-from-tag notice; moving cases (dry run, expand, multi-tag refusal, re-lock).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { serializeVerificationLock } from '../../tools/verify/verification-lock-file.js';
import { tempDir, treeOf } from '../edit/edit-fixture.js';
import { startEditor, writeEvidence, writeModel, type Editor } from './editor-fixture.js';

const RATE = '//pump:rate_test';
const LIMIT = '//pump:limit_test';

interface Setup {
  hybrid?: boolean;
  /** extra requirements appended to the model */
  requirements?: Record<string, unknown>[];
  /** REQ-003's claims */
  req3Claims?: unknown[];
}

/** A model of three requirements over two targets, evidence, and a lock pinning REQ-001's cases. */
async function workspace(setup: Setup = {}): Promise<{ dir: string; editor: Editor }> {
  const root = await tempDir();
  const dir = join(root, 'model');
  const evidence = join(root, 'testlogs');
  await writeModel(dir, {
    'rr.yaml': {
      schema_version: 1,
      config: { sets_lock: 'rr.lock.json', ...(setup.hybrid ? { attribution: 'hybrid' } : {}) },
    },
    'requirements.yaml': {
      user_needs: [{ id: 'UN-001', title: 'Dose' }],
      requirements: [
        {
          id: 'REQ-001',
          title: 'Rate',
          satisfies: 'UN-001',
          verified_by: [{ target: RATE, cases: ['RateTest/accepts', 'RateTest/rejects'] }],
        },
        {
          id: 'REQ-002',
          title: 'Limits',
          satisfies: 'UN-001',
          verified_by: [{ target: LIMIT, cases: ['LimitTest/*'] }],
        },
        {
          id: 'REQ-003',
          title: 'Alarm',
          satisfies: 'UN-001',
          ...(setup.req3Claims ? { verified_by: setup.req3Claims } : {}),
        },
        ...(setup.requirements ?? []),
      ],
    },
    'rr.lock.json': serializeVerificationLock([
      { target: RATE, path: 'RateTest/accepts', owner: 'REQ-001' },
      { target: RATE, path: 'RateTest/rejects', owner: 'REQ-001' },
    ]),
  });
  await writeEvidence(evidence, {
    [RATE]: [
      { path: 'RateTest/accepts' },
      { path: 'RateTest/rejects' },
      { path: 'RateTest/tagged', tags: ['REQ-003'] },
      { path: 'RateTest/multi', tags: ['REQ-001', 'REQ-002'] },
    ],
    [LIMIT]: [{ path: 'LimitTest/low' }, { path: 'LimitTest/high' }],
  });
  return { dir, editor: await startEditor(dir, { evidence }) };
}

async function modelData(dir: string, id: string): Promise<Record<string, unknown>> {
  const doc = parse(await readFile(join(dir, 'requirements.yaml'), 'utf8')) as {
    requirements: Record<string, unknown>[];
  };
  return doc.requirements.find((r) => r.id === id)!;
}

describe('a save that would introduce a problem is refused with the conflicts', () => {
  test('a claim that would give a case a second owner: 409 naming the case and its present owner', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const reply = await editor.update('REQ-003', {
      verified_by: [{ target: RATE, cases: ['RateTest/accepts'] }],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('one-owner');
    const conflict = reply.body.conflicts.find((c: { case: unknown }) => c.case);
    expect(conflict).toMatchObject({
      code: 'shared-case',
      case: { target: RATE, path: 'RateTest/accepts' },
      owner: 'REQ-001',
    });
    expect(conflict.entities).toEqual(expect.arrayContaining(['REQ-001', 'REQ-003']));
    expect(conflict.message).toContain('RateTest/accepts');
    for (const c of reply.body.conflicts)
      expect(Object.keys(c).sort()).toEqual(['case', 'code', 'entities', 'message', 'owner']);
    expect(await treeOf(dir)).toEqual(before);
  });

  test('a create precheck with a conflict still answers the id it would get, its issues and its set', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const reply = await editor.call('POST', '/api/entities/_new/precheck', {
      _new: 'requirement',
      data: {
        title: 'Rate again',
        satisfies: 'UN-001',
        verified_by: [{ target: RATE, cases: ['RateTest/accepts'] }],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.ok).toBe(false);
    expect(reply.body.problems.map((p: { code: string }) => p.code)).toContain('shared-case');
    expect(reply.body.id).toBe('REQ-004');
    expect(reply.body.set.claims[0].selectors).toEqual([
      { selector: 'RateTest/accepts', problem: null, matches: 1 },
    ]);
    expect(reply.body.issues.map((d: { rule: string }) => d.rule)).toContain('shared-case');
    expect(await treeOf(dir)).toEqual(before);
  });

  test('the precheck reports the same problems without writing, and what each selector matches', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-003')).body.entity;
    const reply = await editor.call('POST', '/api/entities/REQ-003/precheck', {
      data: { ...entity.data, verified_by: [{ target: RATE, cases: ['RateTest/accepts', 'RateTest/t*'] }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.ok).toBe(false);
    expect(reply.body.problems.map((p: { code: string }) => p.code)).toContain('shared-case');
    expect(reply.body.set.claims[0].selectors).toEqual([
      { selector: 'RateTest/accepts', problem: null, matches: 1 },
      { selector: 'RateTest/t*', problem: null, matches: 1 },
    ]);
    const fine = await editor.call('POST', '/api/entities/REQ-003/precheck', {
      data: { ...entity.data, verified_by: [{ target: RATE, cases: ['RateTest/tagged'] }] },
    });
    expect(fine.body).toMatchObject({ ok: true, problems: [] });
    expect(fine.body.set.members).toEqual([
      expect.objectContaining({ path: 'RateTest/tagged', state: 'passed' }),
    ]);
    expect(await treeOf(dir)).toEqual(before);
  });

  test('dropping a locked case from its owner’s claim is lock-owner-changed', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const reply = await editor.update('REQ-001', {
      verified_by: [{ target: RATE, cases: ['RateTest/rejects'] }],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.conflicts).toEqual([
      expect.objectContaining({
        code: 'lock-owner-changed',
        case: { target: RATE, path: 'RateTest/accepts' },
        owner: 'REQ-001',
      }),
    ]);
    expect(await treeOf(dir)).toEqual(before);
  });

  test('a whole-target claim without a reason, a bad selector and a bad target are refused', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const whole = await editor.update('REQ-003', {
      verified_by: [{ target: '//pump:other_test', whole: true }],
    });
    expect(whole.status).toBe(409);
    expect(whole.body.conflicts.map((c: { code: string }) => c.code)).toContain('whole-target-reference');
    const selector = await editor.update('REQ-003', {
      verified_by: [{ target: RATE, cases: ['Rate\\Test'] }],
    });
    expect(selector.body.conflicts.map((c: { code: string }) => c.code)).toEqual(['bad-selector']);
    const target = await editor.update('REQ-003', {
      verified_by: [{ target: 'pump rate', cases: ['X/y'] }],
    });
    expect(target.body.conflicts.map((c: { code: string }) => c.code)).toContain('bad-target');
    const reasoned = await editor.update('REQ-003', {
      verified_by: [{ target: '//pump:other_test', whole: true, reason: 'one result' }],
    });
    expect(reasoned.status).toBe(200);
    expect(before.size).toBeGreaterThan(0);
  });

  test('a second parent is refused; a requirement that already has two may drop one or change otherwise', async () => {
    const { editor } = await workspace({
      requirements: [
        { id: 'REQ-004', title: 'Child', refines: 'REQ-001' },
        { id: 'REQ-005', title: 'Two parents', refines: ['REQ-001', 'REQ-002'] },
      ],
    });
    const gain = await editor.update('REQ-004', { refines: ['REQ-001', 'REQ-002'] });
    expect(gain.status).toBe(409);
    expect(gain.body.conflicts).toEqual([expect.objectContaining({ code: 'multi-parent-refines' })]);
    expect((await editor.update('REQ-005', { title: 'Two parents, renamed' })).status).toBe(200);
    expect((await editor.update('REQ-005', { refines: ['REQ-001', 'REQ-003'] })).status).toBe(409);
    expect((await editor.update('REQ-005', { refines: 'REQ-001' })).status).toBe(200);
  });
});

test('an existing conflict never blocks an unrelated edit, even of an entity in the conflict', async () => {
  const { dir, editor } = await workspace({ req3Claims: [{ target: RATE, cases: ['RateTest/rejects'] }] });
  const state = (await editor.call('GET', '/api/cases?state=quarantined')).body.cases;
  expect(state).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ path: 'RateTest/rejects', quarantine: 'shared-case' }),
    ]),
  );
  expect((await editor.update('REQ-002', { title: 'Limits, renamed' })).status).toBe(200);
  expect((await editor.update('REQ-003', { title: 'Alarm, renamed' })).status).toBe(200);
  const renamed = await editor.call('POST', '/api/entities/REQ-003/rename', {
    id: 'REQ-030',
    version: await editor.version('REQ-003'),
  });
  expect(renamed.status).toBe(200);
  expect((await modelData(dir, 'REQ-030')).title).toBe('Alarm, renamed');
});

test('hybrid mode: a claim that takes a case from its tag saves with the notice takes-from-tag', async () => {
  const { editor } = await workspace({ hybrid: true });
  const before = (await editor.call('GET', `/api/cases?target=${encodeURIComponent(RATE)}&q=tagged`)).body
    .cases;
  expect(before).toEqual([expect.objectContaining({ owner: 'REQ-003', basis: 'tag' })]);
  const data = (await editor.call('GET', '/api/entities/REQ-001')).body.entity.data;
  const claims = [{ target: RATE, cases: ['RateTest/accepts', 'RateTest/rejects', 'RateTest/tagged'] }];
  const checked = await editor.call('POST', '/api/entities/REQ-001/precheck', {
    data: { ...data, verified_by: claims },
  });
  expect(checked.body.ok).toBe(true);
  expect(checked.body.notices).toEqual([
    expect.objectContaining({
      code: 'takes-from-tag',
      case: { target: RATE, path: 'RateTest/tagged' },
      owner: 'REQ-003',
    }),
  ]);
  const saved = await editor.update('REQ-001', { verified_by: claims });
  expect(saved.status).toBe(200);
  expect(saved.body.notices).toEqual([expect.objectContaining({ code: 'takes-from-tag', owner: 'REQ-003' })]);
});

describe('moving a case', () => {
  test('a multi-tag case cannot be moved', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const reply = await editor.call('POST', '/api/cases/move', {
      case: { target: RATE, path: 'RateTest/multi' },
      to: 'REQ-003',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.conflicts).toEqual([
      expect.objectContaining({ code: 'multi-tag', entities: ['REQ-001', 'REQ-002'] }),
    ]);
    expect(await treeOf(dir)).toEqual(before);
  });

  test('dry run first, then the move: the literal selector moves and the lock entry is re-locked in one write', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const body = { case: { target: RATE, path: 'RateTest/accepts' }, to: 'REQ-003' };
    const dry = await editor.call('POST', '/api/cases/move', { ...body, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dry_run: true,
      from: 'REQ-001',
      to: 'REQ-003',
      givers: ['REQ-001'],
      relocked: true,
    });
    expect(dry.body.files.sort()).toEqual(['requirements.yaml', 'rr.lock.json']);
    expect(await treeOf(dir)).toEqual(before);
    const moved = await editor.call('POST', '/api/cases/move', body);
    expect(moved.status).toBe(200);
    expect((await modelData(dir, 'REQ-001')).verified_by).toEqual([
      { target: RATE, cases: ['RateTest/rejects'] },
    ]);
    expect((await modelData(dir, 'REQ-003')).verified_by).toEqual([
      { target: RATE, cases: ['RateTest/accepts'] },
    ]);
    expect(JSON.parse(await readFile(join(dir, 'rr.lock.json'), 'utf8')).cases).toEqual([
      { target: RATE, path: 'RateTest/accepts', owner: 'REQ-003' },
      { target: RATE, path: 'RateTest/rejects', owner: 'REQ-001' },
    ]);
    const ledger = (await editor.call('GET', '/api/cases?q=accepts')).body.cases;
    expect(ledger).toEqual([expect.objectContaining({ owner: 'REQ-003', lock_status: 'locked' })]);
  });

  test('a glob that selects the case is rewritten into the other cases it selects, only with expand', async () => {
    const { dir, editor } = await workspace();
    const before = await treeOf(dir);
    const body = { case: { target: LIMIT, path: 'LimitTest/low' }, to: 'REQ-003' };
    const asked = await editor.call('POST', '/api/cases/move', body);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      code: 'needs-expand',
      expansions: [{ entity: 'REQ-002', selector: 'LimitTest/*', becomes: ['LimitTest/high'] }],
    });
    expect(await treeOf(dir)).toEqual(before);
    const moved = await editor.call('POST', '/api/cases/move', { ...body, expand: true });
    expect(moved.status).toBe(200);
    expect((await modelData(dir, 'REQ-002')).verified_by).toEqual([
      { target: LIMIT, cases: ['LimitTest/high'] },
    ]);
    expect((await modelData(dir, 'REQ-003')).verified_by).toEqual([
      { target: LIMIT, cases: ['LimitTest/low'] },
    ]);
  });

  test('to none: the claim gives the case up and the lock entry is dropped; a tag owner makes the move fail', async () => {
    const { dir, editor } = await workspace({ hybrid: true });
    const none = await editor.call('POST', '/api/cases/move', {
      case: { target: RATE, path: 'RateTest/rejects' },
      to: null,
    });
    expect(none.status).toBe(200);
    expect(JSON.parse(await readFile(join(dir, 'rr.lock.json'), 'utf8')).cases).toEqual([
      { target: RATE, path: 'RateTest/accepts', owner: 'REQ-001' },
    ]);
    const before = await treeOf(dir);
    const tagged = await editor.call('POST', '/api/cases/move', {
      case: { target: RATE, path: 'RateTest/tagged' },
      to: null,
    });
    expect(tagged.status).toBe(200); // nobody claims it: nothing to give up, no edit
    expect(tagged.body.files).toEqual([]);
    const away = await editor.call('POST', '/api/cases/move', {
      case: { target: RATE, path: 'RateTest/accepts' },
      to: null,
    });
    expect(away.status).toBe(200);
    expect(await treeOf(dir)).not.toEqual(before);
  });
});
