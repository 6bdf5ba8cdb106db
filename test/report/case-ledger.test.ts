// The case ledger: one row per case with owner, basis, lock entry, quarantine, target groups; and its
// filters.
import { describe, expect, it } from 'vitest';
import { syntheticCasePath } from '../../tools/evidence/bazel-generated.js';
import { parseLabel } from '../../tools/model/labels.js';
import {
  caseLedger,
  matchesFilter,
  type LedgerFilter,
  type LedgerRow,
} from '../../tools/report/case-ledger.js';
import { analyzeYaml, cases, evidence, lockOf, req, whole } from '../verify/verify-fixture.js';

const T = '//p:t';
const W = '//p:w'; // reports its own cases, claimed whole: coarse
const S = '//p:s'; // reports no cases of its own, claimed whole: not coarse
const SYNTHETIC = (() => {
  const parsed = parseLabel(S);
  if (!parsed.ok) throw new Error('bad label');
  return syntheticCasePath(parsed.label);
})();

const TARGET_GROUPS = new Map([
  ['fast', new Set([T])],
  ['all', new Set([S, T, W])],
]);

const LOCK = lockOf([
  { target: T, path: 'A', owner: 'REQ-1' },
  { target: T, path: 'C', owner: 'REQ-1' },
  { target: W, path: 'X', owner: 'REQ-3' },
]);

/**
 * A: owned and locked. B: owned, not locked. C: claimed by REQ-2 but locked to REQ-1 (quarantined,
 * lock changed). D: claimed by REQ-1 and REQ-2 (shared-case). E: no claim, no tag. F: owned through
 * its tag. G: a flaky pass. W's cases are owned through a whole-target claim; S's synthetic case too.
 */
async function ledger() {
  const r = await analyzeYaml(
    {
      requirements: [
        req('REQ-1', [cases(T, 'A', 'B', 'D', 'G')]),
        req('REQ-2', [cases(T, 'C', 'D')]),
        req('REQ-3', [whole(W)]),
        req('REQ-4', [whole(S)]),
        req('REQ-5'),
      ],
    },
    evidence(
      {
        [T]: [
          { path: 'A' },
          { path: 'B', result: 'failed' },
          { path: 'C' },
          { path: 'D' },
          { path: 'E', result: 'skipped' },
          { path: 'F', tags: ['REQ-5'] },
          { path: 'G', flaky: true },
        ],
        [W]: [{ path: 'X' }, { path: 'Y', result: 'error' }],
      },
      { synthetic: [S] },
    ),
    LOCK,
  );
  return { analysis: r, rows: caseLedger(r, LOCK, TARGET_GROUPS) };
}

/** A row with the values of an owned, passing, unlocked, per-case row of T, overridden by `over`. */
function row(path: string, over: Partial<LedgerRow>): LedgerRow {
  return {
    target: T,
    path,
    owner: null,
    basis: null,
    result: 'passed',
    quarantine: null,
    claimed_by: [],
    locked_owner: null,
    lock_status: 'unlocked',
    coarse: false,
    flaky: false,
    lanes: ['fast', 'all'],
    ...over,
  };
}

const EXPECTED: LedgerRow[] = [
  row(SYNTHETIC, { target: S, owner: 'REQ-4', basis: 'model', claimed_by: ['REQ-4'], lanes: ['all'] }),
  row('A', {
    owner: 'REQ-1',
    basis: 'model',
    claimed_by: ['REQ-1'],
    locked_owner: 'REQ-1',
    lock_status: 'locked',
  }),
  row('B', { owner: 'REQ-1', basis: 'model', result: 'failed', claimed_by: ['REQ-1'] }),
  row('C', {
    quarantine: 'lock-owner-changed',
    claimed_by: ['REQ-2'],
    locked_owner: 'REQ-1',
    lock_status: 'changed',
  }),
  row('D', { quarantine: 'shared-case', claimed_by: ['REQ-1', 'REQ-2'] }),
  row('E', { result: 'skipped' }),
  row('F', { owner: 'REQ-5', basis: 'tag' }),
  row('G', { owner: 'REQ-1', basis: 'model', claimed_by: ['REQ-1'], flaky: true }),
  row('X', {
    target: W,
    owner: 'REQ-3',
    basis: 'model',
    claimed_by: ['REQ-3'],
    locked_owner: 'REQ-3',
    lock_status: 'locked',
    coarse: true,
    lanes: ['all'],
  }),
  row('Y', {
    target: W,
    owner: 'REQ-3',
    basis: 'model',
    result: 'error',
    claimed_by: ['REQ-3'],
    coarse: true,
    lanes: ['all'],
  }),
];

describe('rows', () => {
  it('one per case of the evidence, in evidence order, with every column', async () => {
    const { rows } = await ledger();
    expect(rows).toEqual(EXPECTED);
  });

  it('a quarantined case shows no owner and no basis, whoever claims it', async () => {
    const { rows } = await ledger();
    for (const r of rows.filter((x) => x.quarantine !== null)) {
      expect(r.owner).toBeNull();
      expect(r.basis).toBeNull();
    }
  });

  it('without a lock every case is unlocked', async () => {
    const { analysis } = await ledger();
    const rows = caseLedger(analysis, undefined, new Map());
    expect(rows.every((r) => r.lock_status === 'unlocked' && r.locked_owner === null)).toBe(true);
    expect(rows.every((r) => r.lanes.length === 0)).toBe(true);
  });

  it('a lock entry for an owned case that names another owner is changed', async () => {
    const { analysis } = await ledger();
    const rows = caseLedger(analysis, lockOf([{ target: T, path: 'B', owner: 'REQ-2' }]), TARGET_GROUPS);
    expect(rows.find((r) => r.path === 'B')).toMatchObject({
      owner: 'REQ-1',
      locked_owner: 'REQ-2',
      lock_status: 'changed',
    });
  });
});

describe('filters', () => {
  it.each<[LedgerFilter, string[]]>([
    ['owned', [SYNTHETIC, 'A', 'B', 'F', 'G', 'X', 'Y']],
    ['unowned', ['E']], // quarantined cases are not unowned
    ['quarantined', ['C', 'D']],
    ['unlocked', [SYNTHETIC, 'B', 'D', 'E', 'F', 'G', 'Y']], // a changed entry is still a lock entry
    ['coarse', ['X', 'Y']], // a whole-target claim on a target with no cases of its own is not
  ])('%s selects exactly its rows', async (filter, paths) => {
    const { rows } = await ledger();
    expect(rows.filter((r) => matchesFilter(r, filter)).map((r) => r.path)).toEqual(paths);
  });

  it('owned, unowned and quarantined split the ledger', async () => {
    const { rows } = await ledger();
    const counts = (['owned', 'unowned', 'quarantined'] as const).map(
      (f) => rows.filter((r) => matchesFilter(r, f)).length,
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
  });

  it('agree with the analysis counts', async () => {
    const { analysis, rows } = await ledger();
    expect(analysis.counts).toEqual({
      cases: rows.length,
      owned: rows.filter((r) => matchesFilter(r, 'owned')).length,
      unowned: rows.filter((r) => matchesFilter(r, 'unowned')).length,
      quarantined: rows.filter((r) => matchesFilter(r, 'quarantined')).length,
    });
  });
});
