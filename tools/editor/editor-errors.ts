// The editor's answers for errors of the layers below it: edit library refusals (EditError), the
// engine's refusals (DomainError) and git ref checks become ApiErrors with the statuses of
// docs/editing.md and docs/api.md ("Errors"), and the editor's error style for tools/http
// (docs/api.md, "Errors": {code, message, ...details}).
import type { FastifyRequest } from 'fastify';
import { AGENT_ERROR_STATUS, AgentError } from '../agents/jobs/agent-error.js';
import { isEditError, type EditErrorCode } from '../edit/edit-error.js';
import { GitError } from '../git/git-client.js';
import { RefNameError } from '../git/ref-names.js';
import { ApiError } from '../http/api-error.js';
import type { ErrorStyle } from '../http/error-answers.js';
import { DomainError, type DomainErrorCode } from '../verify/domain-error.js';

/** The status of each edit library refusal (docs/editing.md, "Errors"). */
export const EDIT_STATUS: Record<EditErrorCode, number> = {
  'unknown-entity': 404,
  'bad-request': 400,
  'bad-id': 400,
  'no-free-id': 400,
  'bad-file': 400,
  'still-referenced': 409,
  'unsupported-layout': 422,
  'lock-invalid': 409,
  'proof-failed': 409,
  'stale-version': 409,
  'changed-on-disk': 409,
  'checkout-locked': 423,
  'write-failed': 500,
  'journal-conflict': 500,
  'not-suspect': 409,
  'child-has-errors': 409,
  'review-stamps-invalid': 409,
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

/** How the editor names files in answers: relative to the checkout, as its diagnostics do. */
export interface RepoPaths {
  repoPath(path: string): string;
  repoText(text: string): string;
}

const AS_WRITTEN: RepoPaths = { repoPath: (path) => path, repoText: (text) => text };

/** An edit library, engine or git error as the ApiError the editor answers with; undefined for any other. */
export function editorApiError(error: unknown, paths: RepoPaths = AS_WRITTEN): ApiError | undefined {
  if (error instanceof DomainError)
    return new ApiError(DOMAIN_STATUS[error.code], error.code, paths.repoText(error.message), error.details);
  if (isEditError(error)) {
    const details: Record<string, unknown> = {};
    if (error.file !== undefined) details.file = paths.repoPath(error.file);
    if (error.line !== undefined) details.line = error.line;
    if (error.details.referrers) details.referrers = error.details.referrers.map((r) => paths.repoText(r));
    if (error.details.reasons) details.reasons = error.details.reasons.map((r) => paths.repoText(r));
    const message = paths.repoText(error.message);
    return new ApiError(EDIT_STATUS[error.code] ?? 500, error.code, message, details);
  }
  if (error instanceof AgentError)
    return new ApiError(AGENT_ERROR_STATUS[error.code], error.code, error.message, error.details);
  if (error instanceof RefNameError) return new ApiError(400, 'bad-ref', error.message);
  if (error instanceof GitError) return new ApiError(409, 'git-failed', error.message);
  return undefined;
}

/** How the editor words its error answers. */
export function editorErrorStyle(bodyLimit: number, paths?: RepoPaths): ErrorStyle {
  return {
    server: 'editor',
    apiDoc: 'docs/api.md',
    statusInBody: false,
    badBodyCode: 'bad-request',
    noRouteCode: 'not-found',
    bodyLimit,
    translate: (error: unknown) => editorApiError(error, paths),
    log: (request: FastifyRequest, error: unknown) => request.log.error(error),
  };
}
