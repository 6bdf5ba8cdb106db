// The test.xml `rr bazel test-results` keeps is the same on every machine, and means the same to rr.
import { describe, expect, it } from 'vitest';
import { readJUnitFile } from '../../tools/evidence/junit-file.js';
import { bazelGeneratedXml } from '../../tools/cli/bazel-test-step.js';
import { reproducibleTestXml, withTrailingSuite } from '../../tools/cli/bazel-test-xml.js';

const TMP = '/tmp/rr-test-Ab12/tmp';
const EXECROOT = '/home/ann/.cache/bazel/_bazel_ann/3f/execroot/ws/';

const written = `<?xml version="1.0" encoding="UTF-8"?>
<!-- generated at time="12:00" by host -->
<testsuites name="vitest" tests="2" failures="1" time="0.912">
  <testsuite name="src/dose.test.mjs" timestamp="2026-11-25T04:11:32" hostname="ci-7" tests="2" time='0.011' file="src/dose.test.mjs">
    <testcase name="a &gt; b" classname="src/dose.test.mjs" time="0.003" line="5"/>
    <testcase name="keeps the rate" data-note="x>y" classname="src/dose.test.mjs" time="0.000">
      <properties><property name="requirement" value="REQ-003"/></properties>
      <failure message="expected 1" type="AssertionError">at ${EXECROOT}bazel-out/k8-fastbuild/bin/src/dose.test.mjs:12 in ${TMP}/x</failure>
      <system-out><![CDATA[took time="3s" on <testcase time="1">]]></system-out>
    </testcase>
  </testsuite>
</testsuites>
`;

const paths = new Map([
  [TMP, '$TEST_TMPDIR'],
  [EXECROOT, ''],
]);

describe('reproducibleTestXml', () => {
  it('drops the clock and host attributes of every element and keeps the layout, text and other attributes', () => {
    // Read and written back (tools/xml/): the comment and the CDATA markers go, the CDATA text is kept
    // as escaped text, `>` in an attribute value is written as &gt;.
    expect(reproducibleTestXml(written, paths)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="vitest" tests="2" failures="1">
  <testsuite name="src/dose.test.mjs" tests="2" file="src/dose.test.mjs">
    <testcase name="a &gt; b" classname="src/dose.test.mjs" line="5"/>
    <testcase name="keeps the rate" data-note="x&gt;y" classname="src/dose.test.mjs">
      <properties><property name="requirement" value="REQ-003"/></properties>
      <failure message="expected 1" type="AssertionError">at bazel-out/k8-fastbuild/bin/src/dose.test.mjs:12 in $TEST_TMPDIR/x</failure>
      <system-out>took time=&quot;3s&quot; on &lt;testcase time=&quot;1&quot;&gt;</system-out>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it('takes out a path written with a reference, and keeps the clock words of a CDATA section', () => {
    // The execution root of a user "r&d": the test writes the path escaped. The old rewriter replaced
    // paths in the raw text and so kept this one, which made the file differ from machine to machine.
    const root = '/home/r&d/.cache/bazel/execroot/ws/';
    const xml =
      '<testsuites><testsuite name="s" time="1">' +
      `<testcase name="t" file="/home/r&amp;d/.cache/bazel/execroot/ws/src/a.test.mjs" time = '2'>` +
      '<system-out><![CDATA[time="3"]]></system-out></testcase></testsuite></testsuites>';
    expect(reproducibleTestXml(xml, new Map([[root, '']]))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<testsuites><testsuite name="s"><testcase name="t" file="src/a.test.mjs">' +
        '<system-out>time=&quot;3&quot;</system-out></testcase></testsuite></testsuites>\n',
    );
  });

  it('keeps a file that is not well-formed as written, so rr reports its own error', () => {
    const broken = '<testsuites><testsuite name="s" time="1"></testsuites>';
    expect(reproducibleTestXml(broken, paths)).toBe(broken);
  });

  it('gives the same cases, results and tags as the XML the test wrote', () => {
    // Positions in the file aside (the comment line is not kept); the cases' own source lines stay.
    const cases = (xml: string) =>
      JSON.stringify(readJUnitFile(xml, 'test.xml').report?.suites, function (key, value: unknown) {
        return key === 'at' || (key === 'line' && 'cases' in this) ? undefined : value;
      });
    expect(cases(written)).toContain('REQ-003');
    expect(
      cases(reproducibleTestXml(written, paths))
        .replaceAll('$TEST_TMPDIR', TMP)
        .replaceAll('at bazel-out', `at ${EXECROOT}bazel-out`),
    ).toBe(cases(written));
  });

  it('is the same for two runs that differ only in durations, host, clock and paths', () => {
    const other = written
      .replaceAll('0.003', '0.250')
      .replace('ci-7', 'laptop')
      .replace('2026-11-25T04:11:32', '2027-01-01T00:00:00')
      .replaceAll(TMP, '/var/tmp/rr-test-Zz99/tmp')
      .replaceAll(EXECROOT, '/build/o/execroot/ws/');
    const otherPaths = new Map([
      ['/var/tmp/rr-test-Zz99/tmp', '$TEST_TMPDIR'],
      ['/build/o/execroot/ws/', ''],
    ]);
    expect(reproducibleTestXml(other, otherPaths)).toBe(reproducibleTestXml(written, paths));
  });
});

describe('withTrailingSuite', () => {
  const generated = bazelGeneratedXml('//pump:dose_test', 'exited with error code 1');
  const suite =
    '  <testsuite name="pump/dose_test" tests="1" failures="0" errors="1">\n' +
    '    <testcase name="pump/dose_test" status="run">\n' +
    '      <error message="exited with error code 1"/>\n' +
    '    </testcase>\n' +
    '  </testsuite>\n';

  it('adds the suite at the end of a <testsuites> root, also one closed on the same line', () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(withTrailingSuite('<testsuites>\n  <testsuite name="a"/>\n</testsuites>\n', generated)).toBe(
      `${declaration}<testsuites>\n  <testsuite name="a"/>\n${suite}</testsuites>\n`,
    );
    expect(withTrailingSuite('<testsuites><testsuite name="a"/></testsuites>', generated)).toBe(
      `${declaration}<testsuites><testsuite name="a"/>\n${suite}</testsuites>\n`,
    );
    expect(withTrailingSuite('<?xml version="1.0"?>\n<testsuites name="x"/>\n', generated)).toBe(
      `${declaration}<testsuites name="x">\n${suite}</testsuites>\n`,
    );
  });

  it('puts a lone <testsuite> root and the suite in a new <testsuites>, after the declaration', () => {
    const own =
      '<?xml version="1.0"?>\n<!-- pytest -->\n<testsuite name="a">\n  <testcase name="t"/>\n</testsuite>\n';
    const both = withTrailingSuite(own, generated);
    expect(both).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="a">\n  <testcase name="t"/>\n</testsuite>\n' +
        `${suite}</testsuites>\n`,
    );
    const read = readJUnitFile(both, 'test.xml').report!;
    expect(read.suites.map((s) => [s.name, s.cases.map((c) => c.result)])).toEqual([
      ['a', ['passed']],
      ['pump/dose_test', ['error']],
    ]);
  });
});
