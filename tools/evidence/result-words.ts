// The words runners write in a testcase's `status` and `result` attributes (googletest, tst, NUnit and
// xUnit converters, Jenkins-style fixtures) and what each says about the test (docs/evidence.md,
// "Results"). A word rr does not know is never read as a pass.

/** What an attribute word says: the test ran (its children tell how it went), failed, errored or did not run. */
export type ResultWord = 'ran' | 'failed' | 'error' | 'not-run';

const WORDS = new Map<string, ResultWord>([
  // Ran: googletest's status="run" and result="completed", and the words for a pass.
  ...[
    'run',
    'ran',
    'completed',
    'executed',
    'passed',
    'pass',
    'success',
    'succeeded',
    'successful',
    'ok',
  ].map((w) => [w, 'ran'] as const),
  // Ran and did not pass. NUnit's "Warning" result state is not a success either.
  ...['failed', 'failure', 'fail', 'warning'].map((w) => [w, 'failed'] as const),
  ...['error', 'errored', 'broken', 'timeout', 'timedout', 'aborted', 'crashed', 'cancelled', 'canceled'].map(
    (w) => [w, 'error'] as const,
  ),
  // Did not run, or ran without a verdict (NUnit's Inconclusive): no evidence of a pass.
  ...[
    'notrun',
    'not_run',
    'not-run',
    'disabled',
    'skipped',
    'skip',
    'ignored',
    'pending',
    'inconclusive',
    'notrunnable',
    'notexecuted',
    'suppressed',
    'todo',
    'excluded',
    'blocked',
    'xfail',
    'xfailed',
  ].map((w) => [w, 'not-run'] as const),
]);

/** What a `status` or `result` value says, compared case-insensitively; undefined for a word rr does not know. */
export function resultWord(value: string): ResultWord | undefined {
  return WORDS.get(value.trim().toLowerCase());
}

/** Every word rr knows, by what it says (for the docs' table and tests). */
export function knownResultWords(): Map<ResultWord, string[]> {
  const byMeaning = new Map<ResultWord, string[]>();
  for (const [word, meaning] of WORDS) byMeaning.set(meaning, [...(byMeaning.get(meaning) ?? []), word]);
  return byMeaning;
}
