// The XML writer alone, on text a vitest run rarely produces: what XML cannot hold and terminal colours.
import { describe, expect, it } from 'vitest';
import { readJUnitReport } from '../../tools/evidence/junit-report.js';
import { parseXml } from '../../tools/xml/xml-document.js';
import type { JUnitCaseRecord } from '../../tools/vitest/junit-records.js';
import { junitXml } from '../../tools/vitest/junit-xml.js';

function testcase(name: string, outcome: JUnitCaseRecord['outcome']): JUnitCaseRecord {
  return { classname: 'src/a.test.ts', name, seconds: 0.0012, properties: [], outcome };
}

/** The report as rr reads it: its cases, or the reason it cannot be parsed. */
function readBack(xml: string) {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(`${parsed.message} at ${parsed.line}:${parsed.column}`);
  return readJUnitReport(parsed.elements, 'test.xml').suites.flatMap((s) => s.cases);
}

describe('junitXml()', () => {
  it('keeps the report well-formed whatever characters names and messages hold', () => {
    const xml = junitXml([
      {
        name: 'src/a.test.ts',
        seconds: 0.5,
        cases: [
          testcase('nul \u0000 and lone \uD800 surrogate', { kind: 'passed', flaky: [] }),
          testcase('emoji 💉 stays', {
            kind: 'failed',
            failure: {
              message: '\u001b[31mexpected\u001b[39m <1> & "2"',
              type: 'AssertionError',
              details: 'a ]]> b',
            },
          }),
        ],
      },
    ]);
    expect(readBack(xml).map((c) => [c.path, c.result, c.message])).toEqual([
      ['src/a.test.ts/nul \uFFFD and lone \uFFFD surrogate', 'passed', undefined],
      ['src/a.test.ts/emoji 💉 stays', 'failed', 'expected <1> & "2"'],
    ]);
  });

  it('writes an empty <testsuites> when no test file ran', () => {
    const xml = junitXml([]);
    expect(xml).toContain(
      '<testsuites name="vitest" tests="0" failures="0" errors="0" skipped="0" time="0.000"',
    );
    expect(readBack(xml)).toEqual([]);
  });
});
