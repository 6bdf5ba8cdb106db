import type { StatusEntry } from '../api/api-types.js';

/** The two status letters of a changed file, as `git status --porcelain` prints them. */
export function statusLetters(file: StatusEntry): string {
  return `${file.index}${file.worktree}`;
}
