// A model whose one claim lists selectors that are hard to match or that the server refuses, over
// evidence with a 40-character case name of a's: for checking that the entity form's matcher and the
// server's agree (test/editor/selector-agreement.test.ts, and in Chromium test/e2e/editor-selectors.test.ts).
import { join } from 'node:path';
import { writeEvidence, writeModel } from './editor-fixture.js';

/** The claimed target. */
export const SELECTOR_TARGET = '//pump:rate_test';

const LONG_CASE = `${'a'.repeat(20)}/${'a'.repeat(19)}`;

/** REQ-001's selectors on the target, one per line of the form. */
export const SELECTORS = [
  // As a RegExp this backtracks combinatorially against the long case name; no case ends in b.
  '*a*a*a*a*a*a*a*a*b',
  '*a*a*a*a*a*a*a*a*',
  // Control characters: C0, DEL, C1 and a tab inside the selector.
  'aaaa\u0001*',
  '*\u007f',
  '*\u0085',
  'Rate\tTest/*',
  'RateTest/b\\*c',
  'RateTest/*',
  'RateTest/b\\c',
  LONG_CASE,
];

/** Writes the model to `<root>/model` and the evidence to `<root>/testlogs`. */
export async function writeSelectorWorkspace(root: string): Promise<{ model: string; evidence: string }> {
  const model = join(root, 'model');
  const evidence = join(root, 'testlogs');
  // Single-object documents: one user need and the requirement whose claim lists the selectors.
  await writeModel(model, {
    'UN-001.yaml': { kind: 'user_need', id: 'UN-001', title: 'Dose' },
    'REQ-001.yaml': {
      kind: 'requirement',
      id: 'REQ-001',
      title: 'Rate',
      satisfies: 'UN-001',
      verified_by: [{ target: SELECTOR_TARGET, cases: SELECTORS }],
    },
  });
  await writeEvidence(evidence, {
    [SELECTOR_TARGET]: [{ path: LONG_CASE }, { path: 'RateTest/b*c' }, { path: 'RateTest/accepts' }],
  });
  return { model, evidence };
}
