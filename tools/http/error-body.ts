// The one body of every error answer of both servers (docs/api.md and viewer/docs/viewer-api.md,
// "Errors"): the HTTP status repeated, so a body kept apart from its answer still says what it was, a
// stable code for programs, a message for people, then the refusal's details. Both pages read it.
import type { Refusal } from './api-error.js';
import type { ErrorStatus } from './error-status.js';

/** A refusal as body fields: `{code, message, ...details}`. */
export interface RefusalFields {
  code: string;
  message: string;
  /** The refusal's details (`referrers`, `conflicts`, `target`, ...). */
  [detail: string]: unknown;
}

/** An error answer's JSON body. */
export interface ErrorBody extends RefusalFields {
  status: ErrorStatus;
}

/** The fields every error answer starts with; a detail never takes their place. */
const RESERVED = new Set(['status', 'code', 'message']);

/** A refusal as the fields of a body, without the status: `{code, message, ...details}`. */
export function refusalFields(refusal: Refusal): RefusalFields {
  const fields: RefusalFields = { code: refusal.code, message: refusal.message };
  for (const [key, value] of Object.entries(refusal.details ?? {}))
    if (!RESERVED.has(key)) fields[key] = value;
  return fields;
}

/** The body of an error answer. */
export function errorBody(status: ErrorStatus, refusal: Refusal): ErrorBody {
  return { status, ...refusalFields(refusal) };
}
