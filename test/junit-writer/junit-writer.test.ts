// The one JUnit XML writer, through its three users: check results (the tests of rr_model and
// rr_verification_set), the vitest reporter, and the stand-in test.xml of `rr bazel test-results`.
// The expected bytes are those each wrote before they shared the writer.
import { describe, expect, it } from 'vitest';
import { bazelGeneratedXml } from '../../tools/cli/bazel-test-step.js';
import { junitOfChecks } from '../../tools/report/junit-checks.js';
import type { JUnitProblem, JUnitSuiteRecord } from '../../tools/vitest/junit-records.js';
import { junitXml } from '../../tools/vitest/junit-xml.js';

const text = (lines: string[]) => lines.join('\n') + '\n';

const problem = (message: string, details: string, type?: string): JUnitProblem => ({
  message,
  details,
  ...(type ? { type } : {}),
});

const SUITES: JUnitSuiteRecord[] = [
  {
    name: 'src/a.test.ts',
    file: 'src/a.test.ts',
    seconds: 0.5,
    cases: [
      {
        classname: 'src/a.test.ts',
        name: 'passes',
        file: 'src/a.test.ts',
        line: 3,
        seconds: 0.0012,
        properties: [
          { name: 'requirement', value: 'REQ-1' },
          { name: 'level', value: 'unit' },
        ],
        outcome: { kind: 'passed', flaky: [] },
      },
      {
        classname: 'src/a.test.ts',
        name: 'fails <&> "q" \'a\'',
        seconds: 1.23456,
        properties: [],
        outcome: {
          kind: 'failed',
          failure: problem(
            '\u001b[31mexpected\u001b[39m <1> & "2"\nsecond line',
            'stack\n  at x\n]]>',
            'AssertionError',
          ),
        },
      },
      {
        classname: 'src/a.test.ts',
        name: 'errs',
        seconds: 0,
        properties: [],
        outcome: { kind: 'error', error: problem('boom', '') },
      },
      {
        classname: 'src/a.test.ts',
        name: 'skipped plain',
        seconds: NaN,
        properties: [],
        outcome: { kind: 'skipped' },
      },
      {
        classname: 'src/a.test.ts',
        name: 'skipped msg',
        seconds: -1,
        properties: [],
        outcome: { kind: 'skipped', message: '\n  todo later \u000b\nmore' },
      },
      {
        classname: 'src/a.test.ts',
        name: 'flaky nul \u0000 \uD800',
        seconds: 2,
        properties: [{ name: 'true', value: 'true' }],
        outcome: { kind: 'passed', flaky: [problem('first try', 'details 1'), problem('second', '')] },
      },
    ],
  },
  { name: 'empty.test.ts', seconds: 0, cases: [] },
];

describe('the JUnit writer', () => {
  it("writes the vitest reporter's report: escapes, drops what XML cannot hold, one line per message", () => {
    expect(junitXml(SUITES)).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="vitest" tests="6" failures="1" errors="1" skipped="2" time="0.500">',
        '  <testsuite name="src/a.test.ts" tests="6" failures="1" errors="1" skipped="2" time="0.500" file="src/a.test.ts">',
        '    <testcase name="passes" classname="src/a.test.ts" file="src/a.test.ts" line="3" time="0.001">',
        '      <properties>',
        '        <property name="requirement" value="REQ-1"/>',
        '        <property name="level" value="unit"/>',
        '      </properties>',
        '    </testcase>',
        '    <testcase name="fails &lt;&amp;&gt; &quot;q&quot; &apos;a&apos;" classname="src/a.test.ts" time="1.235">',
        '      <failure message="expected &lt;1&gt; &amp; &quot;2&quot;" type="AssertionError">stack',
        '  at x',
        ']]&gt;</failure>',
        '    </testcase>',
        '    <testcase name="errs" classname="src/a.test.ts" time="0.000">',
        '      <error message="boom"/>',
        '    </testcase>',
        '    <testcase name="skipped plain" classname="src/a.test.ts" time="0.000">',
        '      <skipped/>',
        '    </testcase>',
        '    <testcase name="skipped msg" classname="src/a.test.ts" time="0.000">',
        '      <skipped message="todo later \uFFFD"/>',
        '    </testcase>',
        '    <testcase name="flaky nul \uFFFD \uFFFD" classname="src/a.test.ts" time="2.000">',
        '      <properties>',
        '        <property name="true" value="true"/>',
        '      </properties>',
        '      <flakyFailure message="first try">details 1</flakyFailure>',
        '      <flakyFailure message="second"/>',
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="empty.test.ts" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>',
        '</testsuites>',
      ]),
    );
    expect(junitXml([])).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="vitest" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>',
      ]),
    );
  });

  it("writes check results: one testcase per check, the detail as the failure's text", () => {
    const checks = junitOfChecks('rr verification set //:set', [
      {
        name: 'lock',
        failure: {
          message: 'pkg/rr.lock.json is out of date',
          detail: '+ //:t a → REQ-1\n~ //:t b: REQ-1 → REQ-2\n"q" & <x>',
        },
      },
      { name: 'diagnostics' },
      { name: 'model', failure: { message: '1 error', detail: '' } },
    ]);
    expect(checks).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites tests="3" failures="2">',
        '  <testsuite name="rr verification set //:set" tests="3" failures="2">',
        '    <testcase classname="rr verification set //:set" name="lock">',
        '      <failure message="pkg/rr.lock.json is out of date">+ //:t a → REQ-1',
        '~ //:t b: REQ-1 → REQ-2',
        '&quot;q&quot; &amp; &lt;x&gt;</failure>',
        '    </testcase>',
        '    <testcase classname="rr verification set //:set" name="diagnostics"/>',
        '    <testcase classname="rr verification set //:set" name="model">',
        '      <failure message="1 error"/>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
      ]),
    );
    expect(junitOfChecks('rr validate //:model', [])).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites tests="0" failures="0">',
        '  <testsuite name="rr validate //:model" tests="0" failures="0"/>',
        '</testsuites>',
      ]),
    );
  });

  it('writes the stand-in test.xml of a test that wrote none with paired empty elements, as Bazel does', () => {
    expect(bazelGeneratedXml('//pump:dose_test', undefined)).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites>',
        '  <testsuite name="pump/dose_test" tests="1" failures="0" errors="0">',
        '    <testcase name="pump/dose_test" status="run"></testcase>',
        '  </testsuite>',
        '</testsuites>',
      ]),
    );
    expect(bazelGeneratedXml('//pump:dose_test', 'exited with error code 3')).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites>',
        '  <testsuite name="pump/dose_test" tests="1" failures="0" errors="1">',
        '    <testcase name="pump/dose_test" status="run">',
        '      <error message="exited with error code 3"></error>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
      ]),
    );
    expect(bazelGeneratedXml('//pump:dose_test', 'killed by SIGTERM')).toBe(
      text([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites>',
        '  <testsuite name="pump/dose_test" tests="1" failures="0" errors="1">',
        '    <testcase name="pump/dose_test" status="run">',
        '      <error message="killed by SIGTERM"></error>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
      ]),
    );
  });
});
