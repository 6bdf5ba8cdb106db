// rr report over real runners' files from the JUnit corpus: a test that did not run never verifies a
// requirement, and a failure written outside any testcase fails a whole-target claim.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBytes, corpusFiles, needsJunitCorpus } from '../evidence/corpus/junit-corpus.js';
import { available } from '../requirements.js';
import { rr } from './run-cli.js';

const model = `schema_version: 1
user_needs:
  - id: UN-1
    title: Results that mean what they say
requirements:
  - id: REQ-DISABLED
    title: Verified by a tst test that is disabled
    satisfies: UN-1
    verified_by:
      - target: //cpp:factorial_test
        cases: [factorial/disabled_test]
  - id: REQ-DISABLED-AND-FAILED
    title: Verified by a case marked disabled that also failed
    satisfies: UN-1
    verified_by:
      - target: //cpp:misc_test
        cases: ["MiscTests - OS X/testSmemArithmetic"]
  - id: REQ-NESTED
    title: Verified by a JUnit 4 run whose nested suite failed to set up
    satisfies: UN-1
    verified_by:
      - target: //java:automated_test
        whole: true
        reason: the suite is one run
  - id: REQ-CLASS-LOAD
    title: Verified by a test class that failed to load
    satisfies: UN-1
    verified_by:
      - target: //java:detector_test
        whole: true
        reason: the suite is one run
`;

const evidence: Record<string, string> = {
  'cpp/factorial_test/test.xml': 'publish-unit-test-result-action/disabled.xml',
  'cpp/misc_test/test.xml': 'action-junit-report/testFailedDisabled.xml',
  'java/automated_test/test.xml': 'junit-plugin/junit-report-nested-testsuites.xml',
  'java/detector_test/test.xml': 'junit-plugin/junit-report-6700.xml',
};

/** Whether the corpus is there (a developer's run without it skips; CI fails). */
const corpusThere = available(needsJunitCorpus());

let dir: string;

beforeAll(async () => {
  if (!corpusThere) return;
  dir = await mkdtemp(join(tmpdir(), 'rr-corpus-verdicts-'));
  await writeFile(join(dir, 'model.yaml'), model);
  for (const [path, file] of Object.entries(evidence)) {
    await mkdir(dirname(join(dir, 'testlogs', path)), { recursive: true });
    await writeFile(join(dir, 'testlogs', path), corpusBytes(file));
  }
});

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe.runIf(corpusThere)('rr report over real runners’ results', () => {
  it('gives UNVERIFIED for a disabled test, FAILED where the evidence failed, and names the suite failures', async () => {
    const run = await rr([
      'report',
      '--model',
      join(dir, 'model.yaml'),
      '--evidence',
      join(dir, 'testlogs'),
      '--no-sources',
      '--format',
      'json',
    ]);
    expect(run.code, run.stderr).not.toBe(2);
    const report = JSON.parse(run.stdout) as {
      entities: { id: string; verdict: string }[];
      cases: { target: string; path: string; state: string }[];
      diagnostics: { rule: string; file?: string; line?: number; message: string }[];
    };
    const verdict = (id: string) => report.entities.find((e) => e.id === id)?.verdict;
    expect(verdict('REQ-DISABLED')).toBe('UNVERIFIED');
    expect(verdict('REQ-DISABLED-AND-FAILED')).toBe('FAILED');
    expect(verdict('REQ-NESTED')).toBe('FAILED');
    expect(verdict('REQ-CLASS-LOAD')).toBe('FAILED');
    const suiteFailures = report.diagnostics.filter((d) => d.rule === 'suite-failure');
    expect(suiteFailures.map((d) => [d.file, d.line])).toEqual([
      [join(dir, 'testlogs', 'java/automated_test/test.xml'), 9],
      [join(dir, 'testlogs', 'java/detector_test/test.xml'), 7],
    ]);
    expect(suiteFailures[1]!.message).toContain('"gda.device.detector.XHDetectorTest/(suite)"');
    expect(report.cases.filter((c) => c.path.endsWith('/(suite)')).map((c) => [c.target, c.state])).toEqual([
      ['//java:automated_test', expect.any(String)],
      ['//java:detector_test', expect.any(String)],
    ]);
  });
});

describe.runIf(corpusThere)('rr report over the whole corpus', () => {
  it('reads every file, each as a target, with exit code 0 or 1 and an error with file and line for each malformed one', async () => {
    const all = await mkdtemp(join(tmpdir(), 'rr-corpus-all-'));
    try {
      const files = corpusFiles();
      for (const [i, { file }] of files.entries()) {
        await mkdir(join(all, 'testlogs', 'corpus', `f${i}`), { recursive: true });
        await writeFile(join(all, 'testlogs', 'corpus', `f${i}`, 'test.xml'), corpusBytes(file));
      }
      await writeFile(join(all, 'model.yaml'), 'schema_version: 1\n');
      const run = await rr([
        'report',
        '--model',
        join(all, 'model.yaml'),
        '--evidence',
        join(all, 'testlogs'),
        '--no-sources',
        '--format',
        'json',
      ]);
      expect([0, 1], run.stderr).toContain(run.code);
      const report = JSON.parse(run.stdout) as {
        diagnostics: { rule: string; severity: string; file?: string; line?: number }[];
      };
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      // Only unreadable files are errors, each with its file and line (the corpus has eight).
      expect(errors.map((d) => d.rule)).toEqual(errors.map(() => 'read-error'));
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors)
        expect(error).toMatchObject({
          file: expect.stringMatching(/test\.xml$/) as string,
          line: expect.any(Number) as number,
        });
    } finally {
      await rm(all, { recursive: true, force: true });
    }
  });
});
