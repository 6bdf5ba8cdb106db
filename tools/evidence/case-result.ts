// What one <testcase> element says about its outcome, across the JUnit dialects rr reads.
import type { CaseResult } from './test-case.js';
import type { XmlElement } from './xml-document.js';

/** The outcome of one testcase element in one run. */
export interface CaseOutcome {
  result: CaseResult;
  /** failed and then passed within this one report (Surefire reruns) */
  flaky: boolean;
  /** first line of the failure, error, skip or flaky-failure message */
  message?: string;
}

// Surefire writes the first failing run as <failure>/<error> and each further failing rerun as
// <rerunFailure>/<rerunError>; a test that failed and then passed gets only <flakyFailure>/<flakyError>.
const FLAKY = new Set(['flakyFailure', 'flakyError']);
const RERUN = new Set(['rerunFailure', 'rerunError']);

// googletest: status="notrun" for DISABLED_ tests; result="skipped" (GTEST_SKIP) or "suppressed".
const SKIPPED_STATUS = new Set(['notrun']);
const SKIPPED_RESULT = new Set(['skipped', 'suppressed']);

/** Reads result, flakiness and message from a testcase's children and attributes. */
export function caseOutcome(testcase: XmlElement): CaseOutcome {
  const child = (names: Set<string> | string) =>
    testcase.children.find((c) => (typeof names === 'string' ? c.name === names : names.has(c.name)));
  const error = child('error');
  const failure = child('failure');
  const skipped = child('skipped');
  if (error) return withMessage({ result: 'error', flaky: false }, error);
  if (failure) return withMessage({ result: 'failed', flaky: false }, failure);
  if (skipped) return withMessage({ result: 'skipped', flaky: false }, skipped);
  if (
    SKIPPED_STATUS.has(testcase.attributes.status ?? '') ||
    SKIPPED_RESULT.has(testcase.attributes.result ?? '')
  ) {
    return { result: 'skipped', flaky: false };
  }
  // Reruns with no final failure: the last run passed, so the case is flaky like a flakyFailure.
  const flakyRun = child(FLAKY) ?? child(RERUN);
  if (flakyRun) return withMessage({ result: 'passed', flaky: true }, flakyRun);
  return { result: 'passed', flaky: false };
}

function withMessage(outcome: CaseOutcome, element: XmlElement): CaseOutcome {
  const message = firstLine(element.attributes.message) ?? firstLine(element.text);
  return message === undefined ? outcome : { ...outcome, message };
}

/** The first non-blank line, trimmed, or undefined. */
export function firstLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
}
