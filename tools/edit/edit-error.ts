/** Every code an EditError can carry; docs/editing.md explains each. */
export const EDIT_ERROR_CODES = [
  'unknown-entity',
  'bad-request',
  'bad-id',
  'no-free-id',
  'bad-file',
  'still-referenced',
  'unsupported-layout',
  'lock-invalid',
  'proof-failed',
  'stale-version',
  'changed-on-disk',
  'checkout-locked',
  'write-failed',
  'journal-conflict',
  'not-suspect',
  'child-has-errors',
  'review-stamps-invalid',
] as const;

/** What went wrong with an edit, as a stable code the editor API maps to a status. */
export type EditErrorCode = (typeof EDIT_ERROR_CODES)[number];

/** Extra facts an error carries for the client (who refers to an entity, why a proof failed). */
export interface EditErrorDetails {
  file?: string;
  line?: number;
  /** entities that still refer to the one being deleted, as "REQ-002 (refines) at file:line" */
  referrers?: string[];
  /** every reason a proof failed, each naming the file */
  reasons?: string[];
}

/**
 * A refused or failed edit. Thrown by every function of the edit library; nothing has been written
 * when it is thrown (except `write-failed` after the commit point, which recovery completes).
 */
export class EditError extends Error {
  readonly code: EditErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly details: EditErrorDetails;

  constructor(code: EditErrorCode, message: string, details: EditErrorDetails = {}) {
    super(message);
    this.name = 'EditError';
    this.code = code;
    this.details = details;
    if (details.file !== undefined) this.file = details.file;
    if (details.line !== undefined) this.line = details.line;
  }
}

/** Whether a value is an EditError (also across module copies, by name and code). */
export function isEditError(value: unknown): value is EditError {
  return (
    value instanceof EditError ||
    (value instanceof Error && value.name === 'EditError' && typeof (value as EditError).code === 'string')
  );
}

/** "file:line: " or "file: " for messages that point at a place. */
export function placeOf(file: string, line?: number): string {
  return line === undefined ? `${file}: ` : `${file}:${line}: `;
}
