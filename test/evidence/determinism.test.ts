// Output is deterministic: the same directory gives deep-equal evidence; targets, cases and
// diagnostics come out in code-point order whatever order the files were written in.
import { describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import type { Evidence } from '../../tools/evidence/test-case.js';
import { evidenceDir, type Files, junit, suiteOf, TESTLOGS } from './evidence-dir.js';

/** Evidence as plain data without the root, so two directories can be compared. */
function plain(evidence: Evidence): unknown {
  return { targets: [...evidence.targets.entries()], diagnostics: evidence.diagnostics };
}

describe('determinism', () => {
  it('ingesting the fixture tree twice gives deep-equal evidence', async () => {
    const first = await ingestEvidence(TESTLOGS);
    const second = await ingestEvidence(TESTLOGS);
    expect(second).toEqual(first);
    expect(JSON.stringify(plain(second))).toBe(JSON.stringify(plain(first)));
  });

  it('targets, cases and sources are in code-point order', async () => {
    const evidence = await ingestEvidence(TESTLOGS);
    const sorted = (list: string[]) =>
      [...list].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const labels = [...evidence.targets.keys()];
    expect(labels).toEqual(sorted(labels));
    for (const t of evidence.targets.values()) {
      expect(t.cases.map((c) => c.path)).toEqual(sorted(t.cases.map((c) => c.path)));
      for (const c of t.cases) expect(c.sources).toEqual(sorted(c.sources));
    }
  });

  it('orders by code point beyond the BMP, capitals before lower case', async () => {
    const files: Files = {
      'junit/r.xml': junit(
        '<testsuite name="S">',
        '<testcase classname="S" name="\u{1F600}"/>',
        '<testcase classname="S" name="\uFF5A"/>',
        '<testcase classname="S" name="b"/>',
        '<testcase classname="S" name="B"/>',
        '<testcase classname="S" name="a"/>',
        '</testsuite>',
      ),
    };
    const evidence = await ingestEvidence(await evidenceDir(files));
    expect(evidence.targets.get('suite:S')!.cases.map((c) => c.path)).toEqual([
      'S/B',
      'S/a',
      'S/b',
      'S/\uFF5A',
      'S/\u{1F600}',
    ]);
  });

  it('the order files were written in does not matter', async () => {
    const files: Files = {
      'z/t/shard_2_of_2/test.xml': suiteOf({ b: 'failure', a: '' }),
      'z/t/shard_1_of_2/test.xml': suiteOf({ a: 'failure', c: '' }),
      'a/t/run_2_of_2/test.xml': suiteOf({ x: '' }),
      'a/t/run_1_of_2/test.xml': suiteOf({ x: 'error' }),
      'junit/b.xml': suiteOf({ y: 'skipped' }, 'Q'),
      'junit/a.xml': suiteOf({ y: '' }, 'Q'),
      'records/r.json': '{"cases": [{"path": "b", "result": "passed"}, {"path": "a", "result": "failed"}]}',
    };
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const one = await ingestEvidence(await evidenceDir(files));
    const two = await ingestEvidence(await evidenceDir(reversed));
    expect(plain(two)).toEqual(plain(one));
    expect(one.diagnostics.map((d) => d.file)).toEqual(['junit/b.xml', 'z/t/shard_2_of_2/test.xml']);
  });
});
