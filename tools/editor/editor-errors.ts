// The editor's answers for errors of the layers below it: the application layer's refusals
// (tools/app/refusal.ts: edit library, engine, agents and git errors as codes) become ApiErrors with the
// statuses of docs/editing.md and docs/api.md ("Errors"), and the editor's error style for tools/http
// (docs/api.md, "Errors": {code, message, ...details}).
import type { FastifyRequest } from 'fastify';
import { AGENT_ERROR_STATUS } from '../agents/jobs/agent-error.js';
import { refusalOf, type Refusal, type RepoPaths } from '../app/refusal.js';
import type { EditErrorCode } from '../edit/edit-error.js';
import { ApiError } from '../http/api-error.js';
import type { ErrorStyle } from '../http/error-answers.js';
import type { DomainErrorCode } from '../verify/domain-error.js';

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

/** The status of git's refusals: a bad ref name, a failed git command. */
const GIT_STATUS = { 'bad-ref': 400, 'git-failed': 409 } as const;

/** An edit library, engine, agents or git error as the ApiError the editor answers with; undefined for any other. */
export function editorApiError(error: unknown, paths?: RepoPaths): ApiError | undefined {
  const refusal = refusalOf(error, paths);
  if (!refusal) return undefined;
  return new ApiError(statusOf(refusal), refusal.code, refusal.message, refusal.details);
}

/** The status the editor answers a refusal with. */
function statusOf(refusal: Refusal): number {
  switch (refusal.source) {
    case 'domain':
      return DOMAIN_STATUS[refusal.code];
    case 'edit':
      return EDIT_STATUS[refusal.code] ?? 500;
    case 'agents':
      return AGENT_ERROR_STATUS[refusal.code];
    case 'git':
      return GIT_STATUS[refusal.code];
  }
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
