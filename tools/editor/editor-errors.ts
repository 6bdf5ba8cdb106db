// The editor's error policy (docs/api.md, "Errors"): ONE table gives every code its routes and the layers
// below them refuse with (the edit library, the engine's rules, the agents layer, git) its HTTP status;
// the HTTP layer's own codes have theirs in tools/http. editorRefusal reads its routes' errors and, through
// the application layer (tools/app/refusal.ts), its layers' as refusals, naming files relative to the checkout.
import { AGENT_ERROR_CODES, type AgentErrorCode } from '../agents/jobs/agent-error.js';
import { refusalOf, type RepoPaths } from '../app/refusal.js';
import { EDIT_ERROR_CODES, type EditErrorCode } from '../edit/edit-error.js';
import { GIT_ERROR_CODES, type GitErrorCode } from '../git/git-error-codes.js';
import type { Refusal } from '../http/api-error.js';
import type { ServerErrors } from '../http/error-answers.js';
import type { ErrorStatusTable } from '../http/error-status.js';
import { DOMAIN_ERROR_CODES, type DomainErrorCode } from '../verify/domain-error.js';
import {
  EDITOR_ROUTE_ERROR_CODES,
  EditorRouteError,
  type EditorRouteErrorCode,
} from './editor-route-error.js';

/** Every code the editor answers besides the HTTP layer's: its routes' and its layers'. */
export type EditorErrorCode =
  EditorRouteErrorCode | EditErrorCode | DomainErrorCode | AgentErrorCode | GitErrorCode;

/** The codes of each layer the editor answers for, by layer (the exhaustiveness test walks them). */
export const EDITOR_LAYER_CODES: Readonly<Record<string, readonly EditorErrorCode[]>> = {
  'editor routes': EDITOR_ROUTE_ERROR_CODES,
  edit: EDIT_ERROR_CODES,
  engine: DOMAIN_ERROR_CODES,
  agents: AGENT_ERROR_CODES,
  git: GIT_ERROR_CODES,
};

/** The editor's one table: the status of every code its routes and layers refuse with. */
export const EDITOR_ERROR_STATUS: ErrorStatusTable<EditorErrorCode> = {
  'bad-request': 400,
  'bad-id': 400,
  'no-free-id': 400,
  'bad-file': 400,
  'bad-ref': 400,
  'bad-author': 400,
  'no-author': 400,
  'outside-repository': 403,
  'unknown-entity': 404,
  'unknown-note': 404,
  'unknown-case': 404,
  'unknown-ref': 404,
  'unknown-job': 404,
  'unknown-workflow': 404,
  'unknown-finding': 404,
  'not-found': 404,
  'no-cross-origin': 405,
  'one-owner': 409,
  'stale-version': 409,
  'changed-on-disk': 409,
  'still-referenced': 409,
  'proof-failed': 409,
  'lock-invalid': 409,
  'needs-expand': 409,
  'lock-refused': 409,
  'no-lock': 409,
  'nothing-to-commit': 409,
  'tag-exists': 409,
  'not-a-repository': 409,
  'git-failed': 409,
  'llm-unavailable': 409,
  'protected-field': 409,
  'no-proposal': 409,
  'finding-closed': 409,
  'publish-refused': 409,
  'bad-worksheet': 422,
  'unsupported-layout': 422,
  'checkout-locked': 423,
  'write-failed': 500,
  'journal-conflict': 500,
  'not-suspect': 409,
  'child-has-errors': 409,
  'review-stamps-invalid': 409,
};

/** An error of the editor's routes or layers as the refusal it answers; undefined for any other. */
export function editorRefusal(error: unknown, paths?: RepoPaths): Refusal<EditorErrorCode> | undefined {
  if (error instanceof EditorRouteError) return error;
  return refusalOf(error, paths);
}

/** How the editor answers errors; `log` hears about every 5xx answer. */
export function editorErrors(
  bodyLimit: number,
  log: (line: string) => void,
  paths?: RepoPaths,
): ServerErrors<EditorErrorCode> {
  return {
    server: 'editor',
    apiDoc: 'docs/api.md',
    badBodyCode: 'bad-request',
    noRouteCode: 'not-found',
    bodyLimit,
    statuses: EDITOR_ERROR_STATUS,
    refusal: (error: unknown) => editorRefusal(error, paths),
    log,
  };
}
