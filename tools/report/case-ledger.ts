import type { QuarantineRule } from '../model/rule-catalog.js';
import { suspectSetsOf, type Analysis } from '../verify/analyze.js';
import { caseKey } from '../verify/case-key.js';
import type { VerificationLock } from '../verify/verification-lock-file.js';

/** One row of the case ledger (docs/verification.md, "The case ledger"). */
export interface LedgerRow {
  target: string;
  path: string;
  owner: string | null;
  basis: 'model' | 'tag' | null;
  result: string;
  quarantine: QuarantineRule | null;
  claimed_by: string[];
  /** the owner the lock pins, or null when the case is not locked */
  locked_owner: string | null;
  lock_status: 'locked' | 'unlocked' | 'changed';
  coarse: boolean;
  flaky: boolean;
  /** present when its set's owner changed since the set was reviewed (docs/change-control.md) */
  suspect?: true;
  /** the target groups (`--lane-targets`) holding the case's target; the field keeps the flag's word */
  lanes: string[];
}

/** The ledger's filters. */
export type LedgerFilter = 'owned' | 'unowned' | 'quarantined' | 'unlocked' | 'coarse';

/** Every case of the evidence: its owner, how it got it, selecting entities, lock entry and target groups. */
export function caseLedger(
  analysis: Analysis,
  lock: VerificationLock | undefined,
  targetGroups: ReadonlyMap<string, ReadonlySet<string>>,
): LedgerRow[] {
  const suspect = suspectSetsOf(analysis.reviews);
  return analysis.cases.map((a) => {
    const entry = lock?.byKey.get(caseKey(a.case.target, a.case.path));
    const status = !entry ? 'unlocked' : entry.owner === a.owner ? 'locked' : 'changed';
    return {
      target: a.case.target,
      path: a.case.path,
      owner: a.owner,
      basis: a.basis,
      result: a.case.result,
      quarantine: a.quarantine,
      claimed_by: a.claimedBy,
      locked_owner: entry?.owner ?? null,
      lock_status: status,
      coarse: a.coarse,
      flaky: a.case.flaky,
      ...(a.owner !== null && suspect.get(a.owner)?.has(a.case.target) ? { suspect: true as const } : {}),
      lanes: [...targetGroups].filter(([, targets]) => targets.has(a.case.target)).map(([name]) => name),
    };
  });
}

/** Whether a row passes a filter. */
export function matchesFilter(row: LedgerRow, filter: LedgerFilter): boolean {
  switch (filter) {
    case 'owned':
      return row.owner !== null;
    case 'unowned':
      return row.owner === null && row.quarantine === null;
    case 'quarantined':
      return row.quarantine !== null;
    case 'unlocked':
      return row.lock_status === 'unlocked';
    case 'coarse':
      return row.coarse;
  }
}
