// Where assign-test-cases proposals go with the worksheet option and the worksheet action: an attribution
// worksheet (docs/worksheet.md), written by tools/agents/worksheet/. Only the fields proposed, reason and
// proposed_by of each case, never an owner.
import type { CaseOwnerProposal } from '../findings/finding.js';

/** Writes proposals into a worksheet. */
export interface WorksheetSink {
  /**
   * Adds each proposal as a row of the worksheet at `path` (relative to the checkout), creating the file
   * when needed; a row of the same case is replaced. Answers the worksheet's row count after the write.
   */
  write(path: string, proposals: readonly CaseOwnerProposal[]): Promise<{ rows: number }>;
}
