// Acting on findings over HTTP against a real editor: note, create (form, then confirmed), update,
// worksheet, dismiss. Each write is the checked, surgical save of a form; nothing is written before a
// finding is applied, and nothing applied may set verified_by or validated_by (409).
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../edit/edit-fixture.js';
import { RATE, runJob, startAgents, type AgentsSetup } from './agents-fixture.js';

const MODEL_FILE = (root: string) => join(root, 'model', 'model.yaml');

/** An assistant job whose answer proposes a create, an update, a note, and a plain whole-model finding. */
async function assistantJob(setup: AgentsSetup) {
  setup.fake.script.push({
    kind: 'answer',
    json: {
      summary: '',
      findings: [
        {
          severity: 'info',
          category: 'change',
          entity: null,
          detail: 'Add the bolus limit',
          proposal: {
            type: 'create',
            kind: 'requirement',
            fields: [
              { field: 'title', value: 'Bolus limit' },
              { field: 'description', value: 'The pump shall limit a bolus to 5 mL.' },
              { field: 'satisfies', value: 'UN-001' },
            ],
          },
        },
        {
          severity: 'info',
          category: 'change',
          entity: 'REQ-002',
          detail: 'Retitle REQ-002',
          proposal: {
            type: 'update',
            entity: 'REQ-002',
            fields: [{ field: 'title', value: 'Rate and volume display' }],
          },
        },
        {
          severity: 'info',
          category: 'change',
          entity: 'REQ-001',
          detail: 'Ask about the tone',
          proposal: { type: 'note', entity: 'REQ-001', kind: 'question', text: 'Which alarm tone?' },
        },
        {
          severity: 'warning',
          category: 'change',
          entity: null,
          detail: 'The model has no bolus need',
          proposal: null,
        },
        {
          severity: 'info',
          category: 'change',
          entity: 'REQ-001',
          detail: 'The rate limit check should name its threshold',
          proposal: { type: 'note', entity: 'MIT-001', kind: 'todo', text: 'Name the 999 mL/h threshold.' },
        },
        {
          severity: 'info',
          category: 'change',
          entity: null,
          detail: 'Who owns the display?',
          proposal: { type: 'note', entity: 'REQ-002', kind: 'question', text: 'Which team owns it?' },
        },
      ],
    },
  });
  const job = await runJob(setup.editor, { workflow: 'assistant', description: 'Add a bolus limit.' });
  expect(job.state).toBe('done');
  const [create, update, note, whole, elsewhere, wholeWithNote] = job.findings;
  return { job, create, update, note, whole, elsewhere, wholeWithNote };
}

test('nothing is written by a job; a note proposal is added as a note through the checked save', async () => {
  const setup = await startAgents();
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const { note } = await assistantJob(setup);
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
  const applied = await setup.editor.call(
    'POST',
    `/api/findings/${note.id}/apply`,
    { action: 'note' },
    { 'x-rr-author': 'Ada <ada@example.com>' },
  );
  expect(applied.status).toBe(201);
  expect(applied.body).toMatchObject({
    ok: true,
    note: 'n1',
    files: ['model/model.yaml'],
    changed: ['REQ-001'],
  });
  expect(applied.body.finding).toMatchObject({
    state: 'applied',
    applied: { action: 'note', entity: 'REQ-001', note: 'n1' },
  });
  const after = parse(await readFile(MODEL_FILE(setup.root), 'utf8'));
  expect(after.requirements[0].notes).toEqual([
    {
      id: 'n1',
      kind: 'question',
      status: 'open',
      text: 'Which alarm tone?',
      author: 'Ada <ada@example.com>',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    },
  ]);
  // The note joins the work queue; the finding is closed.
  const queue = (await setup.editor.call('GET', '/api/queue?entity=REQ-001')).body.gaps;
  expect(queue.some((g: { kind: string }) => g.kind === 'note:question')).toBe(true);
  const again = await setup.editor.call('POST', `/api/findings/${note.id}/apply`, { action: 'note' });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('finding-closed');
});

test("a note proposal lands on the proposal's entity, not the finding's; a named entity wins over both", async () => {
  const setup = await startAgents();
  const { elsewhere, wholeWithNote } = await assistantJob(setup);
  // About REQ-001, proposing a note on MIT-001: the note goes on MIT-001, with the proposed text.
  const applied = await setup.editor.call('POST', `/api/findings/${elsewhere.id}/apply`, { action: 'note' });
  expect(applied.status).toBe(201);
  expect(applied.body.finding.applied).toMatchObject({ action: 'note', entity: 'MIT-001' });
  const after = parse(await readFile(MODEL_FILE(setup.root), 'utf8'));
  expect(after.mitigations[0].notes).toEqual([
    expect.objectContaining({ kind: 'todo', text: 'Name the 999 mL/h threshold.' }),
  ]);
  expect(after.requirements[0].notes).toBeUndefined();
  // A whole-model finding with a note proposal needs no chosen entity; a chosen one still wins.
  const chosen = await setup.editor.call('POST', `/api/findings/${wholeWithNote.id}/apply`, {
    action: 'note',
    entity: 'REQ-003',
  });
  expect(chosen.status).toBe(201);
  expect(chosen.body.finding.applied.entity).toBe('REQ-003');
  const final = parse(await readFile(MODEL_FILE(setup.root), 'utf8'));
  expect(final.requirements[2].notes).toEqual([
    expect.objectContaining({ kind: 'question', text: 'Which team owns it?' }),
  ]);
  expect(final.requirements[1].notes).toBeUndefined();
});

test('a whole-model finding with a note proposal is added without naming an entity', async () => {
  const setup = await startAgents();
  const { wholeWithNote } = await assistantJob(setup);
  const applied = await setup.editor.call('POST', `/api/findings/${wholeWithNote.id}/apply`, {
    action: 'note',
  });
  expect(applied.status).toBe(201);
  expect(applied.body.finding.applied.entity).toBe('REQ-002');
});

test('a whole-model finding becomes a note only on a chosen entity, of kind gap, todo or question', async () => {
  const setup = await startAgents();
  const { whole } = await assistantJob(setup);
  const unchosen = await setup.editor.call('POST', `/api/findings/${whole.id}/apply`, { action: 'note' });
  expect(unchosen.status).toBe(400);
  expect(unchosen.body.message).toContain('choose the entity');
  const badKind = await setup.editor.call('POST', `/api/findings/${whole.id}/apply`, {
    action: 'note',
    entity: 'UN-001',
    kind: 'comment',
  });
  expect(badKind.status).toBe(400);
  const unknown = await setup.editor.call('POST', `/api/findings/${whole.id}/apply`, {
    action: 'note',
    entity: 'UN-404',
  });
  expect(unknown.status).toBe(404);
  const applied = await setup.editor.call('POST', `/api/findings/${whole.id}/apply`, {
    action: 'note',
    entity: 'UN-001',
    kind: 'todo',
  });
  expect(applied.status).toBe(201);
  const after = parse(await readFile(MODEL_FILE(setup.root), 'utf8'));
  expect(after.user_needs[0].notes[0]).toMatchObject({ kind: 'todo', text: 'The model has no bolus need' });
});

test('create answers the pre-filled form without writing, then creates what the person confirmed', async () => {
  const setup = await startAgents();
  const { create } = await assistantJob(setup);
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const form = await setup.editor.call('POST', `/api/findings/${create.id}/apply`, { action: 'create' });
  expect(form.status).toBe(200);
  expect(form.body).toMatchObject({
    action: 'create',
    written: false,
    form: {
      kind: 'requirement',
      id: 'REQ-004',
      file: 'model/model.yaml',
      data: { title: 'Bolus limit', satisfies: 'UN-001' },
    },
  });
  expect(form.body.finding.state).toBe('open');
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
  const refused = await setup.editor.call('POST', `/api/findings/${create.id}/apply`, {
    action: 'create',
    data: { ...form.body.form.data, verified_by: [{ target: RATE, cases: ['RateTest/orphan'] }] },
  });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'protected-field', field: 'verified_by' });
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
  const created = await setup.editor.call('POST', `/api/findings/${create.id}/apply`, {
    action: 'create',
    data: { ...form.body.form.data, title: 'Bolus volume limit' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    entity: { id: 'REQ-004' },
    changed: ['REQ-004'],
    finding: { state: 'applied' },
  });
  const after = await readFile(MODEL_FILE(setup.root), 'utf8');
  // Surgical: the old text is kept byte for byte, the new requirement follows its siblings.
  expect(parse(after).requirements[3]).toEqual({
    id: 'REQ-004',
    title: 'Bolus volume limit',
    description: 'The pump shall limit a bolus to 5 mL.',
    satisfies: 'UN-001',
  });
  expect(after.replace(/\n {2}- id: REQ-004\n(?: {4}.*\n)+/, '\n')).toBe(before);
});

test('create writes to the model file the person picked in the form, not the default one', async () => {
  const setup = await startAgents({
    sources: {
      'model/more.yaml':
        'schema_version: 1\nrequirements:\n  - id: REQ-010\n    title: Occlusion alarm\n    satisfies: UN-001\n',
    },
  });
  const { create } = await assistantJob(setup);
  const form = await setup.editor.call('POST', `/api/findings/${create.id}/apply`, { action: 'create' });
  expect(form.body.form.file).toBe('model/model.yaml');
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const created = await setup.editor.call('POST', `/api/findings/${create.id}/apply`, {
    action: 'create',
    data: form.body.form.data,
    file: 'model/more.yaml',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.files).toEqual(['model/more.yaml']);
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
  const more = parse(await readFile(join(setup.root, 'model', 'more.yaml'), 'utf8'));
  expect(more.requirements.map((r: { title: string }) => r.title)).toEqual([
    'Occlusion alarm',
    'Bolus limit',
  ]);
});

test('update writes the changed field only; verified_by in amended fields is 409; a stale version is 409', async () => {
  const setup = await startAgents();
  const { update } = await assistantJob(setup);
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const refused = await setup.editor.call('POST', `/api/findings/${update.id}/apply`, {
    action: 'update',
    fields: { title: 'x', validated_by: [] },
  });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'protected-field', field: 'validated_by' });
  const applied = await setup.editor.call('POST', `/api/findings/${update.id}/apply`, { action: 'update' });
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({
    changed: ['REQ-002'],
    files: ['model/model.yaml'],
    finding: { state: 'applied' },
  });
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(
    before.replace('title: Rate display\n', 'title: Rate and volume display\n'),
  );
});

test('an update over an entity changed since the job read it is a stale-version conflict; nothing is written', async () => {
  const setup = await startAgents();
  const { update } = await assistantJob(setup);
  expect((await setup.editor.update('REQ-002', { description: 'Shown on the main screen.' })).status).toBe(
    200,
  );
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const stale = await setup.editor.call('POST', `/api/findings/${update.id}/apply`, { action: 'update' });
  expect(stale.status).toBe(409);
  expect(stale.body.code).toBe('stale-version');
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
  expect((await setup.editor.call('GET', `/api/findings/${update.id}`)).body.state).toBe('open');
});

test('an update that would break a one-owner check is refused with its conflicts, as a form save is', async () => {
  const setup = await startAgents();
  setup.fake.script.push({
    kind: 'answer',
    json: {
      summary: '',
      findings: [
        {
          severity: 'info',
          category: 'change',
          entity: 'REQ-002',
          detail: 'refine REQ-001 too',
          proposal: {
            type: 'update',
            entity: 'REQ-002',
            fields: [{ field: 'refines', value: ['REQ-001', 'REQ-003'] }],
          },
        },
      ],
    },
  });
  const job = await runJob(setup.editor, { workflow: 'assistant', description: 'REQ-002 refines both.' });
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const refused = await setup.editor.call('POST', `/api/findings/${job.findings[0].id}/apply`, {
    action: 'update',
  });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('one-owner');
  expect(refused.body.conflicts.map((c: { code: string }) => c.code)).toContain('multi-parent-refines');
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
});

test('actions that do not fit the proposal are 409 no-proposal; dismiss closes a finding without writing', async () => {
  const setup = await startAgents();
  const { note, whole, update } = await assistantJob(setup);
  for (const action of ['create', 'update', 'worksheet']) {
    const r = await setup.editor.call('POST', `/api/findings/${note.id}/apply`, { action });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('no-proposal');
  }
  expect(
    (await setup.editor.call('POST', `/api/findings/${whole.id}/apply`, { action: 'bogus' })).status,
  ).toBe(400);
  expect((await setup.editor.call('POST', '/api/findings/f-none/apply', { action: 'note' })).status).toBe(
    404,
  );
  const before = await readFile(MODEL_FILE(setup.root), 'utf8');
  const dismissed = await setup.editor.call('POST', `/api/findings/${update.id}/dismiss`, {
    reason: '  The display title is fixed by marketing.  ',
  });
  expect(dismissed.status).toBe(200);
  expect(dismissed.body.finding).toMatchObject({
    state: 'dismissed',
    dismissed: { reason: 'The display title is fixed by marketing.', at: expect.any(String) },
  });
  // Kept with the finding and exported with its job.
  const job = (await setup.editor.call('GET', `/api/agents/jobs/${update.job}`)).body;
  expect(job.findings.find((f: { id: string }) => f.id === update.id).dismissed).toMatchObject({
    reason: 'The display title is fixed by marketing.',
  });
  const plain = await setup.editor.call('POST', `/api/findings/${whole.id}/dismiss`, {});
  expect(plain.body.finding.dismissed).toMatchObject({ reason: null });
  expect(
    (await setup.editor.call('POST', `/api/findings/${update.id}/apply`, { action: 'update' })).body.code,
  ).toBe('finding-closed');
  expect((await setup.editor.call('POST', `/api/findings/${update.id}/dismiss`, {})).status).toBe(409);
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(before);
});

test('a case-owner proposal goes to the worksheet, as proposed, reason and proposed_by, never an owner', async () => {
  const setup = await startAgents();
  setup.fake.script.push({
    kind: 'answer',
    json: {
      assignments: [
        { target: RATE, path: 'RateTest/orphan', proposed: 'REQ-001', reason: 'checks the limit' },
      ],
    },
  });
  const job = await runJob(setup.editor, { workflow: 'assign-test-cases' });
  const finding = job.findings.find((f: { category: string }) => f.category === 'case-owner');
  const modelBefore = await readFile(MODEL_FILE(setup.root), 'utf8');
  const outside = await setup.editor.call('POST', `/api/findings/${finding.id}/apply`, {
    action: 'worksheet',
    path: '../x.rrplan',
  });
  expect(outside.status).toBe(400);
  expect(outside.body.message).toContain('inside the checkout');
  const written = await setup.editor.call('POST', `/api/findings/${finding.id}/apply`, {
    action: 'worksheet',
    path: 'plans/cases.rrplan',
  });
  expect(written.status).toBe(200);
  expect(written.body).toMatchObject({
    action: 'worksheet',
    written: true,
    path: 'plans/cases.rrplan',
    rows: 1,
  });
  const sheet = parse(await readFile(join(setup.root, 'plans', 'cases.rrplan'), 'utf8'));
  expect(sheet.cases).toEqual([
    expect.objectContaining({
      target: RATE,
      path: 'RateTest/orphan',
      proposed: 'REQ-001',
      reason: 'checks the limit',
      proposed_by: 'assign-test-cases (claude-opus-5-5)',
    }),
  ]);
  expect(sheet.cases[0]).not.toHaveProperty('owner');
  expect(await readFile(MODEL_FILE(setup.root), 'utf8')).toBe(modelBefore);
});

test('the worksheet option writes every case-owner proposal of the job when it is done', async () => {
  const setup = await startAgents();
  setup.fake.script.push({
    kind: 'answer',
    json: {
      assignments: [
        { target: RATE, path: 'RateTest/orphan', proposed: 'REQ-001', reason: 'checks the limit' },
        { target: RATE, path: 'RateTest/shared', proposed: null, reason: 'verifies nothing' },
      ],
    },
  });
  const job = await runJob(setup.editor, { workflow: 'assign-test-cases', worksheet: 'cases.rrplan' });
  expect(job.state).toBe('done');
  expect(job.worksheet_written).toEqual({ path: 'cases.rrplan', rows: 2 });
  const sheet = parse(await readFile(join(setup.root, 'cases.rrplan'), 'utf8'));
  expect(sheet.cases.map((c: { path: string; proposed: string | null }) => [c.path, c.proposed])).toEqual([
    ['RateTest/orphan', 'REQ-001'],
    ['RateTest/shared', null],
  ]);
  const bad = await setup.editor.call('POST', '/api/agents/run', {
    workflow: 'assign-test-cases',
    worksheet: 'cases.txt',
  });
  expect(bad.status).toBe(400);
});

test('worksheet writes stay in the checkout: no symbolic link out, no .git, through the action and the job option', async () => {
  const setup = await startAgents();
  const outside = await tempDir();
  await writeFile(join(outside, 'taken.rrplan'), 'not yours\n');
  await symlink(outside, join(setup.root, 'plans-out'));
  await symlink(join(outside, 'taken.rrplan'), join(setup.root, 'linked.rrplan'));
  await symlink(join(outside, 'nowhere.rrplan'), join(setup.root, 'dangling.rrplan'));
  await mkdir(join(setup.root, '.git'));
  await symlink(join(setup.root, '.git'), join(setup.root, 'gitlink'));
  const proposals = {
    kind: 'answer' as const,
    json: { assignments: [{ target: RATE, path: 'RateTest/orphan', proposed: 'REQ-001', reason: 'checks' }] },
  };
  setup.fake.script.push(proposals);
  const job = await runJob(setup.editor, { workflow: 'assign-test-cases' });
  const finding = job.findings.find((f: { category: string }) => f.category === 'case-owner');
  const write = (path: string) =>
    setup.editor.call('POST', `/api/findings/${finding.id}/apply`, { action: 'worksheet', path });
  for (const [path, why] of [
    ['plans-out/cases.rrplan', 'leads out of the repository'],
    ['linked.rrplan', 'leads out of the repository'],
    ['dangling.rrplan', 'leads nowhere'],
    ['gitlink/cases.rrplan', 'git directory'],
    ['.git/cases.rrplan', 'git directory'],
    ['sub/.GIT/cases.rrplan', 'git directory'],
  ]) {
    const refused = await write(path!);
    expect(refused.status, path).toBe(400);
    expect(refused.body.message, path).toContain(why);
  }
  expect(await readdir(outside)).toEqual(['taken.rrplan']);
  expect(await readFile(join(outside, 'taken.rrplan'), 'utf8')).toBe('not yours\n');
  expect(await readdir(join(setup.root, '.git'))).toEqual([]);
  // The finding is still open: a refused write applied nothing.
  expect((await write('plans/cases.rrplan')).status).toBe(200);

  // The job option: .git is refused at the run; a link out fails the job's write, its findings kept.
  const atRun = await setup.editor.call('POST', '/api/agents/run', {
    workflow: 'assign-test-cases',
    worksheet: '.git/cases.rrplan',
  });
  expect(atRun.status).toBe(400);
  expect(atRun.body.message).toContain('outside .git');
  setup.fake.script.push(proposals);
  const linked = await runJob(setup.editor, {
    workflow: 'assign-test-cases',
    worksheet: 'plans-out/cases.rrplan',
  });
  expect(linked.state).toBe('failed');
  expect(linked.error).toMatchObject({ code: 'bad-worksheet' });
  expect(linked.error.message).toContain('leads out of the repository');
  expect(linked.findings).toHaveLength(1);
  expect(await readdir(outside)).toEqual(['taken.rrplan']);
});
