// Results written directly in a <testsuite>, outside any <testcase>: Ant and JUnit 4 put an <error> there
// when a test class fails to load or a @BeforeClass/@AfterClass method fails, and some writers a
// <failure>. Jenkins shows such an error as a case named `<init>`; rr reads it as one failing case of
// the suite, `<suite>/(suite)`, so claims on the whole target or on `<suite>/*` see it (docs/evidence.md).
import { firstLine } from './case-result.js';
import type { CaseResult } from './test-case.js';
import type { XmlElement } from '../xml/xml-document.js';

/** The case name that stands for the suite's own result, as rr's vitest reporter's `(file)` does for a file. */
export const SUITE_CASE_NAME = '(suite)';

/** What a suite's own result elements say, when it has any. */
export interface SuiteOutcome {
  result: Extract<CaseResult, 'failed' | 'error'>;
  message?: string;
  /** line of the first result element that decides the result */
  line: number;
}

/** The worst of the suite's own <error> and <failure> children (error before failure), or undefined. */
export function suiteOutcome(suite: XmlElement): SuiteOutcome | undefined {
  const error = suite.children.find((c) => c.name === 'error');
  const chosen = error ?? suite.children.find((c) => c.name === 'failure');
  if (chosen === undefined) return undefined;
  const outcome: SuiteOutcome = { result: error ? 'error' : 'failed', line: chosen.line };
  const message = firstLine(chosen.attributes.message) ?? firstLine(chosen.text);
  if (message !== undefined) outcome.message = message;
  return outcome;
}
