// A request about viewer records (pins, drafts, snapshots, notes, controls) that cannot be served.
// Like LiveRequestError it carries the HTTP status the route answers with, and a stable code.

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

const STATUS: Record<RecordErrorCode, 400 | 404 | 409 | 503> = {
  'bad-body': 400,
  'bad-id': 400,
  'bad-query': 400,
  'not-found': 404,
  exists: 409,
  'stale-revision': 409,
  'bad-transition': 409,
  'unsupported-control': 400,
  busy: 503,
};

/** A refused record request; `status` is the HTTP status, `extra` goes into the error body. */
export class RecordRequestError extends Error {
  readonly status: 400 | 404 | 409 | 503;

  constructor(
    readonly code: RecordErrorCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RecordRequestError';
    this.status = STATUS[code];
  }
}
