// What the application layer refuses, front-end free: the errors of the layers below (the engine's
// DomainError, the edit library's EditError, the agents' AgentError, git's) as their own stable code, a
// message and facts, with the checkout's paths made relative. The CLI prints the message; the editor
// maps the code to an HTTP status in its one table (tools/editor/editor-errors.ts).
import { AgentError, type AgentErrorCode } from '../agents/jobs/agent-error.js';
import { isEditError, type EditErrorCode } from '../edit/edit-error.js';
import { GitError } from '../git/git-client.js';
import type { GitErrorCode } from '../git/git-error-codes.js';
import { RefNameError } from '../git/ref-names.js';
import { DomainError, type DomainErrorCode } from '../verify/domain-error.js';

/** Every code the layers below the front ends refuse with. */
export type AppErrorCode = EditErrorCode | DomainErrorCode | AgentErrorCode | GitErrorCode;

/** A refused request: a stable code, a message saying what to do, and facts for the client. */
export interface AppRefusal {
  readonly code: AppErrorCode;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** How answers name files: relative to the checkout, as its diagnostics do. */
export interface RepoPaths {
  repoPath(path: string): string;
  repoText(text: string): string;
}

const AS_WRITTEN: RepoPaths = { repoPath: (path) => path, repoText: (text) => text };

/** The refusal an error of the layers below carries; undefined for any other error (a fault). */
export function refusalOf(error: unknown, paths: RepoPaths = AS_WRITTEN): AppRefusal | undefined {
  if (error instanceof DomainError)
    return { code: error.code, message: paths.repoText(error.message), details: error.details };
  if (isEditError(error)) {
    const details: Record<string, unknown> = {};
    if (error.file !== undefined) details.file = paths.repoPath(error.file);
    if (error.line !== undefined) details.line = error.line;
    if (error.details.referrers) details.referrers = error.details.referrers.map((r) => paths.repoText(r));
    if (error.details.reasons) details.reasons = error.details.reasons.map((r) => paths.repoText(r));
    return { code: error.code, message: paths.repoText(error.message), details };
  }
  if (error instanceof AgentError)
    return { code: error.code, message: error.message, details: error.details };
  if (error instanceof RefNameError || error instanceof GitError)
    return { code: error.code, message: error.message, details: {} };
  return undefined;
}
