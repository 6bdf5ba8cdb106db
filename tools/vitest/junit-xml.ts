// Writes JUnit records as the XML Bazel expects in $XML_OUTPUT_FILE: one <testsuites> root, one
// <testsuite> per test file, one <testcase> per test. fast-xml-parser's XMLBuilder does the escaping.
import { stripVTControlCharacters } from 'node:util';
import { XMLBuilder } from 'fast-xml-parser';
import type { JUnitCaseRecord, JUnitProblem, JUnitSuiteRecord } from './junit-records.js';

type XmlNode = Record<string, unknown>;

const ATTR = '@_';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  format: true,
  indentBy: '  ',
  // An empty element is written <skipped/>; a value "true" must stay name="true", not a bare name.
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

// Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF),
// escaped or not: they become U+FFFD, as rr's reader does with bytes it cannot decode.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text that an XML 1.0 document can hold; the builder escapes `<`, `&`, quotes. */
function xmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD');
}

/** Terminal colours mean nothing in a report file. */
function plainText(text: string): string {
  return xmlText(stripVTControlCharacters(text));
}

/**
 * A message for a `message` attribute: its first non-blank line. XML readers turn a line break inside
 * an attribute into a space (attribute-value normalization), and the builder writes line breaks raw,
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
  const root = {
    '?xml': { [`${ATTR}version`]: '1.0', [`${ATTR}encoding`]: 'UTF-8' },
    testsuites: {
      [`${ATTR}name`]: 'vitest',
      ...countAttributes(totals),
      [`${ATTR}time`]: formatSeconds(seconds),
      testsuite: suites.map(suiteNode),
    },
  };
  return builder.build(root) as string;
}

function suiteNode(suite: JUnitSuiteRecord): XmlNode {
  return {
    [`${ATTR}name`]: xmlText(suite.name),
    ...countAttributes(countAll(suite.cases)),
    [`${ATTR}time`]: formatSeconds(suite.seconds),
    ...(suite.file === undefined ? {} : { [`${ATTR}file`]: xmlText(suite.file) }),
    testcase: suite.cases.map(caseNode),
  };
}

function caseNode(testcase: JUnitCaseRecord): XmlNode {
  const node: XmlNode = {
    [`${ATTR}name`]: xmlText(testcase.name),
    [`${ATTR}classname`]: xmlText(testcase.classname),
  };
  if (testcase.file !== undefined) node[`${ATTR}file`] = xmlText(testcase.file);
  if (testcase.line !== undefined) node[`${ATTR}line`] = String(testcase.line);
  node[`${ATTR}time`] = formatSeconds(testcase.seconds);
  if (testcase.properties.length > 0) {
    node.properties = {
      property: testcase.properties.map((p) => ({
        [`${ATTR}name`]: xmlText(p.name),
        [`${ATTR}value`]: xmlText(p.value),
      })),
    };
  }
  const outcome = testcase.outcome;
  if (outcome.kind === 'failed') node.failure = problemNode(outcome.failure);
  else if (outcome.kind === 'error') node.error = problemNode(outcome.error);
  else if (outcome.kind === 'skipped')
    node.skipped =
      outcome.message === undefined ? '' : { [`${ATTR}message`]: attributeMessage(outcome.message) };
  // Surefire's name for a failed attempt of a test that passed on retry; rr reads it as flaky.
  else if (outcome.flaky.length > 0) node.flakyFailure = outcome.flaky.map(problemNode);
  return node;
}

function problemNode(problem: JUnitProblem): XmlNode {
  const node: XmlNode = { [`${ATTR}message`]: attributeMessage(problem.message) };
  if (problem.type !== undefined) node[`${ATTR}type`] = xmlText(problem.type);
  if (problem.details !== '') node['#text'] = plainText(problem.details);
  return node;
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

function countAttributes(counts: Counts): XmlNode {
  return {
    [`${ATTR}tests`]: String(counts.tests),
    [`${ATTR}failures`]: String(counts.failures),
    [`${ATTR}errors`]: String(counts.errors),
    [`${ATTR}skipped`]: String(counts.skipped),
  };
}

/** Seconds with millisecond precision, as JUnit writers do. */
function formatSeconds(seconds: number): string {
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 0).toFixed(3);
}
