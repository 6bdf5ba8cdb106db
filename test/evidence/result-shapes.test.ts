// The result model (docs/evidence.md, "Results"): every result shape runners write, and the rule that
// only positive evidence that a test ran and passed reads as `passed`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownResultWords } from '../../tools/evidence/result-words.js';
import { ingest, junit, ofRule, rows } from './evidence-dir.js';

/** One suite "S" of testcases written as XML, in the target //p:t. */
async function cases(...testcases: string[]) {
  const evidence = await ingest({
    'p/t/test.xml': junit('<testsuite name="S">', ...testcases, '</testsuite>'),
  });
  return { evidence, rows: rows(evidence, '//p:t') };
}

describe('status and result attributes', () => {
  it.each([
    // googletest, tst, NUnit and xUnit converters: words that say the test ran; children decide.
    ['run', 'passed'],
    ['completed', 'passed'],
    ['passed', 'passed'],
    ['Passed', 'passed'],
    ['Success', 'passed'],
    // Did not run, or ran without a verdict: never passed.
    ['notrun', 'skipped'],
    ['disabled', 'skipped'],
    ['skipped', 'skipped'],
    ['Ignored', 'skipped'],
    ['pending', 'skipped'],
    ['Inconclusive', 'skipped'],
    ['NotRunnable', 'skipped'],
    ['suppressed', 'skipped'],
    // Failed or errored even without a <failure>/<error> child.
    ['failed', 'failed'],
    ['Failure', 'failed'],
    ['Warning', 'failed'],
    ['errored', 'error'],
    ['Error', 'error'],
    ['timeout', 'error'],
  ] as const)('status="%s" with no result element reads %s', async (word, result) => {
    const { rows: read } = await cases(`<testcase classname="C" name="t" status="${word}"/>`);
    expect(read).toEqual([
      result === 'passed' ? { path: 'C/t', result } : { path: 'C/t', result, message: `status="${word}"` },
    ]);
  });

  it('reads result="…" the same way, and the worse of status and result wins', async () => {
    const { rows: read } = await cases(
      '<testcase classname="C" name="completed" status="run" result="completed"/>',
      '<testcase classname="C" name="gtest_skip" status="run" result="skipped"/>',
      '<testcase classname="C" name="disabled" status="notrun" result="suppressed"/>',
    );
    expect(read).toEqual([
      { path: 'C/completed', result: 'passed' },
      { path: 'C/disabled', result: 'skipped', message: 'status="notrun"' },
      { path: 'C/gtest_skip', result: 'skipped', message: 'result="skipped"' },
    ]);
  });

  it('reads NUnit 2\'s executed="False" as not run', async () => {
    const { rows: read } = await cases('<testcase classname="C" name="t" executed="False"/>');
    expect(read).toEqual([{ path: 'C/t', result: 'skipped', message: 'executed="False"' }]);
  });

  it('never reads a word it does not know as passed, and says so once per value and suite', async () => {
    const { evidence, rows: read } = await cases(
      '<testcase classname="C" name="a" status="quarantined"/>',
      '<testcase classname="C" name="b" status="quarantined"/>',
      '<testcase classname="C" name="c" status="quarantined"><failure message="boom"/></testcase>',
    );
    expect(read.map((r) => [r.path, r.result])).toEqual([
      ['C/a', 'skipped'],
      ['C/b', 'skipped'],
      ['C/c', 'failed'],
    ]);
    expect(ofRule(evidence, 'unknown-result')).toEqual([
      {
        rule: 'unknown-result',
        severity: 'warning',
        file: 'p/t/test.xml',
        line: 4,
        message:
          'test suite "S": status="quarantined" is not a result rr knows, so its 2 testcases are read as not ' +
          'run (skipped), never as passed; see docs/evidence.md for the values rr reads',
      },
    ]);
  });

  it('lets a result element make the reading worse than the attribute, never better', async () => {
    const { rows: read } = await cases(
      // tst's shape: status="disabled" on a case that also failed
      '<testcase classname="C" name="disabled_failed" status="disabled"><failure message="Assert"/></testcase>',
      '<testcase classname="C" name="passed_skipped" status="passed"><skipped/></testcase>',
      '<testcase classname="C" name="failed_flaky" status="failed"><flakyFailure message="once"/></testcase>',
    );
    expect(read).toEqual([
      { path: 'C/disabled_failed', result: 'failed', message: 'Assert' },
      { path: 'C/failed_flaky', result: 'failed', message: 'status="failed"' },
      { path: 'C/passed_skipped', result: 'skipped' },
    ]);
  });
});

describe('result elements', () => {
  it('reads each element, and the worst of several in one case', async () => {
    const { rows: read } = await cases(
      '<testcase classname="C" name="error"><error message="E"/></testcase>',
      '<testcase classname="C" name="failure"><failure message="F"/></testcase>',
      '<testcase classname="C" name="skipped"><skipped message="S"/></testcase>',
      '<testcase classname="C" name="all"><skipped/><failure message="F"/><error message="E"/></testcase>',
      '<testcase classname="C" name="failure_skipped"><failure message="F"/><skipped/></testcase>',
      '<testcase classname="C" name="flaky_failure"><flakyFailure message="once"/></testcase>',
      '<testcase classname="C" name="flaky_error"><flakyError message="once"/></testcase>',
      '<testcase classname="C" name="rerun_failure"><rerunFailure message="again"/></testcase>',
      '<testcase classname="C" name="rerun_error"><rerunError message="again"/></testcase>',
      '<testcase classname="C" name="failed_reruns"><failure message="F"/><rerunFailure message="R"/></testcase>',
      '<testcase classname="C" name="warning"><warning>PHPUnit\\Framework\\Warning</warning></testcase>',
      '<testcase classname="C" name="plain"><system-out>ok</system-out></testcase>',
    );
    expect(read).toEqual([
      { path: 'C/all', result: 'error', message: 'E' },
      { path: 'C/error', result: 'error', message: 'E' },
      { path: 'C/failed_reruns', result: 'failed', message: 'F' },
      { path: 'C/failure', result: 'failed', message: 'F' },
      { path: 'C/failure_skipped', result: 'failed', message: 'F' },
      { path: 'C/flaky_error', result: 'passed', flaky: true, message: 'once' },
      { path: 'C/flaky_failure', result: 'passed', flaky: true, message: 'once' },
      { path: 'C/plain', result: 'passed' },
      { path: 'C/rerun_error', result: 'passed', flaky: true, message: 'again' },
      { path: 'C/rerun_failure', result: 'passed', flaky: true, message: 'again' },
      { path: 'C/skipped', result: 'skipped', message: 'S' },
      { path: 'C/warning', result: 'failed', message: 'warning: PHPUnit\\Framework\\Warning' },
    ]);
  });
});

describe('suite-level results', () => {
  it('reads an <error> or <failure> directly in a suite as the failing case SUITE/(suite), with a warning', async () => {
    const evidence = await ingest({
      'p/t/test.xml': junit(
        '<testsuite name="com.acme.DoseTest" errors="1">',
        '  <testcase classname="com.acme.DoseTest" name="rate"/>',
        '  <error message="@AfterClass failed" type="java.lang.IllegalStateException">trace</error>',
        '</testsuite>',
        '<testsuite name="com.acme.LoadTest">',
        '  <failure message="setup">details</failure>',
        '</testsuite>',
        '<testsuite name="com.acme.Both"><failure message="f"/><error message="e"/></testsuite>',
      ),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'com.acme.Both/(suite)', result: 'error', message: 'e' },
      { path: 'com.acme.DoseTest/(suite)', result: 'error', message: '@AfterClass failed' },
      { path: 'com.acme.DoseTest/rate', result: 'passed' },
      { path: 'com.acme.LoadTest/(suite)', result: 'failed', message: 'setup' },
    ]);
    expect(ofRule(evidence, 'suite-failure').map((d) => [d.line, d.severity, d.message])).toEqual([
      [
        5,
        'warning',
        'test suite "com.acme.DoseTest" reports an error outside any testcase ("@AfterClass failed"), e.g. a ' +
          'class that failed to load or a failing before-all/after-all hook; it is read as the erroring case ' +
          '"com.acme.DoseTest/(suite)", which whole-target and glob claims select',
      ],
      [8, 'warning', expect.stringContaining('reports a failure outside any testcase ("setup")')],
      [10, 'warning', expect.stringContaining('"com.acme.Both/(suite)"')],
    ]);
  });

  it('keeps a suite-level failure of a free-standing file in its suite: target', async () => {
    const evidence = await ingest({
      'reports/junit.xml': junit('<testsuite name="Load"><error message="no class"/></testsuite>'),
    });
    expect(rows(evidence, 'suite:Load')).toEqual([
      { path: 'Load/(suite)', result: 'error', message: 'no class' },
    ]);
  });
});

describe('testcases without a name', () => {
  it('are cases of their own named after their line, never merged, each with a warning', async () => {
    const evidence = await ingest({
      'p/t/test.xml':
        '<testsuites><testsuite>\n<testcase/>\n<testcase classname="C"><failure/></testcase><testcase classname="C"/>\n' +
        '<testcase name=""/>\n</testsuite></testsuites>\n',
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: '/(unnamed testcase, line 2)', result: 'passed' },
      { path: '/(unnamed testcase, line 4)', result: 'passed' },
      { path: 'C/(unnamed testcase, line 3 #2)', result: 'passed' },
      { path: 'C/(unnamed testcase, line 3)', result: 'failed' },
    ]);
    expect(ofRule(evidence, 'unnamed-case').map((d) => [d.file, d.line])).toEqual([
      ['p/t/test.xml', 2],
      ['p/t/test.xml', 3],
      ['p/t/test.xml', 3],
      ['p/t/test.xml', 4],
    ]);
    expect(ofRule(evidence, 'duplicate-case')).toEqual([]);
  });

  it("take Codeception's `class` attribute where there is no classname, so two classes' tests do not collide", async () => {
    const { evidence, rows: read } = await cases(
      '<testcase name="baseFlowTest" class="QuoteCest"/>',
      '<testcase name="baseFlowTest" class="RenewalCest"><error>boom</error></testcase>',
    );
    expect(read).toEqual([
      { path: 'QuoteCest/baseFlowTest', result: 'passed' },
      { path: 'RenewalCest/baseFlowTest', result: 'error', message: 'boom' },
    ]);
    expect(ofRule(evidence, 'duplicate-case')).toEqual([]);
  });
});

describe('DOCTYPE', () => {
  it('gives a warning at its line whatever the root element', async () => {
    const evidence = await ingest({
      'p/nunit/test.xml':
        '<?xml version="1.0"?>\n<!DOCTYPE test [\n  <!ENTITY xxe SYSTEM "secret.txt">\n]>\n<test-results><x>&xxe;</x></test-results>\n',
    });
    expect(evidence.diagnostics.map((d) => [d.line, d.severity, d.message.split(':')[0]])).toEqual([
      [2, 'warning', 'the DOCTYPE declaration is ignored'],
      [5, 'warning', 'not a JUnit XML report'],
    ]);
  });
});

describe('docs/evidence.md', () => {
  it('lists every status and result word rr knows', () => {
    const doc = readFileSync(new URL('../../docs/evidence.md', import.meta.url), 'utf8');
    for (const words of knownResultWords().values()) {
      for (const word of words) expect(doc, `docs/evidence.md names \`${word}\``).toContain(`\`${word}\``);
    }
  });
});
