// The attribution worksheet file (docs/worksheet.md): written whole when new, changed surgically after
// (a person's accepted marks and comments keep their bytes), and read with errors naming file:line.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readWorksheet } from '../../../tools/agents/worksheet/read-worksheet.js';
import { WorksheetError } from '../../../tools/agents/worksheet/worksheet-error.js';
import {
  addWorksheetProposals,
  setWorksheetAccepted,
} from '../../../tools/agents/worksheet/write-worksheet.js';
import type { WorksheetProposal } from '../../../tools/agents/worksheet/worksheet.js';
import { tempDir } from '../../edit/edit-fixture.js';

const BY = 'assign-test-cases (claude-test)';

function proposal(path: string, proposed: string | null, reason: string): WorksheetProposal {
  return { target: '//pump:rate_test', path, proposed, reason, proposed_by: BY };
}

const HEADER = `# rr attribution worksheet (docs/worksheet.md): proposed owners of test cases, never decided ones.
# Review each row; set \`accepted: true\` on the proposals you agree with, then apply them with
# \`rr cases --worksheet FILE --apply-accepted\` or on the editor's Worksheet page.
`;

describe('writing proposals', () => {
  test('a new worksheet holds one row per case, none accepted', async () => {
    const file = join(await tempDir(), 'cases.rrplan');
    const written = await addWorksheetProposals(file, [
      proposal('RateTest/accepts', 'REQ-001', 'asserts the rate limit: 10 ml/h'),
      proposal('RateTest/smoke', null, 'starts the pump; checks no requirement'),
    ]);
    expect(written).toMatchObject({ created: true, added: 2, updated: 0, kept: [] });
    expect(await readFile(file, 'utf8')).toBe(
      HEADER +
        `rrplan: 1
cases:
  - target: //pump:rate_test
    path: RateTest/accepts
    proposed: REQ-001
    reason: "asserts the rate limit: 10 ml/h"
    proposed_by: assign-test-cases (claude-test)
    accepted: false
  - target: //pump:rate_test
    path: RateTest/smoke
    proposed: null
    reason: starts the pump; checks no requirement
    proposed_by: assign-test-cases (claude-test)
    accepted: false
`,
    );
    const sheet = await readWorksheet(file);
    expect(sheet.rows.map((r) => [r.path, r.proposed, r.accepted, r.line])).toEqual([
      ['RateTest/accepts', 'REQ-001', false, 6],
      ['RateTest/smoke', null, false, 12],
    ]);
  });

  test("a re-run keeps a person's accepted rows and comments, updates the others, appends new cases", async () => {
    const file = join(await tempDir(), 'cases.rrplan');
    const reviewed = `# reviewed by Ana, 2026-11-20
rrplan: 1
cases:
  # the rate tests
  - target: //pump:rate_test
    path: RateTest/accepts
    proposed: REQ-001
    reason: asserts the rate limit
    proposed_by: assign-test-cases (old-model)
    accepted: true # checked against the test source
  - target: //pump:rate_test
    path: RateTest/rejects
    proposed: REQ-009
    reason: |
      old reasoning
    proposed_by: assign-test-cases (old-model)
    accepted: false
`;
    await writeFile(file, reviewed);
    const written = await addWorksheetProposals(file, [
      proposal('RateTest/accepts', 'REQ-002', 'a different opinion'),
      proposal('RateTest/rejects', 'REQ-001', 'rejects rates above the limit'),
      proposal('RateTest/new', 'REQ-003', 'new case'),
    ]);
    expect(written).toMatchObject({
      created: false,
      added: 1,
      updated: 1,
      unchanged: 0,
      kept: [{ target: '//pump:rate_test', path: 'RateTest/accepts' }],
    });
    expect(await readFile(file, 'utf8')).toBe(`# reviewed by Ana, 2026-11-20
rrplan: 1
cases:
  # the rate tests
  - target: //pump:rate_test
    path: RateTest/accepts
    proposed: REQ-001
    reason: asserts the rate limit
    proposed_by: assign-test-cases (old-model)
    accepted: true # checked against the test source
  - target: //pump:rate_test
    path: RateTest/rejects
    proposed: REQ-001
    reason: rejects rates above the limit
    proposed_by: assign-test-cases (claude-test)
    accepted: false
  - target: //pump:rate_test
    path: RateTest/new
    proposed: REQ-003
    reason: new case
    proposed_by: assign-test-cases (claude-test)
    accepted: false
`);
    // The same proposals again change nothing.
    const before = await readFile(file);
    const again = await addWorksheetProposals(file, [proposal('RateTest/new', 'REQ-003', 'new case')]);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await readFile(file)).toEqual(before);
  });

  test('CRLF files and an empty list keep their style', async () => {
    const file = join(await tempDir(), 'cases.rrplan');
    await writeFile(file, '# mine\r\nrrplan: 1\r\ncases: []\r\n');
    await addWorksheetProposals(file, [proposal('RateTest/a', 'REQ-001', 'r')]);
    expect(await readFile(file, 'utf8')).toBe(
      '# mine\r\nrrplan: 1\r\ncases:\r\n  - target: //pump:rate_test\r\n    path: RateTest/a\r\n    proposed: REQ-001\r\n    reason: r\r\n    proposed_by: assign-test-cases (claude-test)\r\n    accepted: false\r\n',
    );
  });
});

describe('accepting rows', () => {
  test('a mark is set in place or added as the row’s last line; nothing else changes', async () => {
    const file = join(await tempDir(), 'cases.rrplan');
    await writeFile(
      file,
      `rrplan: 1
cases:
  - target: //t:a # first
    path: S/one
    proposed: REQ-001
    reason: r1
    proposed_by: Ana
  - target: //t:a
    path: S/two
    proposed: null
    reason: r2
    proposed_by: Ana
    accepted: false # not yet
`,
    );
    await setWorksheetAccepted(file, [
      { target: '//t:a', path: 'S/one', accepted: true },
      { target: '//t:a', path: 'S/two', accepted: true },
    ]);
    expect(await readFile(file, 'utf8')).toBe(`rrplan: 1
cases:
  - target: //t:a # first
    path: S/one
    proposed: REQ-001
    reason: r1
    proposed_by: Ana
    accepted: true
  - target: //t:a
    path: S/two
    proposed: null
    reason: r2
    proposed_by: Ana
    accepted: true # not yet
`);
    await expect(
      setWorksheetAccepted(file, [{ target: '//t:a', path: 'S/nine', accepted: true }]),
    ).rejects.toThrow(/has no row for case \/\/t:a S\/nine/);
  });
});

describe('reading: problems name the file, line and remedy', () => {
  async function problem(text: string): Promise<WorksheetError> {
    const file = join(await tempDir(), 'bad.rrplan');
    await writeFile(file, text);
    const error = await readWorksheet(file).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WorksheetError);
    return error as WorksheetError;
  }
  const row = (extra: string) =>
    `rrplan: 1\ncases:\n  - target: //t:a\n    path: S/one\n    proposed: REQ-001\n    reason: r\n${extra}`;

  test('an owner field: a worksheet records proposals only', async () => {
    const e = await problem(row('    proposed_by: Ana\n    owner: REQ-001\n'));
    expect(e.message).toMatch(
      /bad\.rrplan:8:5: cases\.0: a worksheet records proposals \(proposed, reason, proposed_by\), never an owner; rename "owner" to "proposed"; see docs\/worksheet\.md/,
    );
    expect([e.line, e.column]).toEqual([8, 5]);
  });

  test('a missing field, a wrong type, an unknown version', async () => {
    expect((await problem(row(''))).message).toMatch(
      /bad\.rrplan:3:5: cases\.0: missing field "proposed_by"/,
    );
    expect((await problem(row('    proposed_by: Ana\n    accepted: yes please\n'))).message).toMatch(
      /bad\.rrplan:8:15: cases\.0\.accepted must be boolean/,
    );
    expect(
      (
        await problem(
          'rrplan: 1\ncases:\n  - {target: //t:a, path: S/x, proposed: 7, reason: r, proposed_by: A}\n',
        )
      ).message,
    ).toMatch(/:3:42: cases\.0\.proposed: must be an entity id, or null when the case verifies none/);
    expect((await problem('rrplan: 2\ncases: []\n')).message).toMatch(
      /:1:9: rrplan: this rr reads worksheet format 1/,
    );
  });

  test('a case twice, and text that is not YAML', async () => {
    const twice =
      row('    proposed_by: Ana\n') +
      '  - target: //t:a\n    path: S/one\n    proposed: null\n    reason: r\n    proposed_by: Bo\n';
    expect((await problem(twice)).message).toMatch(
      /bad\.rrplan:8:5: case \/\/t:a S\/one has a row already at line 3; keep one row per case/,
    );
    expect((await problem('rrplan: 1\ncases: [\n')).message).toMatch(/bad\.rrplan:\d+:\d+: not valid YAML/);
  });

  test('a missing file says so', async () => {
    await expect(readWorksheet(join(await tempDir(), 'none.rrplan'))).rejects.toThrow(
      /none\.rrplan: cannot be read: no such file/,
    );
  });

  test('a JSON worksheet is read too', async () => {
    const file = join(await tempDir(), 'j.rrplan');
    await writeFile(
      file,
      JSON.stringify({
        rrplan: 1,
        cases: [
          { target: '//t:a', path: 'S/x', proposed: 'REQ-1', reason: 'r', proposed_by: 'Bo', accepted: true },
        ],
      }),
    );
    expect((await readWorksheet(file)).rows[0]).toMatchObject({ proposed: 'REQ-1', accepted: true });
  });
});
