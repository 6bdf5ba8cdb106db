// The attribution worksheet (docs/worksheet.md): proposed owners of test cases, each accepted or not by
// a person. A worksheet never holds a decided owner; applying an accepted row is a checked case move.
import { dirname, join } from 'node:path';

/** A case as the case ledger names it. */
export interface WorksheetCase {
  target: string;
  path: string;
}

/** What a workflow (or a person) proposes for one case. */
export interface WorksheetProposal extends WorksheetCase {
  /** the id of the one entity the case verifies, or null: none */
  proposed: string | null;
  reason: string;
  /** the workflow and model (`assign-test-cases (MODEL)`) or a person */
  proposed_by: string;
}

/** One row of a worksheet file, with the person's mark and where it is written. */
export interface WorksheetRow extends WorksheetProposal {
  accepted: boolean;
  /** 1-based line of the row in the file */
  line: number;
}

/** A worksheet file as read. */
export interface Worksheet {
  file: string;
  rows: WorksheetRow[];
}

/** The file extension of a worksheet. */
export const WORKSHEET_EXTENSION = '.rrplan';

/** The key of a case in maps of rows. */
export function worksheetKey(c: WorksheetCase): string {
  return `${c.target}\u0000${c.path}`;
}

/** The worksheet a model's proposals go to by default: `cases.rrplan` in the model's folder. */
export function defaultWorksheetPath(modelPath: string, modelIsDirectory: boolean): string {
  return join(modelIsDirectory ? modelPath : dirname(modelPath), `cases${WORKSHEET_EXTENSION}`);
}
