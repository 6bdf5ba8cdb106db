// Applying a worksheet's accepted rows (docs/worksheet.md, "Applying accepted rows"): each row is one
// checked case move (tools/app/case-move-save.ts), saved on its own: a row that would break a check
// is refused with its conflicts and writes nothing; every other accepted row is applied.
import type { WorksheetLedgerRow } from '../agents/worksheet/worksheet-ledger.js';
import type { Author } from '../git/git-client.js';
import type { Conflict } from '../verify/owner-checks.js';
import type { Expansion } from './case-move.js';
import { saveCaseMove } from './case-move-save.js';
import type { ModelSession } from './model-session.js';
import { refusalOf } from './refusal.js';

/** What applying one accepted row did. */
export interface WorksheetRowResult {
  target: string;
  path: string;
  /** the row's proposal: the owner the case was to get */
  proposed: string | null;
  /** the row's line in the worksheet */
  line: number;
  /** `applied` (the move was saved, or planned in a dry run), `in-effect` (nothing to do), `refused` */
  outcome: 'applied' | 'in-effect' | 'refused';
  /** the owner before */
  from: string | null;
  /** files written (for a dry run: that would be written), relative to the checkout */
  files: string[];
  /** a refusal's code and message (`one-owner`, `needs-expand`, `unknown-case`, `stale-version`, …) */
  code?: string;
  message?: string;
  /** a one-owner refusal's conflicts */
  conflicts?: Conflict[];
  /** a needs-expand refusal's claims that would be rewritten */
  expansions?: Expansion[];
}

/** How accepted rows are applied. */
export interface WorksheetApplyOptions {
  dryRun: boolean;
  /** let moves rewrite glob and whole-target claims into literal selectors */
  expand: boolean;
  author?: Author;
}

/** Applies the accepted rows one by one, in the worksheet's order; rows not accepted are left alone. */
export async function applyAcceptedRows(
  session: ModelSession,
  rows: readonly WorksheetLedgerRow[],
  options: WorksheetApplyOptions,
): Promise<WorksheetRowResult[]> {
  const results: WorksheetRowResult[] = [];
  for (const row of rows) {
    if (!row.accepted) continue;
    const base = {
      target: row.target,
      path: row.path,
      proposed: row.proposed,
      line: row.line,
      from: row.ledger?.owner ?? null,
    };
    if (row.state === 'in-effect') {
      results.push({ ...base, outcome: 'in-effect', files: [] });
      continue;
    }
    try {
      const answer = await saveCaseMove(
        session,
        { target: row.target, path: row.path, to: row.proposed, expand: options.expand },
        { dryRun: options.dryRun, ...(options.author ? { author: options.author } : {}) },
      );
      results.push({ ...base, from: answer.from, outcome: 'applied', files: answer.files });
    } catch (error) {
      const refusal = refusalOf(error, session);
      if (!refusal) throw error;
      const details = refusal.details;
      results.push({
        ...base,
        outcome: 'refused',
        files: [],
        code: refusal.code,
        message: refusal.message,
        ...(Array.isArray(details.conflicts) ? { conflicts: details.conflicts as Conflict[] } : {}),
        ...(Array.isArray(details.expansions) ? { expansions: details.expansions as Expansion[] } : {}),
      });
    }
  }
  return results;
}
