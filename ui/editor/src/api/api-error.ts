import type { Conflict, ErrorBody } from './api-types.js';

/** A refused request: the HTTP status and the server's error body (docs/api.md, "Errors"). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly conflicts: Conflict[];
  readonly notices: Conflict[];
  /** The error body, `{status, code, message, ...details}`; partial when a proxy or the network answered. */
  readonly body: Partial<ErrorBody>;

  constructor(status: number, body: Partial<ErrorBody>) {
    const message = typeof body.message === 'string' ? body.message : `request failed (${status})`;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = typeof body.code === 'string' ? body.code : '';
    this.conflicts = Array.isArray(body.conflicts) ? (body.conflicts as Conflict[]) : [];
    this.notices = Array.isArray(body.notices) ? (body.notices as Conflict[]) : [];
  }
}

/** The message of any error, for a status line. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
