// The worksheet round trip over the editor API (docs/worksheet.md, docs/api.md "Worksheet"): proposals
// written, a person accepts rows, accepted rows applied as checked case moves: the model file changes
// byte for byte as expected, a refused row reports its conflicts and writes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { addWorksheetProposals } from '../../../tools/agents/worksheet/write-worksheet.js';
import { tempDir, treeOf } from '../../edit/edit-fixture.js';
import { startEditor, writeEvidence, writeModel, type Editor } from '../../editor/editor-fixture.js';

const RATE = '//pump:rate_test';
const BY = 'assign-test-cases (claude-test)';

const REQUIREMENTS = `requirements:
  - id: REQ-001
    title: Rate
    verified_by:
      - target: ${RATE}
        cases:
          - RateTest/accepts
  - id: REQ-002
    title: Limits
    verified_by:
      - target: ${RATE}
        cases: [RateTest/low*]
  - id: REQ-003
    title: Alarm # the alarm sounds
`;

async function workspace(): Promise<{ root: string; dir: string; editor: Editor; sheet: string }> {
  const root = await tempDir();
  const dir = join(root, 'model');
  const evidence = join(root, 'testlogs');
  await writeModel(dir, { 'rr.yaml': 'schema_version: 1\n', 'requirements.yaml': REQUIREMENTS });
  await writeEvidence(evidence, {
    [RATE]: [
      { path: 'RateTest/accepts' },
      { path: 'RateTest/alarm' },
      { path: 'RateTest/lowrate' },
      { path: 'RateTest/multi', tags: ['REQ-001', 'REQ-002'] },
      { path: 'RateTest/smoke' },
    ],
  });
  const sheet = join(dir, 'cases.rrplan');
  await addWorksheetProposals(sheet, [
    {
      target: RATE,
      path: 'RateTest/alarm',
      proposed: 'REQ-003',
      reason: 'asserts the alarm',
      proposed_by: BY,
    },
    { target: RATE, path: 'RateTest/multi', proposed: 'REQ-001', reason: 'mostly rate', proposed_by: BY },
    {
      target: RATE,
      path: 'RateTest/lowrate',
      proposed: 'REQ-003',
      reason: 'alarm at low rate',
      proposed_by: BY,
    },
    { target: RATE, path: 'RateTest/accepts', proposed: 'REQ-001', reason: 'rate', proposed_by: BY },
    { target: RATE, path: 'RateTest/smoke', proposed: 'REQ-002', reason: 'not sure', proposed_by: BY },
    { target: RATE, path: 'RateTest/gone', proposed: 'REQ-002', reason: 'old case', proposed_by: BY },
  ]);
  return { root, dir, editor: await startEditor(dir, { evidence }), sheet };
}

const accept = (...paths: string[]) => ({
  path: 'cases.rrplan',
  cases: paths.map((path) => ({ target: RATE, path, accepted: true })),
});

test('accepted rows are applied as case moves; a refused row reports its conflicts; others are left', async () => {
  const { dir, editor, sheet } = await workspace();
  const shown = await editor.call('GET', '/api/worksheet?path=cases.rrplan');
  expect(shown.status).toBe(200);
  expect(shown.body.rows.map((r: { path: string; state: string }) => [r.path, r.state])).toEqual([
    ['RateTest/alarm', 'proposed'],
    ['RateTest/multi', 'proposed'],
    ['RateTest/lowrate', 'proposed'],
    ['RateTest/accepts', 'in-effect'],
    ['RateTest/smoke', 'proposed'],
    ['RateTest/gone', 'no-case'],
  ]);
  expect(shown.body.rows[0].ledger).toMatchObject({ owner: null, claimed_by: [] });

  const accepted = await editor.call(
    'POST',
    '/api/worksheet/accept',
    accept('RateTest/alarm', 'RateTest/multi', 'RateTest/lowrate'),
  );
  expect(accepted.status).toBe(200);
  expect(accepted.body.counts).toMatchObject({ rows: 6, accepted: 3, in_effect: 1, no_case: 1 });
  expect(await readFile(sheet, 'utf8')).toContain(
    '    path: RateTest/alarm\n    proposed: REQ-003\n    reason: asserts the alarm\n    proposed_by: assign-test-cases (claude-test)\n    accepted: true\n',
  );

  const applied = await editor.call('POST', '/api/worksheet/apply', { path: 'cases.rrplan' });
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ applied: 1, refused: 2, dry_run: false });
  const [alarm, multi, lowrate] = applied.body.results;
  expect(alarm).toMatchObject({
    path: 'RateTest/alarm',
    outcome: 'applied',
    from: null,
    files: ['requirements.yaml'],
  });
  expect(multi).toMatchObject({ path: 'RateTest/multi', outcome: 'refused', code: 'one-owner' });
  expect(multi.conflicts[0]).toMatchObject({ code: 'multi-tag', entities: ['REQ-001', 'REQ-002'] });
  expect(lowrate).toMatchObject({ path: 'RateTest/lowrate', outcome: 'refused', code: 'needs-expand' });
  expect(lowrate.expansions[0]).toMatchObject({ entity: 'REQ-002', selector: 'RateTest/low*', becomes: [] });

  // Only the applied row changed the model, exactly there.
  expect(await readFile(join(dir, 'requirements.yaml'), 'utf8')).toBe(
    REQUIREMENTS.replace(
      '    title: Alarm # the alarm sounds\n',
      `    title: Alarm # the alarm sounds\n    verified_by:\n      - target: ${RATE}\n        cases:\n          - RateTest/alarm\n`,
    ),
  );
  const after = applied.body.worksheet.rows.map((r: { path: string; state: string }) => [r.path, r.state]);
  expect(after.slice(0, 3)).toEqual([
    ['RateTest/alarm', 'in-effect'],
    ['RateTest/multi', 'accepted'],
    ['RateTest/lowrate', 'accepted'],
  ]);
});

test('a refused row leaves every file as it was; expand lets a glob claim go', async () => {
  const { root, dir, editor } = await workspace();
  await editor.call('POST', '/api/worksheet/accept', accept('RateTest/multi', 'RateTest/lowrate'));
  const before = await treeOf(root);
  const refused = await editor.call('POST', '/api/worksheet/apply', { path: 'cases.rrplan' });
  expect(refused.body).toMatchObject({ applied: 0, refused: 2 });
  expect(await treeOf(root)).toEqual(before);

  const dry = await editor.call('POST', '/api/worksheet/apply', {
    path: 'cases.rrplan',
    expand: true,
    dry_run: true,
  });
  expect(dry.body.results[1]).toMatchObject({ outcome: 'applied', files: ['requirements.yaml'] });
  expect(await treeOf(root)).toEqual(before);

  const expanded = await editor.call('POST', '/api/worksheet/apply', { path: 'cases.rrplan', expand: true });
  expect(expanded.body.results[1]).toMatchObject({ path: 'RateTest/lowrate', outcome: 'applied' });
  const text = await readFile(join(dir, 'requirements.yaml'), 'utf8');
  expect(text).not.toContain('RateTest/low*');
  expect(text).toContain(
    `    title: Alarm # the alarm sounds\n    verified_by:\n      - target: ${RATE}\n        cases:\n          - RateTest/lowrate\n`,
  );
});

test('bad requests: a path outside the checkout, another extension, a broken worksheet', async () => {
  const { editor, sheet } = await workspace();
  expect((await editor.call('GET', '/api/worksheet?path=../x.rrplan')).status).toBe(403);
  expect((await editor.call('GET', '/api/worksheet?path=requirements.yaml')).body.code).toBe('bad-request');
  expect((await editor.call('GET', '/api/worksheet?path=none.rrplan')).status).toBe(404);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(sheet, 'rrplan: 1\ncases:\n  - target: x\n    owner: REQ-001\n');
  const broken = await editor.call('GET', '/api/worksheet');
  expect(broken.status).toBe(422);
  expect(broken.body).toMatchObject({ code: 'bad-worksheet', file: 'cases.rrplan', line: 4 });
  expect(broken.body.message).toMatch(/^cases\.rrplan:4:5: cases\.0: a worksheet records proposals/);
});
