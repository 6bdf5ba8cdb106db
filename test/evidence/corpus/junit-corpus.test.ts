// Every file of the real-world JUnit corpus, read as a Bazel target's test.xml, must give exactly the
// cases and results that a second, independent counter finds; malformed files a clear error with file
// and line; and no file a pass for a test that did not run or lose a suite-level failure.
import { describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../../tools/evidence/ingest-evidence.js';
import type { CaseResult } from '../../../tools/evidence/test-case.js';
import { evidenceDir } from '../evidence-dir.js';
import { corpusBytes, corpusFiles, needsJunitCorpus } from './junit-corpus.js';
import { available } from '../../requirements.js';
import { countResults } from './result-counter.js';

const files = corpusFiles();

// Files rr's conforming parser (saxes) refuses and the counter's lenient validator lets through, with
// the XML 1.0 rule each breaks.
const STRICTER_THAN_COUNTER: Record<string, string> = {
  'action-junit-report/expected.xml': 'a "<" inside an attribute value (time="<<computed>>")',
};
const AS_TARGET = 'corpus/file/test.xml';

/** Whether the corpus is there (a developer's run without it skips; CI fails). */
const corpusThere = available(needsJunitCorpus());

describe.runIf(corpusThere)('the JUnit corpus, each file as a target', () => {
  it('is there', () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
  });

  it.each(files.map((f) => [f.file, f] as const))('%s', async (_, corpusFile) => {
    const evidence = await ingestEvidence(await evidenceDir({ [AS_TARGET]: corpusBytes(corpusFile.file) }));
    const stricter = STRICTER_THAN_COUNTER[corpusFile.file];
    const counted = stricter === undefined ? countResults(corpusFile.text) : { kind: 'malformed' as const };
    const cases = evidence.targets.get('//corpus:file')?.cases ?? [];
    const rules = (rule: string) => evidence.diagnostics.filter((d) => d.rule === rule);

    if (counted.kind === 'malformed') {
      // A clear error naming the file and a line, and no case from the file.
      const errors = rules('read-error').filter((d) => d.severity === 'error');
      expect(errors, JSON.stringify(evidence.diagnostics)).toHaveLength(1);
      expect(errors[0]).toMatchObject({ file: AS_TARGET, line: expect.any(Number) as number });
      expect(errors[0]!.message).toMatch(/XML|file/);
      expect(cases).toEqual([]);
      return;
    }
    // Well-formed: never an error that stops reading the file.
    expect(rules('read-error').filter((d) => d.severity === 'error')).toEqual([]);
    if (counted.kind === 'not-junit') {
      const warning = rules('read-error').find((d) => d.message.startsWith('not a JUnit XML report'));
      expect(warning?.message).toContain(`<${counted.root}>`);
      expect(cases).toEqual([]);
      return;
    }
    const { count } = counted;
    const byResult = (result: CaseResult) => cases.filter((c) => c.result === result).length;
    expect({
      cases: cases.length,
      passed: byResult('passed'),
      failed: byResult('failed'),
      error: byResult('error'),
      skipped: byResult('skipped'),
      unnamed: rules('unnamed-case').length + cases.filter((c) => c.path === 'NonTestSuiteFailure/').length,
      suiteLevel: rules('suite-failure').length,
      bySuite: count.bySuite,
    }).toEqual(count);
    // Counts equal per distinct (class, name) pair: no two testcases merged into one path. No path is
    // empty or bare, as four unnamed testcases once merged into "/".
    for (const testCase of cases) expect(testCase.path).not.toMatch(/^\/?$/);
  });
});

describe.runIf(corpusThere)('the JUnit corpus, each file as a free-standing file', () => {
  const junit = files.filter((f) => STRICTER_THAN_COUNTER[f.file] === undefined);

  it.each(junit.map((f) => [f.file, f] as const))('%s', async (_, corpusFile) => {
    const counted = countResults(corpusFile.text);
    if (counted.kind !== 'junit') return;
    const evidence = await ingestEvidence(
      await evidenceDir({ 'reports/results.xml': corpusBytes(corpusFile.file) }),
    );
    const refusals = evidence.diagnostics.filter((d) => d.rule === 'bad-target');
    if (refusals.length === 0) {
      // Every case is read, under the suite:NAME targets of the file's suites.
      const read = [...evidence.targets.values()].reduce((n, t) => n + t.cases.length, 0);
      expect(read).toBe(counted.count.bySuite);
      return;
    }
    // A refusal names the file, the line of the suite, and the two layouts that read every case.
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ file: 'reports/results.xml', line: expect.any(Number) as number });
    expect(refusals[0]!.message).toMatch(/cannot be a target: .*; \d+ cases? (is|are) not read/);
    expect(refusals[0]!.message).toContain(
      'move it to reports/results/test.xml (target //reports:results) or to records/results.xml (record:results)',
    );
  });
});
