// `rr cases --worksheet FILE` (docs/worksheet.md): the proposals beside the ledger, and
// `--apply-accepted` applying accepted rows as checked case moves, each refused row reported with its
// conflicts (exit 1), a broken worksheet named at its line (exit 2).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir, treeOf } from '../edit/edit-fixture.js';
import { writeEvidence, writeModel } from '../editor/editor-fixture.js';
import { rr } from './run-cli.js';

const RATE = '//pump:rate_test';
const REQUIREMENTS = `requirements:
  - id: REQ-001
    title: Rate
    verified_by:
      - target: ${RATE}
        cases: [RateTest/accepts]
  - id: REQ-002
    title: Alarm
`;

const SHEET = `rrplan: 1
cases:
  - target: ${RATE}
    path: RateTest/alarm
    proposed: REQ-002
    reason: asserts the alarm
    proposed_by: assign-test-cases (claude-test)
    accepted: true # Ana
  - target: ${RATE}
    path: RateTest/multi
    proposed: REQ-001
    reason: rate and alarm
    proposed_by: Bo
    accepted: true
  - target: ${RATE}
    path: RateTest/smoke
    proposed: null
    reason: checks nothing stated
    proposed_by: Bo
`;

let root: string;
let args: string[];

beforeEach(async () => {
  root = await tempDir();
  // A Bazel workspace, as rr's users have: paths read from its root, not from the model's folder.
  await writeFile(join(root, 'MODULE.bazel'), '');
  await writeModel(join(root, 'model'), {
    'rr.yaml': 'schema_version: 1\n',
    'requirements.yaml': REQUIREMENTS,
  });
  await writeEvidence(join(root, 'testlogs'), {
    [RATE]: [
      { path: 'RateTest/accepts' },
      { path: 'RateTest/alarm' },
      { path: 'RateTest/multi', tags: ['REQ-001', 'REQ-002'] },
      { path: 'RateTest/smoke' },
    ],
  });
  await writeFile(join(root, 'cases.rrplan'), SHEET);
  args = ['cases', '--model', 'model', '--evidence', 'testlogs', '--worksheet', 'cases.rrplan'];
});

describe('rr cases --worksheet', () => {
  it('shows each proposal beside the case owner now', async () => {
    const shown = await rr(args, root);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      `cases.rrplan:3: ${RATE} RateTest/alarm\towner: -\tproposed: REQ-002\taccepted\tby assign-test-cases (claude-test)\n    asserts the alarm\n` +
        `cases.rrplan:9: ${RATE} RateTest/multi\towner: QUARANTINED (multi-tag)\tproposed: REQ-001\taccepted\tby Bo\n    rate and alarm\n` +
        `cases.rrplan:15: ${RATE} RateTest/smoke\towner: -\tproposed: none\tin-effect\tby Bo\n    checks nothing stated\n` +
        '3 row(s): 2 accepted to apply, 0 not accepted, 1 in effect, 0 without a case in the evidence\n',
    );
    const json = JSON.parse((await rr([...args, '--format', 'json'], root)).stdout);
    expect(json.rows[0]).toMatchObject({
      path: 'RateTest/alarm',
      proposed: 'REQ-002',
      state: 'accepted',
      ledger: { owner: null },
    });
  });

  it('applies accepted rows; the refused one is reported with its conflict and exit 1', async () => {
    const applied = await rr([...args, '--apply-accepted'], root);
    expect(applied.code).toBe(1);
    expect(applied.stdout).toContain(
      `cases.rrplan:3: ${RATE} RateTest/alarm: moved from none to REQ-002 (model/requirements.yaml)\n`,
    );
    expect(applied.stdout).toMatch(
      new RegExp(
        `cases\\.rrplan:9: ${RATE} RateTest/multi: refused \\(one-owner\\): .*\\n    multi-tag: case ${RATE} RateTest/multi is tagged with REQ-001, REQ-002`,
      ),
    );
    expect(applied.stdout).toContain('2 accepted row(s): 1 applied, 1 refused, 0 in effect already\n');
    expect(await readFile(join(root, 'model', 'requirements.yaml'), 'utf8')).toBe(
      `${REQUIREMENTS}    verified_by:\n      - target: ${RATE}\n        cases:\n          - RateTest/alarm\n`,
    );
    // The worksheet is the person's: applying does not rewrite it.
    expect(await readFile(join(root, 'cases.rrplan'), 'utf8')).toBe(SHEET);
    const again = await rr([...args, '--apply-accepted'], root);
    expect(again.stdout).toContain(`RateTest/alarm: in effect already (owner REQ-002)`);
  });

  it('a dry run writes nothing', async () => {
    const before = await treeOf(root);
    const dry = await rr([...args, '--apply-accepted', '--dry-run'], root);
    expect(dry.stdout).toContain('RateTest/alarm: would move from none to REQ-002');
    expect(await treeOf(root)).toEqual(before);
  });

  it('a broken worksheet is named at its line, exit 2; apply flags need a worksheet', async () => {
    await writeFile(
      join(root, 'cases.rrplan'),
      SHEET.replace('    proposed: REQ-002\n', '    owner: REQ-002\n'),
    );
    const broken = await rr(args, root);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      /cases\.rrplan:5:5: cases\.0: a worksheet records proposals .* rename "owner" to "proposed"/,
    );
    const usage = await rr(['cases', '--model', 'model', '--evidence', 'testlogs', '--apply-accepted'], root);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('give --worksheet FILE');
  });
});
