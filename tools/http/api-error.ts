// The one error type of rr's HTTP servers: routes and guards throw it, and the server's error answers
// (error-answers.ts) turn it into the JSON body of docs/api.md and viewer/docs/viewer-api.md ("Errors").

/** A refused request: an HTTP status, a stable code for programs, a message that says what to do. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** More fields of the error body (the editor's `referrers`, the viewer's `current`, ...). */
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
