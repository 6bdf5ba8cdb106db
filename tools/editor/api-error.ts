// Errors the API answers with: a status, a stable code and a message saying what to do. Edit library
// refusals (EditError), the engine's refusals (DomainError) and git ref checks map onto the same shape.
import { isEditError, type EditErrorCode } from '../edit/edit-error.js';
import { GitError } from '../git/git-client.js';
import { RefNameError } from '../git/ref-names.js';
import { DomainError, type DomainErrorCode } from '../verify/domain-error.js';

/** A refused request: the body is `{code, message, ...details}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The status of each edit library refusal (docs/editing.md, "Errors"). */
export const EDIT_STATUS: Record<EditErrorCode, number> = {
  'unknown-entity': 404,
  'bad-request': 400,
  'bad-id': 400,
  'no-free-id': 400,
  'still-referenced': 409,
  'unsupported-layout': 422,
  'lock-invalid': 409,
  'proof-failed': 409,
  'stale-version': 409,
  'changed-on-disk': 409,
  'checkout-locked': 423,
  'write-failed': 500,
  'journal-conflict': 500,
};

/** The status of each refusal by the engine's rules (docs/api.md, "Errors"). */
export const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  'bad-request': 400,
  'unknown-entity': 404,
  'unknown-case': 404,
  'unknown-note': 404,
  'needs-expand': 409,
  'one-owner': 409,
};

/** Any error as the API's status and body; unexpected errors become 500 without internals. */
export function errorResponse(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof ApiError)
    return { status: error.status, body: { code: error.code, message: error.message, ...error.details } };
  if (error instanceof DomainError)
    return {
      status: DOMAIN_STATUS[error.code],
      body: { code: error.code, message: error.message, ...error.details },
    };
  if (isEditError(error)) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.file !== undefined) body.file = error.file;
    if (error.line !== undefined) body.line = error.line;
    if (error.details.referrers) body.referrers = error.details.referrers;
    if (error.details.reasons) body.reasons = error.details.reasons;
    return { status: EDIT_STATUS[error.code] ?? 500, body };
  }
  if (error instanceof RefNameError)
    return { status: 400, body: { code: 'bad-ref', message: error.message } };
  if (error instanceof GitError) return { status: 409, body: { code: 'git-failed', message: error.message } };
  const fastify = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastify.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500)
    return {
      status: fastify.statusCode,
      body: { code: httpCode(fastify.statusCode), message: fastify.message ?? 'bad request' },
    };
  return { status: 500, body: { code: 'internal', message: 'the editor failed unexpectedly; see its log' } };
}

/** Codes for the framework's own refusals (body too large, bad JSON, wrong content type). */
function httpCode(status: number): string {
  if (status === 413) return 'body-too-large';
  if (status === 415) return 'unsupported-media-type';
  if (status === 404) return 'not-found';
  return 'bad-request';
}
