// What one <testcase> element says about its outcome, across the JUnit dialects rr reads
// (docs/evidence.md, "Results"). The rule: only positive evidence that the test ran and passed is
// `passed`; every other shape is failed, error or skipped.
import type { CaseResult } from './test-case.js';
import { resultWord, type ResultWord } from './result-words.js';
import type { XmlElement } from '../xml/xml-document.js';

/** The outcome of one testcase element in one run. */
export interface CaseOutcome {
  result: CaseResult;
  /** failed and then passed within this one report (Surefire reruns) */
  flaky: boolean;
  /** first line of the failure, error, skip or flaky-failure message */
  message?: string;
  /** a `status` or `result` value rr does not know (read as not run) */
  unknownWord?: { attribute: string; value: string };
}

// Surefire writes the first failing run as <failure>/<error> and each further failing rerun as
// <rerunFailure>/<rerunError>; a test that failed and then passed gets only <flakyFailure>/<flakyError>.
const FLAKY = new Set(['flakyFailure', 'flakyError']);
const RERUN = new Set(['rerunFailure', 'rerunError']);

// Attributes that say whether and how the test ran: googletest and tst write `status`, googletest
// `result`; NUnit 2's `executed="False"` marks a test that did not run.
const WORD_ATTRIBUTES = ['status', 'result'] as const;

const RANK: Record<CaseResult, number> = { passed: 0, skipped: 1, failed: 2, error: 3 };

const FROM_WORD: Record<Exclude<ResultWord, 'ran'>, CaseResult> = {
  failed: 'failed',
  error: 'error',
  'not-run': 'skipped',
};

/** Reads result, flakiness and message from a testcase's children and attributes. */
export function caseOutcome(testcase: XmlElement): CaseOutcome {
  const outcome = outcomeOfChildren(testcase);
  if (outcome.flaky || outcome.result === 'passed' || outcome.result === 'skipped') {
    // An attribute can only make the reading worse: status="disabled" with no <skipped> child did not
    // run, status="failed" with no <failure> child failed.
    const worse = outcomeOfAttributes(testcase);
    if (worse !== undefined && RANK[worse.result] > RANK[outcome.result]) return worse;
  }
  return outcome;
}

function outcomeOfChildren(testcase: XmlElement): CaseOutcome {
  let error: XmlElement | undefined;
  let failure: XmlElement | undefined;
  let warning: XmlElement | undefined;
  let skipped: XmlElement | undefined;
  let flakyRun: XmlElement | undefined;
  let rerun: XmlElement | undefined;
  for (const child of testcase.children) {
    const name = child.name;
    if (name === 'error') error ??= child;
    else if (name === 'failure') failure ??= child;
    else if (name === 'warning') warning ??= child;
    else if (name === 'skipped') skipped ??= child;
    else if (FLAKY.has(name)) flakyRun ??= child;
    else if (RERUN.has(name)) rerun ??= child;
  }
  // Several result elements in one case: the worst wins.
  if (error) return withMessage({ result: 'error', flaky: false }, error);
  if (failure) return withMessage({ result: 'failed', flaky: false }, failure);
  // PHPUnit's <warning>: the test raised a warning and did not complete as written; not a pass.
  if (warning) return withMessage({ result: 'failed', flaky: false }, warning, 'warning: ');
  if (skipped) return withMessage({ result: 'skipped', flaky: false }, skipped);
  // Reruns with no final failure: the last run passed, so the case is flaky like a flakyFailure.
  const flaky = flakyRun ?? rerun;
  if (flaky) return withMessage({ result: 'passed', flaky: true }, flaky);
  return { result: 'passed', flaky: false };
}

/** The worst reading of the testcase's status, result and executed attributes, if any is not a plain "ran". */
function outcomeOfAttributes(testcase: XmlElement): CaseOutcome | undefined {
  let worst: CaseOutcome | undefined;
  const consider = (outcome: CaseOutcome) => {
    if (worst === undefined || RANK[outcome.result] > RANK[worst.result]) worst = outcome;
  };
  for (const attribute of WORD_ATTRIBUTES) {
    const value = testcase.attributes[attribute];
    if (value === undefined || value.trim() === '') continue;
    const word = resultWord(value);
    const said = `${attribute}="${value}"`;
    if (word === undefined) {
      consider({
        result: 'skipped',
        flaky: false,
        message: `${said} is not a result rr knows; read as not run`,
        unknownWord: { attribute, value },
      });
    } else if (word !== 'ran') {
      consider({ result: FROM_WORD[word], flaky: false, message: said });
    }
  }
  const executed = testcase.attributes.executed;
  if (executed !== undefined && executed.trim().toLowerCase() === 'false') {
    consider({ result: 'skipped', flaky: false, message: `executed="${executed}"` });
  }
  return worst;
}

function withMessage(outcome: CaseOutcome, element: XmlElement, prefix = ''): CaseOutcome {
  const message = firstLine(element.attributes.message) ?? firstLine(element.text);
  if (message !== undefined) return { ...outcome, message: prefix + message };
  return prefix === '' ? outcome : { ...outcome, message: prefix.replace(/: $/, '') };
}

/** The first non-blank line (lines end at \r\n, \r or \n), trimmed, or undefined. */
export function firstLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // Line by line, up to the first that is not blank: a failure's text may hold a whole log after it,
  // and splitting all of it into lines examined the whole log for its first line.
  let start = 0;
  for (;;) {
    let end = start;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === 10 || code === 13) break;
      end++;
    }
    const trimmed = text.slice(start, end).trim();
    if (trimmed !== '') return trimmed;
    if (end === text.length) return undefined;
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
}
