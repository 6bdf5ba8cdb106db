// A worksheet's rows beside the case ledger: each proposal with the case's owner now, and where the row
// stands (docs/worksheet.md, "Rows beside the ledger").
import type { LedgerRow } from '../../report/case-ledger.js';
import { worksheetKey, type WorksheetRow } from './worksheet.js';

/**
 * Where a row stands: `proposed` (not accepted), `accepted` (to be applied), `in-effect` (the case
 * already belongs to the proposed entity, or to none when none is proposed), `no-case` (the loaded
 * evidence has no such case).
 */
export type WorksheetRowState = 'proposed' | 'accepted' | 'in-effect' | 'no-case';

/** One worksheet row with its ledger row. */
export interface WorksheetLedgerRow extends WorksheetRow {
  state: WorksheetRowState;
  /** the case as the ledger shows it now; null when the evidence has no such case */
  ledger: LedgerRow | null;
}

/** Joins a worksheet's rows with the case ledger. */
export function worksheetBesideLedger(
  rows: readonly WorksheetRow[],
  ledger: readonly LedgerRow[],
): WorksheetLedgerRow[] {
  const byCase = new Map(ledger.map((r) => [worksheetKey(r), r]));
  return rows.map((row) => {
    const now = byCase.get(worksheetKey(row)) ?? null;
    return { ...row, state: rowState(row, now), ledger: now };
  });
}

function rowState(row: WorksheetRow, now: LedgerRow | null): WorksheetRowState {
  if (!now) return 'no-case';
  if (now.quarantine === null && now.owner === row.proposed) return 'in-effect';
  return row.accepted ? 'accepted' : 'proposed';
}
