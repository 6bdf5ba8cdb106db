// Writes JUnit records as the XML Bazel expects in $XML_OUTPUT_FILE: one <testsuites> root, one
// <testsuite> per test file, one <testcase> per test, through rr's one JUnit writer (which escapes).
import { stripVTControlCharacters } from 'node:util';
import {
  junitDocumentXml,
  type JUnitResult,
  type JUnitTestcase,
  type JUnitTestsuite,
} from '../junit-writer/junit-writer.js';
import { xmlText } from '../xml/markup-escape.js';
import type { JUnitCaseRecord, JUnitProblem, JUnitSuiteRecord } from './junit-records.js';

/** Terminal colours mean nothing in a report file. */
function plainText(text: string): string {
  return xmlText(stripVTControlCharacters(text));
}

/**
 * A message for a `message` attribute: its first non-blank line. XML readers turn a line break inside
 * an attribute into a space (attribute-value normalization), and the writer writes line breaks raw,
 * so the whole message goes in the element's text instead.
 */
function attributeMessage(text: string): string {
  const lines = plainText(text).split(/\r\n|\r|\n/);
  return (lines.find((line) => line.trim() !== '') ?? '').trim();
}

/** The JUnit XML document of a report, ending in a newline. */
export function junitXml(suites: readonly JUnitSuiteRecord[]): string {
  const totals = countAll(suites.flatMap((s) => s.cases));
  const seconds = suites.reduce((sum, s) => sum + s.seconds, 0);
  return junitDocumentXml({
    attributes: { name: 'vitest', ...totals, time: formatSeconds(seconds) },
    testsuites: suites.map(testsuite),
  });
}

function testsuite(suite: JUnitSuiteRecord): JUnitTestsuite {
  return {
    attributes: {
      name: suite.name,
      ...countAll(suite.cases),
      time: formatSeconds(suite.seconds),
      file: suite.file,
    },
    testcases: suite.cases.map(testcase),
  };
}

function testcase(record: JUnitCaseRecord): JUnitTestcase {
  return {
    attributes: {
      name: record.name,
      classname: record.classname,
      file: record.file,
      line: record.line,
      time: formatSeconds(record.seconds),
    },
    properties: record.properties,
    results: results(record.outcome),
  };
}

function results(outcome: JUnitCaseRecord['outcome']): JUnitResult[] {
  if (outcome.kind === 'failed') return [problem('failure', outcome.failure)];
  if (outcome.kind === 'error') return [problem('error', outcome.error)];
  if (outcome.kind === 'skipped')
    return [
      {
        element: 'skipped',
        attributes: {
          message: outcome.message === undefined ? undefined : attributeMessage(outcome.message),
        },
      },
    ];
  // Surefire's name for a failed attempt of a test that passed on retry; rr reads it as flaky.
  return outcome.flaky.map((p) => problem('flakyFailure', p));
}

function problem(element: JUnitResult['element'], p: JUnitProblem): JUnitResult {
  return {
    element,
    attributes: { message: attributeMessage(p.message), type: p.type },
    text: plainText(p.details),
  };
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function countAll(cases: readonly JUnitCaseRecord[]): Counts {
  const counts: Counts = { tests: cases.length, failures: 0, errors: 0, skipped: 0 };
  for (const c of cases) {
    if (c.outcome.kind === 'failed') counts.failures++;
    else if (c.outcome.kind === 'error') counts.errors++;
    else if (c.outcome.kind === 'skipped') counts.skipped++;
  }
  return counts;
}

/** Seconds with millisecond precision, as JUnit writers do. */
function formatSeconds(seconds: number): string {
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 0).toFixed(3);
}
