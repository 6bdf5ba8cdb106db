// What the application layer refuses, front-end free: the errors of the layers below (the engine's
// DomainError, the edit library's EditError, the agents' AgentError, git's) as a stable code, a message
// and facts, with the checkout's paths made relative. The CLI prints the message; the editor maps the
// code to an HTTP status (tools/editor/editor-errors.ts).
import { AgentError, type AgentErrorCode } from '../agents/jobs/agent-error.js';
import { isEditError, type EditErrorCode } from '../edit/edit-error.js';
import { GitError } from '../git/git-client.js';
import { RefNameError } from '../git/ref-names.js';
import { DomainError, type DomainErrorCode } from '../verify/domain-error.js';

/** A refused request: a stable code, a message saying what to do, and facts for the client. */
export type Refusal = { message: string; details: Record<string, unknown> } & (
  | { source: 'domain'; code: DomainErrorCode }
  | { source: 'edit'; code: EditErrorCode }
  | { source: 'agents'; code: AgentErrorCode }
  | { source: 'git'; code: 'bad-ref' | 'git-failed' }
);

/** How answers name files: relative to the checkout, as its diagnostics do. */
export interface RepoPaths {
  repoPath(path: string): string;
  repoText(text: string): string;
}

const AS_WRITTEN: RepoPaths = { repoPath: (path) => path, repoText: (text) => text };

/** The refusal an error of the layers below carries; undefined for any other error (a fault). */
export function refusalOf(error: unknown, paths: RepoPaths = AS_WRITTEN): Refusal | undefined {
  if (error instanceof DomainError)
    return {
      code: error.code,
      message: paths.repoText(error.message),
      details: error.details,
      source: 'domain',
    };
  if (isEditError(error)) {
    const details: Record<string, unknown> = {};
    if (error.file !== undefined) details.file = paths.repoPath(error.file);
    if (error.line !== undefined) details.line = error.line;
    if (error.details.referrers) details.referrers = error.details.referrers.map((r) => paths.repoText(r));
    if (error.details.reasons) details.reasons = error.details.reasons.map((r) => paths.repoText(r));
    return { code: error.code, message: paths.repoText(error.message), details, source: 'edit' };
  }
  if (error instanceof AgentError)
    return { code: error.code, message: error.message, details: error.details, source: 'agents' };
  if (error instanceof RefNameError)
    return { code: 'bad-ref', message: error.message, details: {}, source: 'git' };
  if (error instanceof GitError)
    return { code: 'git-failed', message: error.message, details: {}, source: 'git' };
  return undefined;
}
