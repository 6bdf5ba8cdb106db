// Flaky rules (docs/evidence.md, "Runs, attempts and flakiness"): the last run or attempt decides the
// result; an earlier failure or error under a final pass makes the case flaky.
import { describe, expect, it } from 'vitest';
import { ingest, ofRule, rows, suiteOf, target } from './evidence-dir.js';

describe('runs (--runs_per_test)', () => {
  it('passed in all runs → passed; failed then passed → flaky; failed last → failed', async () => {
    const evidence = await ingest({
      'p/t/run_1_of_3/test.xml': suiteOf({
        always: '',
        once: 'failure',
        late: '',
        never: 'failure',
        crash: 'error',
      }),
      'p/t/run_2_of_3/test.xml': suiteOf({ always: '', once: '', late: '', never: 'failure', crash: '' }),
      'p/t/run_3_of_3/test.xml': suiteOf({
        always: '',
        once: '',
        late: 'failure',
        never: 'failure',
        crash: '',
      }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/always', result: 'passed' },
      { path: 'S/crash', result: 'passed', flaky: true, message: 'crash error' },
      { path: 'S/late', result: 'failed', message: 'late failure' },
      { path: 'S/never', result: 'failed', message: 'never failure' },
      { path: 'S/once', result: 'passed', flaky: true, message: 'once failure' },
    ]);
    expect(target(evidence, '//p:t').cases[0]!.sources).toEqual([
      'p/t/run_1_of_3/test.xml',
      'p/t/run_2_of_3/test.xml',
      'p/t/run_3_of_3/test.xml',
    ]);
  });

  it('orders runs by number, not by name (run_10 after run_9)', async () => {
    const runs: Record<string, string> = {};
    for (let i = 1; i <= 10; i++)
      runs[`p/t/run_${i}_of_10/test.xml`] = suiteOf({ x: i === 10 ? '' : 'failure' });
    expect(rows(await ingest(runs), '//p:t')).toEqual([
      { path: 'S/x', result: 'passed', flaky: true, message: 'x failure' },
    ]);
  });

  it('a skipped last run is skipped, not flaky', async () => {
    const evidence = await ingest({
      'p/t/run_1_of_2/test.xml': suiteOf({ x: 'failure' }),
      'p/t/run_2_of_2/test.xml': suiteOf({ x: 'skipped' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/x', result: 'skipped', message: 'x skipped' }]);
  });

  it('shards and runs together: shard_N_of_M_run_K_of_L', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2_run_1_of_2/test.xml': suiteOf({ a: 'failure' }),
      'p/t/shard_1_of_2_run_2_of_2/test.xml': suiteOf({ a: '' }),
      'p/t/shard_2_of_2_run_1_of_2/test.xml': suiteOf({ b: '' }),
      'p/t/shard_2_of_2_run_2_of_2/test.xml': suiteOf({ b: 'failure' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/a', result: 'passed', flaky: true, message: 'a failure' },
      { path: 'S/b', result: 'failed', message: 'b failure' },
    ]);
    expect(evidence.diagnostics).toEqual([]);
  });
});

describe('attempts (--flaky_test_attempts)', () => {
  it('a case that failed or errored in an earlier attempt and passed in test.xml is flaky', async () => {
    const evidence = await ingest({
      'p/t/test_attempts/attempt_1.xml': suiteOf({ f: 'failure', e: 'error', ok: '', s: 'failure' }),
      'p/t/test_attempts/attempt_1.log': 'attempt 1 failed',
      'p/t/test.xml': suiteOf({ f: '', e: '', ok: '', s: 'skipped' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/e', result: 'passed', flaky: true, message: 'e error' },
      { path: 'S/f', result: 'passed', flaky: true, message: 'f failure' },
      { path: 'S/ok', result: 'passed' },
      { path: 'S/s', result: 'skipped', message: 's skipped' },
    ]);
  });

  it('failing in every attempt stays failed and is not flaky', async () => {
    const evidence = await ingest({
      'p/t/test_attempts/attempt_1.xml': suiteOf({ x: 'failure' }),
      'p/t/test_attempts/attempt_2.xml': suiteOf({ x: 'error' }),
      'p/t/test.xml': suiteOf({ x: 'failure' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/x', result: 'failed', message: 'x failure' }]);
  });

  it('orders attempts by number: the latest failure explains a flaky pass', async () => {
    const attempt = (message: string) =>
      `<testsuites><testsuite name="S"><testcase classname="S" name="x"><failure message="${message}"/></testcase></testsuite></testsuites>`;
    const evidence = await ingest({
      'p/t/test_attempts/attempt_10.xml': attempt('tenth'),
      'p/t/test_attempts/attempt_2.xml': attempt('second'),
      'p/t/test.xml': suiteOf({ x: '' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/x', result: 'passed', flaky: true, message: 'tenth' },
    ]);
  });

  it('attempts inside shard and run folders belong to their shard and run', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2/test_attempts/attempt_1.xml': suiteOf({ a: 'failure' }),
      'p/t/shard_1_of_2/test.xml': suiteOf({ a: '' }),
      'p/t/shard_2_of_2/test.xml': suiteOf({ b: '' }),
      'p/u/run_1_of_2/test_attempts/attempt_1.xml': suiteOf({ c: 'error' }),
      'p/u/run_1_of_2/test.xml': suiteOf({ c: 'failure' }),
      'p/u/run_2_of_2/test.xml': suiteOf({ c: '' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/a', result: 'passed', flaky: true, message: 'a failure' },
      { path: 'S/b', result: 'passed' },
    ]);
    expect(rows(evidence, '//p:u')).toEqual([
      { path: 'S/c', result: 'passed', flaky: true, message: 'c failure' },
    ]);
  });

  it('ignores other files in test_attempts/', async () => {
    const evidence = await ingest({
      'p/t/test_attempts/attempt_1.outputs/report.xml': suiteOf({ x: 'failure' }),
      'p/t/test_attempts/notes.xml': suiteOf({ x: 'failure' }),
      'p/t/test.xml': suiteOf({ x: '' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/x', result: 'passed' }]);
    expect(evidence.diagnostics).toEqual([]);
  });

  it('a flaky pass needs a failure; a pass after a skip is just passed', async () => {
    const evidence = await ingest({
      'p/t/test_attempts/attempt_1.xml': suiteOf({ x: 'skipped' }),
      'p/t/test.xml': suiteOf({ x: '' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/x', result: 'passed' }]);
  });
});

describe('duplicates', () => {
  it('the same case twice in one file is duplicate-case and keeps the worse result', async () => {
    const evidence = await ingest({
      'p/t/test.xml': [
        '<testsuites>',
        '  <testsuite name="S">',
        '    <testcase classname="S" name="x"/>',
        '    <testcase classname="S" name="x"><failure message="second"/></testcase>',
        '    <testcase classname="S" name="y"><error message="first"/></testcase>',
        '  </testsuite>',
        '  <testsuite name="T">',
        '    <testcase classname="S" name="y"><failure message="again"/></testcase>',
        '    <testcase name="z"/>',
        '    <testcase name="z"><skipped/></testcase>',
        '  </testsuite>',
        '</testsuites>',
      ].join('\n'),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/x', result: 'failed', message: 'second' },
      { path: 'S/y', result: 'error', message: 'first' },
      { path: 'T/z', result: 'passed' },
    ]);
    expect(ofRule(evidence, 'duplicate-case')).toEqual([
      {
        rule: 'duplicate-case',
        severity: 'warning',
        file: 'p/t/test.xml',
        line: 4,
        message:
          'case "S/x" appears more than once in one run (first at line 3); the worse result (failed) is kept',
      },
      {
        rule: 'duplicate-case',
        severity: 'warning',
        file: 'p/t/test.xml',
        line: 8,
        message:
          'case "S/y" appears more than once in one run (first at line 5); the worse result (error) is kept',
      },
      {
        rule: 'duplicate-case',
        severity: 'warning',
        file: 'p/t/test.xml',
        line: 10,
        message:
          'case "T/z" appears more than once in one run (first at line 9); the worse result (passed) is kept',
      },
    ]);
  });

  it('the same case in two runs or attempts is no duplicate', async () => {
    const evidence = await ingest({
      'p/t/run_1_of_2/test.xml': suiteOf({ x: '' }),
      'p/t/run_2_of_2/test.xml': suiteOf({ x: '' }),
    });
    expect(ofRule(evidence, 'duplicate-case')).toEqual([]);
  });

  it('the same case in two shards is duplicate-case and keeps the worse result', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2/test.xml': suiteOf({ x: '' }),
      'p/t/shard_2_of_2/test.xml': suiteOf({ x: 'failure' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/x', result: 'failed', message: 'x failure' }]);
    expect(ofRule(evidence, 'duplicate-case').map((d) => [d.file, d.line, d.message])).toEqual([
      [
        'p/t/shard_2_of_2/test.xml',
        4,
        'case "S/x" of //p:t is reported by both p/t/shard_1_of_2/test.xml and p/t/shard_2_of_2/test.xml; ' +
          'the worse result (failed) is kept',
      ],
    ]);
  });
});
