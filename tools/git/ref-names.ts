// Ref names a request may pass to git: checked before git sees them, so a name can never be taken for
// an option or a revision expression other than the simple ones the editor offers.
import type { GitErrorCode } from './git-error-codes.js';

/** A refused ref name (`bad-ref`). */
export class RefNameError extends Error {
  readonly code: Extract<GitErrorCode, 'bad-ref'> = 'bad-ref';

  constructor(message: string) {
    super(message);
    this.name = 'RefNameError';
  }
}

// The rules of `git check-ref-format` that matter, in one strict pattern: ASCII letters, digits and
// `._/-`, not starting with `-` or `.`, segments not starting with `.`.
const NAME = /^(?![-.])[A-Za-z0-9._/-]+$/;
// A name may end in ancestry steps: HEAD~2, main^, v1.0~1^2.
const ANCESTRY = /(?:[~^][0-9]{0,4})+$/;
const MAX_LENGTH = 200;

/** Why a plain ref name (branch, tag, commit id, HEAD) is refused, or undefined when it is fine. */
export function refNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a ref name is empty';
  if (name.length > MAX_LENGTH) return `a ref name is at most ${MAX_LENGTH} characters`;
  if (!NAME.test(name))
    return 'a ref name uses letters, digits and . _ / - only, and does not start with - or .';
  if (name.includes('..') || name.includes('//') || name.includes('/.'))
    return 'a ref name has no "..", "//" or a segment starting with "."';
  if (name.endsWith('/') || name.endsWith('.') || /\.lock(\/|$)/.test(name))
    return 'a ref name does not end with "/", "." or ".lock"';
  return undefined;
}

/** A revision a request names (a ref with optional ~N / ^N steps); throws RefNameError otherwise. */
export function checkRevision(text: unknown): string {
  if (typeof text !== 'string') throw new RefNameError('a revision must be a string');
  const base = text.replace(ANCESTRY, '');
  const problem = refNameProblem(base);
  if (problem) throw new RefNameError(`"${text}" is not a revision rr accepts: ${problem}`);
  return text;
}

/** A name for a new branch or tag (no ancestry steps); throws RefNameError otherwise. */
export function checkNewRefName(text: unknown): string {
  if (typeof text !== 'string') throw new RefNameError('a ref name must be a string');
  const problem = refNameProblem(text);
  if (problem) throw new RefNameError(`"${text}" cannot name a tag: ${problem}`);
  if (text === 'HEAD' || /^[0-9a-f]{40}$/.test(text))
    throw new RefNameError(`"${text}" cannot name a tag: it reads as a revision`);
  return text;
}
