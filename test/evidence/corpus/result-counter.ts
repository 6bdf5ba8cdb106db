// A second, minimal reader of JUnit results for the corpus test, written apart from rr's reader on a
// different XML parser (fast-xml-parser), so the two can disagree. It knows only the result shapes the
// corpus holds and fails loudly on any other, so a new shape cannot be counted by accident.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** What a file holds, counted per distinct (class, name) pair, duplicates keeping the worse result. */
export interface ResultCount {
  cases: number;
  passed: number;
  failed: number;
  error: number;
  skipped: number;
  /** testcases with no name (each its own case) */
  unnamed: number;
  /** <error>/<failure> directly in a <testsuite> */
  suiteLevel: number;
  /** distinct cases when each suite name is a target of its own (a free-standing file) */
  bySuite: number;
}

/** The counter's verdict on a file: not XML, XML that is no JUnit report, or the counts. */
export type Counted =
  { kind: 'malformed' } | { kind: 'not-junit'; root: string } | { kind: 'junit'; count: ResultCount };

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
type Result = 'passed' | 'failed' | 'error' | 'skipped';

const WORSE: Record<Result, number> = { skipped: 0, passed: 1, failed: 2, error: 3 };
const ERROR_WORDS = ['error', 'errored'];
const FAILED_WORDS = ['failed', 'failure'];
const SKIPPED_WORDS = [
  'disabled',
  'notrun',
  'skipped',
  'ignored',
  'inconclusive',
  'notrunnable',
  'suppressed',
];
const RAN_WORDS = ['run', 'completed', 'passed', 'success'];

/** Counts the results of one file's text. */
export function countResults(text: string): Counted {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { kind: 'malformed' };
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: false,
    htmlEntities: false,
  });
  // fast-xml-parser refuses external entities even when told not to process entities: drop the DOCTYPE.
  const nodes = parser.parse(text.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/, '')) as Node[];
  const root = nodes.find((n) => !tagOf(n).startsWith('?') && !tagOf(n).startsWith('#'));
  const rootTag = root === undefined ? '' : tagOf(root);
  if (root === undefined || (rootTag !== 'testsuites' && rootTag !== 'testsuite')) {
    return { kind: 'not-junit', root: rootTag };
  }
  const byKey = new Map<string, Result>();
  const count: ResultCount = {
    cases: 0,
    passed: 0,
    failed: 0,
    error: 0,
    skipped: 0,
    unnamed: 0,
    suiteLevel: 0,
    bySuite: 0,
  };
  const bySuite = new Set<string>();
  walk(root, byKey, count, bySuite);
  count.bySuite = bySuite.size;
  for (const result of byKey.values()) count[result]++;
  count.cases = byKey.size;
  return { kind: 'junit', count };
}

function tagOf(node: Node): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

function childrenOf(node: Node): Node[] {
  return (node[tagOf(node)] as Node[] | undefined) ?? [];
}

function walk(node: Node, byKey: Map<string, Result>, count: ResultCount, bySuite: Set<string>): void {
  const tag = tagOf(node);
  if (tag !== 'testsuite' && tag !== 'testsuites') return;
  const suite = node[':@']?.name ?? '';
  let suiteKey: string | undefined;
  for (const child of childrenOf(node)) {
    const childTag = tagOf(child);
    if (tag === 'testsuite' && childTag === 'testcase') {
      const attributes = child[':@'] ?? {};
      const prefix = attributes.classname || attributes.class || suite;
      const name = attributes.name;
      let key = JSON.stringify([prefix, name ?? '']);
      if (!name) key = `unnamed ${count.unnamed++}`;
      keepWorse(byKey, key, resultOf(child));
      bySuite.add(JSON.stringify([suite, key]));
    } else if (tag === 'testsuite' && (childTag === 'error' || childTag === 'failure')) {
      // One suite-level case per suite, whatever number of elements.
      suiteKey ??= `suite ${count.suiteLevel++}`;
      keepWorse(byKey, suiteKey, childTag === 'error' ? 'error' : 'failed');
      bySuite.add(suiteKey);
    } else {
      walk(child, byKey, count, bySuite);
    }
  }
}

function keepWorse(byKey: Map<string, Result>, key: string, result: Result): void {
  const before = byKey.get(key);
  if (before === undefined || WORSE[result] > WORSE[before]) byKey.set(key, result);
}

function resultOf(testcase: Node): Result {
  const kids = new Set(childrenOf(testcase).map(tagOf));
  const attributes = testcase[':@'] ?? {};
  const words = [attributes.status, attributes.result]
    .filter((w): w is string => !!w)
    .map((w) => w.toLowerCase());
  for (const word of words) {
    if (![...ERROR_WORDS, ...FAILED_WORDS, ...SKIPPED_WORDS, ...RAN_WORDS].includes(word)) {
      throw new Error(`the corpus counter does not know the result word "${word}": teach it`);
    }
  }
  if (kids.has('error') || words.some((w) => ERROR_WORDS.includes(w))) return 'error';
  if (kids.has('failure') || kids.has('warning') || words.some((w) => FAILED_WORDS.includes(w)))
    return 'failed';
  if (kids.has('skipped') || words.some((w) => SKIPPED_WORDS.includes(w))) return 'skipped';
  return 'passed';
}
