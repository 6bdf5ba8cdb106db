// The case ledger's rows grouped by target (docs/editor.md, "Case ledger"), and the entity ids a row
// names, each once: the owner, then the owner the lock pins when it differs, then the other entities
// whose claims select the case.
import type { LedgerRow } from '../api/api-types.js';

/** The cases of one target, in the order the ledger lists them. */
export interface TargetGroup {
  target: string;
  rows: LedgerRow[];
}

/** The rows ordered so that each target's cases are together, targets in order of first appearance. */
export function orderByTarget(rows: readonly LedgerRow[]): LedgerRow[] {
  return groupByTarget(rows).flatMap((g) => g.rows);
}

/** The rows as one group per target, targets in order of first appearance. */
export function groupByTarget(rows: readonly LedgerRow[]): TargetGroup[] {
  const groups = new Map<string, LedgerRow[]>();
  for (const row of rows) {
    const group = groups.get(row.target);
    if (group) group.push(row);
    else groups.set(row.target, [row]);
  }
  return [...groups].map(([target, cases]) => ({ target, rows: cases }));
}

/** The owner the lock pins when it is not the case's owner (a `changed` entry), else null. */
export function differentLockOwner(row: LedgerRow): string | null {
  return row.lock_status === 'changed' && row.locked_owner !== row.owner ? row.locked_owner : null;
}

/** The entities whose claims select the case, without the ids the row already names elsewhere. */
export function otherClaimants(row: LedgerRow): string[] {
  const named = new Set([row.owner, differentLockOwner(row)]);
  return row.claimed_by.filter((id, i) => !named.has(id) && row.claimed_by.indexOf(id) === i);
}
