// What a lock update would change, one line per case, and what to run then: `rr lock update|check` and
// the Bazel set's test.
import type { VerificationLockPlan } from '../verify/verification-lock-update.js';

/** `+` added, `~` moved and `-` removed cases; removals say they are kept unless `allowRemovals`. */
export function verificationLockPlanLines(plan: VerificationLockPlan, allowRemovals: boolean): string[] {
  return [
    ...plan.added.map((e) => `+ ${e.target} ${e.path} → ${e.owner}`),
    ...plan.changed.map(({ entry, from }) => `~ ${entry.target} ${entry.path}: ${from} → ${entry.owner}`),
    ...plan.removed.map(
      (e) =>
        `- ${e.target} ${e.path} (${e.owner})${allowRemovals ? '' : ' kept: pass --allow-removals to drop it'}`,
    ),
  ];
}

/** The closing line of an out-of-date lock's changes: what to run once they are reviewed. */
export function verificationLockOutOfDateLine(lockPath: string, updateCommand: string): string {
  return `${lockPath} is out of date; review the changes above, then run: ${updateCommand}`;
}
