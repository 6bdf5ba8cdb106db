import type { Claim } from '../model/claims.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { entityName } from '../model/entity.js';
import type { Evidence } from '../evidence/test-case.js';
import type { VerificationLock } from './verification-lock-file.js';

/**
 * Claims checked against the evidence: unknown-target (a claimed target that neither the evidence nor
 * the lock knows: most likely a typo) and coarse-claim (a whole-target claim on a target that reports
 * per-case results).
 */
export function claimEvidenceRules(
  claims: readonly Claim[],
  evidence: Evidence,
  lock: VerificationLock | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const lockedTargets = lock ? targetsOf(lock) : new Set<string>();
  for (const claim of claims) {
    if (!claim.label) continue;
    const target = evidence.targets.get(claim.label);
    // Named only when reported: most claims are not.
    const who = () => entityName(claim.entity);
    if (!target) {
      if (lockedTargets.has(claim.label)) continue; // known from the lock: it just did not run
      out.push(
        diagnostic(
          'unknown-target',
          'error',
          `${who()}: target ${claim.label} is not in the evidence (${evidence.root}) nor in the lock; check the label, or run the target`,
          claim.at,
          claim.entity.id,
        ),
      );
    } else if (claim.wholeTarget && !target.synthetic) {
      out.push(
        diagnostic(
          'coarse-claim',
          'warning',
          `${who()}: whole-target claim on ${claim.label}, which reports ${target.cases.length} cases of its own; claim them by case`,
          claim.at,
          claim.entity.id,
        ),
      );
    }
  }
  return out;
}

/** The targets a lock names, found once per lock (the editor checks every save against the same one). */
function targetsOf(lock: VerificationLock): ReadonlySet<string> {
  let targets = lockTargets.get(lock);
  if (!targets) lockTargets.set(lock, (targets = new Set(lock.entries.map((e) => e.target))));
  return targets;
}

const lockTargets = new WeakMap<VerificationLock, Set<string>>();
