// The codes of the git layer's errors: a revision or ref name rr does not accept (RefNameError) and a
// git command that failed (GitError). A front end gives each its own answer (the editor a status).

/** Every code a git layer error carries. */
export const GIT_ERROR_CODES = ['bad-ref', 'git-failed'] as const;

/** What the git layer refused or what failed. */
export type GitErrorCode = (typeof GIT_ERROR_CODES)[number];
