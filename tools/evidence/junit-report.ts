// Reads the cases of a JUnit XML report, whatever runner wrote it: <testsuites> or a bare <testsuite>
// root, nested suites, and the per-runner details in case-result.ts and case-tags.ts.
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { CaseObservation } from './case-observation.js';
import { caseOutcome, type CaseOutcome } from './case-result.js';
import { caseTags, reportProperties, splitIds, TAG_PROPERTIES } from './case-tags.js';
import { suiteOutcome, SUITE_CASE_NAME } from './suite-result.js';
import type { XmlElement } from '../xml/xml-document.js';

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
    const unknown = new UnknownWords();
    const unnamed = new Map<number, number>();
    const cases: CaseObservation[] = [];
    for (const child of element.children) {
      if (child.name !== 'testcase') continue;
      const outcome = caseOutcome(child);
      if (outcome.unknownWord !== undefined) unknown.add(outcome.unknownWord, child.line);
      cases.push(observe(child, outcome, name, from, unnamed, report.diagnostics));
    }
    unknown.report(name, from.file, report.diagnostics);
    const failure = suiteFailure(element, name, from, report.diagnostics);
    if (failure !== undefined) cases.push(failure);
    report.suites.push({ name, line: element.line, cases });
  }
  for (const child of element.children) collect(child, from, report);
}

function observe(
  testcase: XmlElement,
  outcome: CaseOutcome,
  suite: string,
  from: ReportFile,
  unnamed: Map<number, number>,
  diagnostics: Diagnostic[],
): CaseObservation {
  const { file, sources, lineOffset } = from;
  const { classname, class: className, name, file: sourceFile, line: written } = testcase.attributes;
  // googletest and gotestsum write classname="" on some cases: the suite name stands in for it.
  // Codeception writes its class as `class` only; without it, cases of two classes would collide.
  const prefix = nonEmpty(classname) ?? nonEmpty(className) ?? suite;
  const caseName =
    nonEmpty(name) ??
    (isGoogletestAdHoc(suite, name) ? '' : unnamedCaseName(testcase, prefix, from, unnamed, diagnostics));
  const { tags, level } = caseTags(testcase);
  // Built field by field, not spread: this runs once per case, 200,000 times in bench/report.
  const observation: CaseObservation = {
    path: `${prefix}/${caseName}`,
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

// googletest writes failures outside any test (a global environment's SetUp, a static initializer) as the
// one testcase name="" of the suite NonTestSuiteFailure: a known shape with one case, `NonTestSuiteFailure/`.
function isGoogletestAdHoc(suite: string, name: string | undefined): boolean {
  return suite === 'NonTestSuiteFailure' && name === '';
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

/**
 * A testcase without a name gets one that says so and where it stands, so two unnamed cases never merge
 * (a second one on the same line is numbered); the diagnostic names the file and line.
 */
function unnamedCaseName(
  testcase: XmlElement,
  prefix: string,
  from: ReportFile,
  unnamed: Map<number, number>,
  diagnostics: Diagnostic[],
): string {
  const count = (unnamed.get(testcase.line) ?? 0) + 1;
  unnamed.set(testcase.line, count);
  const caseName = `(unnamed testcase, line ${testcase.line}${count > 1 ? ` #${count}` : ''})`;
  diagnostics.push(
    diagnostic(
      'unnamed-case',
      'warning',
      `a <testcase> without a name attribute is read as the case "${prefix}/${caseName}"; only a ` +
        'whole-target claim (or a glob) can select it: make the test runner write a name',
      { file: from.file, line: testcase.line },
    ),
  );
  return caseName;
}

/** The failing case that stands for an <error>/<failure> written directly in a <testsuite>, if any. */
function suiteFailure(
  suite: XmlElement,
  name: string,
  from: ReportFile,
  diagnostics: Diagnostic[],
): CaseObservation | undefined {
  const outcome = suiteOutcome(suite);
  if (outcome === undefined) return undefined;
  const path = `${name}/${SUITE_CASE_NAME}`;
  const at = { file: from.file, line: outcome.line };
  const said = outcome.message === undefined ? '' : ` ("${outcome.message}")`;
  diagnostics.push(
    diagnostic(
      'suite-failure',
      'warning',
      `test suite "${name}" reports ${outcome.result === 'error' ? 'an error' : 'a failure'} outside ` +
        `any testcase${said}, e.g. a class that failed to load or a failing before-all/after-all hook; ` +
        `it is read as the ${outcome.result === 'error' ? 'erroring' : 'failing'} case "${path}", which ` +
        'whole-target and glob claims select',
      at,
    ),
  );
  const observation: CaseObservation = {
    path,
    result: outcome.result,
    flaky: false,
    tags: [],
    synthetic: false,
    sources: from.sources,
    at,
  };
  if (outcome.message !== undefined) observation.message = outcome.message;
  return observation;
}

/** status/result values rr does not know, one diagnostic per value and suite. */
class UnknownWords {
  private readonly seen = new Map<
    string,
    { attribute: string; value: string; line: number; count: number }
  >();

  add(word: { attribute: string; value: string }, line: number): void {
    const key = `${word.attribute}\u0000${word.value}`;
    const entry = this.seen.get(key);
    if (entry === undefined) this.seen.set(key, { ...word, line, count: 1 });
    else entry.count++;
  }

  report(suite: string, file: string, diagnostics: Diagnostic[]): void {
    for (const { attribute, value, line, count } of this.seen.values()) {
      const cases = count === 1 ? 'its testcase is' : `its ${count} testcases are`;
      diagnostics.push(
        diagnostic(
          'unknown-result',
          'warning',
          `test suite "${suite}": ${attribute}="${value}" is not a result rr knows, so ${cases} read ` +
            'as not run (skipped), never as passed; see docs/evidence.md for the values rr reads',
          { file, line },
        ),
      );
    }
  }
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
