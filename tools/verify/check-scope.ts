// The part of the evidence a save's one-owner checks must look at. A case's owner depends only on the
// claims on its target, its tags and the lock entry of its case; the cross-target rules compare cases
// of one path. So a save can change ownership only in the targets its changed entities claim (before
// or after), the targets of cases tagged with their ids or locked to them, and, through the
// cross-target rules, the cases that share a path with those. Analysing that part instead of all the
// evidence gives the same answers for those cases, at a fraction of the cost on large evidence.
import { claimsOf } from '../model/claims.js';
import type { Model } from '../model/model.js';
import type { Evidence, TargetEvidence } from '../evidence/test-case.js';
import type { VerificationLock } from './verification-lock-file.js';

/** Where ids and case paths occur in the evidence, built once per loaded evidence. */
export interface EvidenceIndex {
  /** entity id → targets with a case tagged with it */
  taggedIn: Map<string, Set<string>>;
  /** case path → targets that report it */
  pathIn: Map<string, Set<string>>;
}

/** Indexes tags and paths of the evidence. */
export function indexEvidence(evidence: Evidence): EvidenceIndex {
  const taggedIn = new Map<string, Set<string>>();
  const pathIn = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, target: string) => {
    const set = map.get(key) ?? new Set<string>();
    set.add(target);
    map.set(key, set);
  };
  for (const target of evidence.targets.values())
    for (const c of target.cases) {
      add(pathIn, c.path, target.target);
      for (const tag of c.tags) add(taggedIn, tag, target.target);
    }
  return { taggedIn, pathIn };
}

/** What the scope needs of an edit (the edit library's plan has it): the entities it changes and creates, the cases it re-locks. */
export interface ScopedEdit {
  /** id before the edit → the entity after it (null: deleted) */
  changes: ReadonlyMap<string, { id: string } | null>;
  created: readonly { id: string }[];
  request: { op: string; relock?: readonly { target: string }[] };
}

/** The evidence a check analyses, and the case paths whose ownership the plan can change. */
export interface CheckScope {
  evidence: Evidence;
  /** paths of the cases of the affected targets: only these cases can change owner or quarantine */
  paths: Set<string>;
  /**
   * the target labels the part stands for: those the plan can affect (in the evidence or not) and those
   * brought in for their paths; a claim on another target was left out, not unknown
   */
  targets: Set<string>;
}

/**
 * The evidence of the targets a plan can affect, with every target sharing a case path with them. Cases
 * of other paths in those extra targets are analysed without all their peers, so only `paths` count.
 */
export function checkScope(
  evidence: Evidence,
  index: EvidenceIndex,
  before: Model,
  after: Model,
  plan: ScopedEdit,
  lock: VerificationLock | undefined,
): CheckScope {
  const ids = new Set<string>(plan.changes.keys());
  for (const e of plan.changes.values()) if (e) ids.add(e.id);
  for (const c of plan.created) ids.add(c.id);
  const targets = new Set<string>();
  for (const id of ids) {
    for (const model of [before, after]) {
      const entity = model.byId.get(id);
      if (!entity) continue;
      const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
      for (const claim of claimsOf(entity, options)) if (claim.label) targets.add(claim.label);
    }
    for (const t of index.taggedIn.get(id) ?? []) targets.add(t);
  }
  for (const entry of lock?.entries ?? []) if (ids.has(entry.owner)) targets.add(entry.target);
  for (const r of plan.request.op === 'update-many' ? (plan.request.relock ?? []) : []) targets.add(r.target);
  const scoped = new Map<string, TargetEvidence>();
  for (const label of targets) {
    const target = evidence.targets.get(label);
    if (!target) continue;
    scoped.set(label, target);
  }
  // Cross-target rules group one path over all targets: bring in every target reporting such a path.
  const paths = new Set<string>();
  for (const target of [...scoped.values()])
    for (const c of target.cases) {
      paths.add(c.path);
      for (const other of index.pathIn.get(c.path) ?? [])
        if (!scoped.has(other)) scoped.set(other, evidence.targets.get(other)!);
    }
  // Keep the evidence's target order, so diagnostics come out in the same order as a full analysis.
  const ordered = new Map([...evidence.targets].filter(([label]) => scoped.has(label)));
  return {
    evidence: { ...evidence, targets: ordered, diagnostics: [] },
    paths,
    targets: new Set([...targets, ...scoped.keys()]),
  };
}
