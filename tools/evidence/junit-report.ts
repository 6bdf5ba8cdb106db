// Reads the cases of a JUnit XML report, whatever runner wrote it: <testsuites> or a bare <testsuite>
// root, nested suites, and the per-runner details in case-result.ts and case-tags.ts.
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { CaseObservation } from './case-observation.js';
import { caseOutcome } from './case-result.js';
import { caseTags, reportProperties, splitIds, TAG_PROPERTIES } from './case-tags.js';
import type { XmlElement } from './xml-document.js';

/** One <testsuite> and the testcases directly inside it. */
export interface JUnitSuite {
  /** the name attribute; '' when absent */
  name: string;
  line: number;
  cases: CaseObservation[];
}

/** The suites of one report file and what is wrong with the report. */
export interface JUnitReport {
  suites: JUnitSuite[];
  diagnostics: Diagnostic[];
}

/**
 * Reads the suites and cases of a parsed report (root <testsuites> or <testsuite>; other elements hold
 * no suites); `file` is its path relative to the evidence directory.
 */
export function readJUnitReport(elements: XmlElement[], file: string): JUnitReport {
  const report: JUnitReport = { suites: [], diagnostics: [] };
  const root = elements[0];
  if (root === undefined) return report;
  const lineOffset = writtenByPytest(root) ? 1 : 0;
  // Every case of the file has this one source: one frozen list for all of them.
  const sources = Object.freeze([file]) as unknown as string[];
  for (const element of elements) collect(element, { file, sources, lineOffset }, report);
  return report;
}

// pytest writes `line` 0-based (its internal line numbers); rr reports 1-based lines like googletest.
// pytest's reports are recognized by the names it gives: <testsuites name="pytest tests"> (pytest ≥ 7)
// or a bare <testsuite name="pytest"> root (older pytest).
function writtenByPytest(root: XmlElement): boolean {
  if (root.name === 'testsuites') return root.attributes.name === 'pytest tests';
  return root.attributes.name === 'pytest';
}

/** The file a report came from, as its cases name it. */
interface ReportFile {
  file: string;
  /** `[file]`, shared by the file's cases */
  sources: string[];
  /** added to `line` attributes (pytest's are 0-based) */
  lineOffset: number;
}

function collect(element: XmlElement, from: ReportFile, report: JUnitReport): void {
  if (element.name !== 'testsuites' && element.name !== 'testsuite') return;
  checkSuiteTags(element, from.file, report.diagnostics);
  if (element.name === 'testsuite') {
    const name = element.attributes.name ?? '';
    const cases = element.children
      .filter((child) => child.name === 'testcase')
      .map((testcase) => observe(testcase, name, from));
    report.suites.push({ name, line: element.line, cases });
  }
  for (const child of element.children) collect(child, from, report);
}

function observe(testcase: XmlElement, suite: string, from: ReportFile): CaseObservation {
  const { file, sources, lineOffset } = from;
  const { classname, name = '', file: sourceFile, line: written } = testcase.attributes;
  // googletest and gotestsum write classname="" on some cases: the suite name stands in for it.
  const prefix = classname !== undefined && classname !== '' ? classname : suite;
  const outcome = caseOutcome(testcase);
  const { tags, level } = caseTags(testcase);
  // Built field by field, not spread: this runs once per case, 200,000 times in bench/report.
  const observation: CaseObservation = {
    path: `${prefix}/${name}`,
    result: outcome.result,
    flaky: outcome.flaky,
    tags,
    synthetic: false,
    sources,
    at: { file, line: testcase.line },
  };
  if (outcome.message !== undefined) observation.message = outcome.message;
  if (level !== undefined) observation.level = level;
  if (sourceFile !== undefined && sourceFile !== '') observation.file = sourceFile;
  const line = sourceLine(written, lineOffset);
  if (line !== undefined) observation.line = line;
  return observation;
}

function sourceLine(text: string | undefined, offset: number): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const line = Number(text.trim()) + offset;
  return line >= 1 && Number.isSafeInteger(line) ? line : undefined;
}

/** Requirement properties on a suite tag nothing: say so once per id. */
function checkSuiteTags(suite: XmlElement, file: string, diagnostics: Diagnostic[]): void {
  const who =
    suite.name === 'testsuite'
      ? `test suite "${suite.attributes.name ?? ''}"`
      : `the <testsuites> element${suite.attributes.name === undefined ? '' : ` "${suite.attributes.name}"`}`;
  const seen = new Set<string>();
  for (const property of reportProperties(suite, TAG_PROPERTIES)) {
    for (const id of splitIds(property.value)) {
      if (seen.has(id)) continue;
      seen.add(id);
      diagnostics.push(
        diagnostic(
          'suite-level-requirement',
          'warning',
          `${who} has a "${property.name}" property naming ${id}; suite properties are not inherited ` +
            `by its cases, so no case is tagged with ${id}: put the property on each testcase`,
          { file, line: property.line },
          id,
        ),
      );
    }
  }
}
