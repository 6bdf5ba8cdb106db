// Reading evidence takes linear time in every layout: one JUnit XML file (saxes, the report, the codec
// that carries it from a worker thread), its assembly into a target's cases (as a testlogs file, a
// free-standing report and a record), a target of many shards, and a records/*.json file examine a
// constant number of characters per input character, however many cases one file holds. Ingestion
// parses in worker threads, which the meter cannot see, so the per-file functions are called here.
// Counted, not timed (test/scan/char-meter.ts); bench/report prints the times.
import { afterAll, describe, expect, it } from 'vitest';
import { diagnostic } from '../../tools/model/diagnostic.js';
import type { CaseObservation } from '../../tools/evidence/case-observation.js';
import { readEvidenceRecordJson } from '../../tools/evidence/evidence-record-json.js';
import { assembleEvidence, type EvidenceReading } from '../../tools/evidence/ingest-evidence.js';
import { readJUnitFile } from '../../tools/evidence/junit-file.js';
import type { JUnitRead } from '../../tools/evidence/junit-files.js';
import { decodeJUnitRead, encodeJUnitRead } from '../../tools/evidence/junit-read-codec.js';
import { uninstallMeter } from './char-meter.js';
import { expectLinear, growth, type Sized } from './linear-growth.js';

afterAll(uninstallMeter);

/** Test cases of the smallest input; the largest has eight times as many. */
const BASE = 100;

/** Shards of the smallest sharded target. */
const SHARDS = 50;

/** `n` lines of a stack trace, each a little different. */
function stackTrace(i: number, n: number): string {
  const lines: string[] = [];
  for (let j = 0; j < n; j++)
    lines.push(`\tat pump.dose.DoseTest.step${j}(DoseTest.java:${100 + j + (i % 7)})`);
  return lines.join('\n');
}

/** googletest 1.12: one suite per hundred cases, status/result/file/line, <properties>, some failures. */
function googletest(cases: number): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites tests="0" name="AllTests">'];
  for (let i = 0; i < cases; i++) {
    if (i % 100 === 0) {
      if (i > 0) out.push('  </testsuite>');
      out.push(`  <testsuite name="Dose${i / 100}" tests="100" failures="0" disabled="0" errors="0">`);
    }
    const status = i % 13 === 0 ? 'status="notrun" result="suppressed"' : 'status="run" result="completed"';
    out.push(
      `    <testcase name="Case${i}" file="pump/dose/dose_test.cc" line="${i + 1}" ${status} time="0" classname="Dose${i % 100}">`,
    );
    if (i % 5 === 0) {
      out.push(
        `      <failure message="pump/dose/dose_test.cc:${i}&#x0A;Expected equality of these values" type=""><![CDATA[pump/dose/dose_test.cc:${i}`,
        'Expected equality of these values:',
        '  rate(volume)',
        `    Which is: ${i}`,
        ']]></failure>',
      );
    }
    out.push(
      '      <properties>',
      `        <property name="requirement" value="REQ-DOSE-${i % 50}, REQ-RATE-${i % 7}"/>`,
      '        <property name="level" value="unit"/>',
      '      </properties>',
      '    </testcase>',
    );
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

/** pytest: one suite of every case, 0-based lines, failures and errors with long messages and bodies. */
function pytestLongFailures(cases: number): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">',
    `<testsuite name="pytest" errors="0" failures="0" skipped="0" tests="${cases}" time="0.053">`,
  ];
  for (let i = 0; i < cases; i++) {
    const head = `<testcase classname="tests.test_dose" name="test_case_${i}" file="tests/test_dose.py" line="${i}" time="0.001">`;
    const long = `AssertionError: assert rate(${i}) == ${i * 2} ${'where the rate was computed from the volume and the time '.repeat(8)}`;
    if (i % 3 === 0) {
      out.push(`${head}<failure message="${long}">${stackTrace(i, 16)}</failure></testcase>`);
    } else if (i % 3 === 1) {
      // No message attribute: the first non-blank line of a long body after blank lines.
      out.push(`${head}<error>\n\n   \n${long}\n${stackTrace(i, 16)}</error></testcase>`);
    } else {
      out.push(
        `${head}<skipped type="pytest.skip" message="needs the simulator">tests/test_dose.py:${i}: needs it</skipped></testcase>`,
      );
    }
  }
  out.push('</testsuite></testsuites>', '');
  return out.join('\n');
}

/** Surefire: suite properties, system-out and system-err with entities and CDATA, flaky and rerun runs. */
function surefireSystemOut(cases: number): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="pump.dose.DoseTest" time="1.2" tests="0" errors="0" skipped="0" failures="0">',
    '  <properties>',
    '    <property name="java.version" value="21.0.2"/>',
    '    <property name="os.name" value="Linux"/>',
    '  </properties>',
  ];
  for (let i = 0; i < cases; i++) {
    out.push(`  <testcase name="dose${i}" classname="pump.dose.DoseTest" time="0.01">`);
    if (i % 4 === 0) {
      out.push(
        `    <flakyFailure message="expected:&lt;${i}&gt; but was:&lt;${i + 1}&gt;" type="org.opentest4j.AssertionFailedError">`,
        `      <stackTrace>${stackTrace(i, 10)}</stackTrace>`,
        `      <system-out><![CDATA[attempt 1 of dose${i}\n${'log line & more\n'.repeat(10)}]]></system-out>`,
        '    </flakyFailure>',
      );
    } else if (i % 4 === 1) {
      out.push(
        `    <rerunFailure message="timeout" type="java.util.concurrent.TimeoutException">${stackTrace(i, 5)}</rerunFailure>`,
      );
    }
    out.push(
      `    <system-out><![CDATA[${`[INFO] dose${i}: step <ok> & done\n`.repeat(8)}]]></system-out>`,
      `    <system-err>${`[WARN] dose${i}: &lt;slow&gt; &amp; retried &#8211; again\n`.repeat(4)}</system-err>`,
      '  </testcase>',
    );
  }
  out.push('</testsuite>', '');
  return out.join('\n');
}

/** vitest: one suite per five cases, properties with a body, nested suites, unnamed cases, odd words. */
function vitestNested(cases: number): string {
  const out = ['<testsuites name="vitest tests" tests="0" failures="0" errors="0" time="0.02">'];
  for (let i = 0; i < cases; i++) {
    if (i % 5 === 0) {
      if (i > 0) out.push('        </testsuite>', '    </testsuite>');
      out.push(
        `    <testsuite name="test/dose-${i}.test.ts" tests="5" failures="0" errors="0" skipped="0">`,
        `        <testsuite name="dose ${i}" tests="5" verifies="REQ-SUITE-${i}">`,
      );
    }
    const name = i % 11 === 0 ? '' : ` name="computes rate ${i}"`;
    const status = i % 17 === 0 ? ' status="weird"' : '';
    out.push(
      `            <testcase classname="test/dose-${i - (i % 5)}.test.ts"${name}${status} time="0.008">`,
      '                <properties>',
      `                    <property name="verifies">REQ-DOSE-${i % 40}</property>`,
      '                </properties>',
      '            </testcase>',
    );
  }
  out.push('        </testsuite>', '    </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

/** A DOCTYPE, HTML entities rr keeps as written, and a suite-level <error>. */
function doctypeAndEntities(cases: number): string {
  const out = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE testsuite [\n  <!ENTITY nbsp "&#160;">\n]>',
    '<testsuite name="Doctype" tests="0">',
    '  <error message="class failed to load">java.lang.ExceptionInInitializerError</error>',
  ];
  for (let i = 0; i < cases; i++) {
    out.push(
      `  <testcase classname="Doctype" name="case&nbsp;${i}">`,
      `    <failure message="value&nbsp;was&nbsp;${i}&hellip;">expected&nbsp;${i}&nbsp;&mdash;&nbsp;got&nbsp;${i + 1}</failure>`,
      '  </testcase>',
    );
  }
  out.push('</testsuite>', '');
  return out.join('\n');
}

const DIALECTS: [string, (cases: number) => string][] = [
  ['googletest with properties and failures', googletest],
  ['pytest with long failure messages and bodies', pytestLongFailures],
  ['surefire with system-out, flaky and rerun runs', surefireSystemOut],
  ['vitest with nested suites, unnamed cases and unknown words', vitestNested],
  ['a DOCTYPE and undeclared entities', doctypeAndEntities],
];

/** A JUnit file of `k × BASE` cases. */
function junitText(dialect: (cases: number) => string, k: number): Sized<string> {
  const text = dialect(k * BASE);
  return { size: text.length, input: text };
}

/** The read of a JUnit file of `k × BASE` cases, as a worker thread sends it. */
function junitRead(dialect: (cases: number) => string, k: number): Sized<JUnitRead> {
  const { size, input } = junitText(dialect, k);
  const read = readJUnitFile(input, 'pump/dose/dose_test/test.xml');
  expect(read.report?.suites.length).toBeGreaterThan(0);
  return { size, input: read };
}

/** An evidence directory already listed and read: every file in `files` by path, as the readers give them. */
function reading(files: Record<string, string>): EvidenceReading {
  const xml = new Map<string, JUnitRead>();
  for (const [rel, text] of Object.entries(files)) xml.set(rel, readJUnitFile(text, rel));
  const listing = { files: Object.keys(files).sort(), diagnostics: [], unreadable: false };
  return { dir: '/evidence', listing, xml };
}

/** One JUnit file placed as a target's test.xml, as a free-standing report and as a record. */
function placed(dialect: (cases: number) => string, k: number): Sized<EvidenceReading> {
  const text = dialect(k * BASE);
  const files = { 'pump/dose/dose_test/test.xml': text, 'reports/dose.xml': text, 'records/dose.xml': text };
  return { size: 3 * text.length, input: reading(files) };
}

/** Shards of one target, `k × SHARDS`, each with its own XML of four cases; every third retried once. */
function shards(k: number): Sized<EvidenceReading> {
  const count = k * SHARDS;
  const files: Record<string, string> = {};
  for (let s = 1; s <= count; s++) {
    const dir = `pump/dose/dose_test/shard_${s}_of_${count}`;
    const xml = (result: string) =>
      googletest(4)
        .replaceAll('name="Case', `name="Shard${s}Case`)
        .replaceAll('<failure ', result === 'failed' ? '<failure ' : '<skipped ')
        .replaceAll('</failure>', result === 'failed' ? '</failure>' : '</skipped>');
    files[`${dir}/test.xml`] = xml('passed');
    if (s % 3 === 0) files[`${dir}/test_attempts/attempt_1.xml`] = xml('failed');
  }
  const size = Object.values(files).reduce((n, text) => n + text.length, 0);
  return { size, input: reading(files) };
}

/** Shards of one target that all crashed: Bazel wrote each shard's XML, one synthetic case of the target. */
function crashedShards(k: number): Sized<EvidenceReading> {
  const count = k * SHARDS;
  const files: Record<string, string> = {};
  for (let s = 1; s <= count; s++) {
    const name = `pump/dose/dose_test_shard_${s}/${count}`;
    files[`pump/dose/dose_test/shard_${s}_of_${count}/test.xml`] = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites>',
      `  <testsuite name="${name}" tests="1" failures="0" errors="1">`,
      `    <testcase name="${name}" status="run" duration="3" time="3"><error message="exited with error code 139"></error></testcase>`,
      '      <system-out>Generated test.log (if the file is not UTF-8, then this may be unreadable):',
      '<![CDATA[exec "$0" || exit 1',
      'Segmentation fault (core dumped)]]>',
      '      </system-out>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n');
  }
  const size = Object.values(files).reduce((n, text) => n + text.length, 0);
  return { size, input: reading(files) };
}

/** A records/*.json file of `k × BASE` cases: tags, levels, multi-line messages, attachments. */
function recordJson(k: number, indent: number): Sized<string> {
  const cases = [];
  for (let i = 0; i < k * BASE; i++) {
    cases.push({
      path: `bench/occlusion/pressure ${i}`,
      result: i % 9 === 0 ? 'failed' : 'passed',
      level: 'system',
      tags: [`REQ-OCC-${i % 30}`, `REQ-OCC-${i % 7}`, `REQ-OCC-${i % 30}`],
      ...(i % 2 === 0
        ? { message: `\n   \nmeasured ${i} kPa at the sensor\n${'the protocol says more here\n'.repeat(20)}` }
        : {}),
      ...(i % 3 === 0
        ? {
            attachments: [
              {
                path: `protocols/occlusion-${i}.pdf`,
                sha256: 'ab'.repeat(32),
                description: 'signed protocol',
              },
            ],
          }
        : {}),
    });
  }
  const record = {
    record: { title: 'Occlusion bench', date: '2026-04-22', operator: 'J. Doe', equipment: ['PS-7'] },
    cases,
  };
  const text = JSON.stringify(record, null, indent);
  return { size: text.length, input: text };
}

/** A record every case of which breaks the schema (an unknown result and an unknown key). */
function rejectedRecord(k: number): Sized<string> {
  const cases = [];
  for (let i = 0; i < k * BASE; i++) cases.push({ path: `bench/case ${i}`, result: 'fine', colour: 'red' });
  const text = JSON.stringify({ cases }, null, 2);
  return { size: text.length, input: text };
}

describe('reading one JUnit file examines a constant number of characters per input character', () => {
  for (const [what, dialect] of DIALECTS) {
    it(`parsing ${what}`, () => {
      expectLinear(
        `read ${what}`,
        growth(
          (k) => junitText(dialect, k),
          (text) => readJUnitFile(text, 'pump/dose/dose_test/test.xml'),
        ),
        8,
      );
    });
    it(`carrying ${what} from a worker thread`, () => {
      expectLinear(
        `encode and decode ${what}`,
        growth(
          (k) => junitRead(dialect, k),
          (read) => decodeJUnitRead(encodeJUnitRead(read), 'pump/dose/dose_test/test.xml'),
        ),
        3,
      );
    });
    it(`assembling ${what} as a testlogs file, a free-standing report and a record`, () => {
      expectLinear(
        `assemble ${what}`,
        growth((k) => placed(dialect, k), assembleEvidence),
        0.5,
      );
    });
  }
  it('parsing a file that is not well-formed near its end', () => {
    const broken = (k: number): Sized<string> => {
      const text = googletest(k * BASE).replace('</testsuites>', '<note>a & b</note></testsuites>');
      return { size: text.length, input: text };
    };
    const { input } = broken(1);
    expect(readJUnitFile(input, 'broken.xml').report).toBeUndefined();
    expectLinear(
      'read a bare ampersand',
      growth(broken, (text) => readJUnitFile(text, 'broken.xml')),
      12,
    );
  });
});

describe('assembling a target of many shards examines a constant number per input character', () => {
  it('shards with their own XML and retried attempts', () => {
    expectLinear('assemble shards', growth(shards, assembleEvidence), 0.5);
  });
  it('shards that all crashed before writing XML', () => {
    expectLinear('assemble crashed shards', growth(crashedShards, assembleEvidence), 2);
  });
});

describe('reading a records/*.json file examines a constant number of characters per input character', () => {
  it('an indented record', () => {
    expectLinear(
      'read an indented record',
      growth(
        (k) => recordJson(k, 2),
        (text) => readEvidenceRecordJson(text, 'records/occlusion.json'),
      ),
      8,
    );
  });
  it('a record on one line', () => {
    expectLinear(
      'read a one-line record',
      growth(
        (k) => recordJson(k, 0),
        (text) => readEvidenceRecordJson(text, 'records/occlusion.json'),
      ),
      8,
    );
  });
  it('a record that breaks the schema in every case', () => {
    const { input } = rejectedRecord(1);
    expect(readEvidenceRecordJson(input, 'records/bad.json').diagnostics.length).toBeGreaterThan(BASE);
    expectLinear(
      'read a rejected record',
      growth(rejectedRecord, (text) => readEvidenceRecordJson(text, 'records/bad.json')),
      16,
    );
  });
});

describe('a file of more cases than a call takes arguments', () => {
  it('is assembled whole, as a testlogs file and as a free-standing report', () => {
    const count = 200_000;
    const file = 'reports/big.xml';
    const sources = [file];
    const cases = Array.from({ length: count }, (_, i): CaseObservation => ({
      path: `Big/(unnamed testcase, line ${i + 3})`,
      result: 'passed',
      flaky: false,
      tags: [],
      synthetic: false,
      sources,
      at: { file, line: i + 3 },
    }));
    // One unnamed-case warning per case, as readJUnitReport gives them.
    const diagnostics = cases.map((c) =>
      diagnostic('unnamed-case', 'warning', c.path, { file, line: c.at!.line }),
    );
    const read: JUnitRead = {
      report: { suites: [{ name: 'Big', line: 2, cases }], diagnostics },
      diagnostics,
    };
    const files = [file, 'pump/big/big_test/test.xml'];
    const evidence = assembleEvidence({
      dir: '/evidence',
      listing: { files, diagnostics: [], unreadable: false },
      xml: new Map(files.map((rel) => [rel, read])),
    });
    expect([...evidence.targets.values()].map((t) => t.cases.length)).toEqual([count, count]);
    expect(evidence.diagnostics.length).toBe(2 * count);
  });
});
