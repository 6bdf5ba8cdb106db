// A request about viewer records (pins, drafts, snapshots, notes, controls) that cannot be served, with
// a stable code; the viewer's error map (server/viewer-errors.ts) gives each code its HTTP status.

/** Codes a record request can fail with (docs/viewer-api.md, "Errors"). */
export type RecordErrorCode =
  | 'bad-body'
  | 'bad-id'
  | 'bad-query'
  | 'not-found'
  | 'exists'
  | 'stale-revision'
  | 'bad-transition'
  | 'unsupported-control'
  | 'busy';

/** A refused record request; `extra` goes into the error body. */
export class RecordRequestError extends Error {
  constructor(
    readonly code: RecordErrorCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RecordRequestError';
  }
}
