import { analyze, type AnalyzeInput } from './analyze.js';
import { caseKey } from './case-key.js';

/** A lock entry without its line. */
export interface VerificationLockCase {
  target: string;
  path: string;
  owner: string;
}

/** What updating the lock would do, and the entries it would write. */
export interface VerificationLockPlan {
  added: VerificationLockCase[];
  changed: { entry: VerificationLockCase; from: string }[];
  removed: VerificationLockCase[];
  /** removals kept because they were not allowed */
  kept: VerificationLockCase[];
  entries: VerificationLockCase[];
  /** quarantined cases: the lock records owners attribution decided and never decides one */
  refusedBy: string[];
}

/**
 * What `rr lock update` would write over the model and evidence: the owner attribution decides for each
 * case, from an analysis without the lock (its old pins must not quarantine the cases they pin); a
 * quarantined case refuses the update; a removal is kept unless `allowRemovals`.
 */
export function planVerificationLockUpdate(
  input: Pick<AnalyzeInput, 'model' | 'evidence' | 'lock' | 'modelAnalysis'>,
  allowRemovals: boolean,
): VerificationLockPlan {
  const { model, evidence, modelAnalysis } = input;
  const analysis = analyze({ model, evidence, ...(modelAnalysis ? { modelAnalysis } : {}) });
  const old = input.lock;
  const refusedBy = analysis.cases
    .filter((a) => a.quarantine)
    .map((a) => `${a.case.target} ${a.case.path} (${a.quarantine})`);
  const desired = new Map<string, VerificationLockCase>();
  for (const a of analysis.cases) {
    if (a.owner)
      desired.set(caseKey(a.case.target, a.case.path), {
        target: a.case.target,
        path: a.case.path,
        owner: a.owner,
      });
  }
  const plan: VerificationLockPlan = {
    added: [],
    changed: [],
    removed: [],
    kept: [],
    entries: [],
    refusedBy,
  };
  for (const [key, entry] of desired) {
    const before = old?.byKey.get(key);
    if (!before) plan.added.push(entry);
    else if (before.owner !== entry.owner) plan.changed.push({ entry, from: before.owner });
    plan.entries.push(entry);
  }
  for (const before of old?.entries ?? []) {
    if (desired.has(caseKey(before.target, before.path))) continue;
    const entry = { target: before.target, path: before.path, owner: before.owner };
    plan.removed.push(entry);
    if (!allowRemovals) {
      plan.kept.push(entry);
      plan.entries.push(entry);
    }
  }
  return plan;
}

/** Whether the plan changes anything (removals count even when kept: the lock is out of date). */
export function planChanges(plan: VerificationLockPlan): boolean {
  return plan.added.length + plan.changed.length + plan.removed.length > 0;
}
