// One owner per test case (docs/api.md, "One-owner conflicts"): a save is refused when the model it
// would leave has a problem of the check table that the model before it did not have. The check is
// analyze(after) compared with analyze(before); an existing conflict never blocks an unrelated edit.
import { claimsOf } from '../model/claims.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { entityName, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { EDIT_MODEL_RULES, EDIT_QUARANTINE_RULES, MULTI_PARENT_RULES } from '../model/rule-catalog.js';
import type { ClaimAnalysis } from './analyze.js';
import type { AttributedCase } from './attribution.js';
import { caseKey } from './case-key.js';
import { traceIndex } from '../trace/trace-index.js';

/** One problem a save would introduce (or, as a notice, a change it makes that the user should see). */
export interface Conflict {
  code: string;
  message: string;
  /** the test case concerned, when the problem is about one */
  case: { target: string; path: string } | null;
  /** the entities involved (claimers, taggers, the pinned owner) */
  entities: string[];
  /** the case's owner before the save (its present owner), or null */
  owner: string | null;
}

/** The model and its analysis (at least diagnostics and attribution) on one side of a save. */
export interface CheckSide {
  model: Model;
  analysis: Pick<ClaimAnalysis, 'cases' | 'diagnostics'>;
}

/** What the checks compare. */
export interface OwnerCheckInput {
  before: CheckSide;
  after: CheckSide;
  /** ids (as after the save) of the entities the save creates or changes */
  changed: readonly string[];
  /** an id the save renames: problems named with the old id are the same problems */
  renamed?: { from: string; to: string };
  /**
   * the case paths the save can affect (check-scope.ts), when `after` analysed only part of the
   * evidence; cases of other paths are not compared
   */
  paths?: ReadonlySet<string>;
}

/** The problems a save introduces (refuse with 409) and the notices it raises (`takes-from-tag`). */
export function ownerChecks(input: OwnerCheckInput): { conflicts: Conflict[]; notices: Conflict[] } {
  // The cases before the save by key, made only when a case after it needs its old state (a save
  // that quarantines or takes nothing, the common one, never builds it).
  let was: Map<string, AttributedCase> | undefined;
  const before = (a: AttributedCase) =>
    (was ??= casesByKey(input.before.analysis, input.paths)).get(keyOf(a));
  const caseConflicts = introducedQuarantines(input, before);
  const conflicts = [
    ...caseConflicts,
    ...introducedModelProblems(input, caseConflicts),
    ...gainedParents(input),
    ...reasonlessWholeTargets(input),
  ];
  return { conflicts, notices: takenFromTags(input, before) };
}

/** Cases the save would quarantine (or quarantine for another reason) under a code of the table. */
function introducedQuarantines({ after, paths }: OwnerCheckInput, caseBefore: CaseBefore): Conflict[] {
  const out: Conflict[] = [];
  for (const a of after.analysis.cases) {
    if (!a.quarantine || !EDIT_QUARANTINE_RULES.has(a.quarantine)) continue;
    if (paths && !paths.has(a.case.path)) continue;
    const b = caseBefore(a);
    if (b?.quarantine === a.quarantine) continue;
    const { target, path } = a.case;
    const found = after.analysis.diagnostics.find(
      (d) =>
        d.rule === a.quarantine &&
        (d.message.includes(`${target} ${path}`) ||
          (d.message.includes(`case path ${path} `) && d.message.includes(target))),
    );
    const owner = b?.owner ?? null;
    const message =
      (found?.message ?? `case ${target} ${path} would be quarantined (${a.quarantine})`) +
      ` (its owner now: ${owner ?? 'none'})`;
    out.push({ code: a.quarantine, message, case: { target, path }, entities: a.implicated, owner });
  }
  return out;
}

/**
 * Model-level problems of the table that are new: counted per rule and message, with positions taken
 * out (an edit shifts lines) and a renamed id read as its new id. A static shared case already shown
 * per case is not repeated.
 */
function introducedModelProblems(input: OwnerCheckInput, caseConflicts: Conflict[]): Conflict[] {
  const rename = renamer(input.renamed);
  const key = (d: Diagnostic, map: (text: string) => string) =>
    `${d.rule}\u0000${map(d.entity ?? '')}\u0000${map(withoutPlaces(d.message))}`;
  const counts = new Map<string, number>();
  for (const d of input.before.analysis.diagnostics) {
    if (!EDIT_MODEL_RULES.has(d.rule)) continue;
    const k = key(d, rename);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const shown = new Set(caseConflicts.flatMap((c) => c.entities.map((id) => `${c.code}\u0000${id}`)));
  const out: Conflict[] = [];
  for (const d of input.after.analysis.diagnostics) {
    if (!EDIT_MODEL_RULES.has(d.rule)) continue;
    const k = key(d, (t) => t);
    const left = counts.get(k) ?? 0;
    if (left > 0) {
      counts.set(k, left - 1);
      continue;
    }
    // Attribution's per-case findings are the case conflicts above.
    if (caseConflicts.some((c) => c.case && d.message.includes(`${c.case.target} ${c.case.path}`))) continue;
    if (d.rule === 'shared-case' && d.entity && shown.has(`shared-case\u0000${d.entity}`)) continue;
    out.push({
      code: d.rule,
      message: d.message,
      case: null,
      entities: d.entity ? [d.entity] : [],
      owner: null,
    });
  }
  return out;
}

/**
 * multi-parent-refines / -implements while they are errors: a requirement may keep or drop parents it
 * already has, but not gain one.
 */
function gainedParents({ before, after, renamed }: OwnerCheckInput): Conflict[] {
  const rename = renamer(renamed);
  const out: Conflict[] = [];
  const flagged = new Map<string, Diagnostic>();
  for (const d of after.analysis.diagnostics)
    if (MULTI_PARENT_RULES.has(d.rule) && d.severity === 'error' && d.entity && !flagged.has(d.entity))
      flagged.set(d.entity, d);
  if (flagged.size === 0) return out;
  const parentsAfter = parentsOf(after.model);
  const parentsBefore = parentsOf(before.model);
  for (const [id, d] of flagged) {
    const oldId = renamed && renamed.to === id ? renamed.from : id;
    const had = new Set(parentsBefore(oldId).map(rename));
    const gained = parentsAfter(id).filter((p) => !had.has(p));
    if (gained.length === 0) continue;
    out.push({
      code: d.rule,
      message: `${d.message} (the save would add ${gained.join(', ')})`,
      case: null,
      entities: [id, ...gained],
      owner: null,
    });
  }
  return out;
}

/** Requirement id → its parents (the trace index's: requirements it refines, mitigations it implements). */
function parentsOf(model: Model): (id: string) => string[] {
  const trace = traceIndex(model);
  return (id) => trace.parents(id).map((p) => p.id);
}

/**
 * whole-target-reference: a whole-target claim needs a reason. Checked on the changed entities'
 * claims directly, because the check cannot be configured off while the rule's severity can.
 */
function reasonlessWholeTargets({ before, after, changed, renamed }: OwnerCheckInput): Conflict[] {
  const out: Conflict[] = [];
  const reasonless = (e: Entity | undefined) =>
    e
      ? claimsOf(e)
          .filter((c) => c.shape === 'whole' && (c.reason ?? '').trim() === '')
          .map((c) => c.target.trim())
      : [];
  for (const id of changed) {
    const now = reasonless(after.model.byId.get(id));
    if (now.length === 0) continue;
    const oldId = renamed && renamed.to === id ? renamed.from : id;
    const had = new Set(reasonless(before.model.byId.get(oldId)));
    const entity = after.model.byId.get(id)!;
    for (const target of now.filter((t) => !had.has(t)))
      out.push({
        code: 'whole-target-reference',
        message: `${entityName(entity)}: whole-target claim on ${target} has no reason; say why its cases cannot be claimed one by one`,
        case: null,
        entities: [id],
        owner: null,
      });
  }
  return out;
}

/**
 * Hybrid attribution: a claim that takes a case its own single tag gives to another entity. The model
 * wins; the save goes ahead and says so.
 */
function takenFromTags({ after, paths }: OwnerCheckInput, caseBefore: CaseBefore): Conflict[] {
  if (after.model.config.attribution !== 'hybrid') return [];
  const out: Conflict[] = [];
  for (const a of after.analysis.cases) {
    if (paths && !paths.has(a.case.path)) continue;
    const tag = a.case.tags.length === 1 ? a.case.tags[0]! : undefined;
    if (a.basis !== 'model' || !a.owner || tag === undefined || tag === a.owner) continue;
    if (!after.model.byId.has(tag)) continue;
    const b = caseBefore(a);
    if (b?.basis === 'model' && b.owner === a.owner) continue;
    const { target, path } = a.case;
    out.push({
      code: 'takes-from-tag',
      message: `the claim of ${a.owner} takes case ${target} ${path}, which its tag gives to ${tag}; the model wins`,
      case: { target, path },
      entities: [a.owner, tag],
      owner: b?.owner ?? null,
    });
  }
  return out;
}

/** A case after the save → the same case before it (by target and path), if it was there. */
type CaseBefore = (a: AttributedCase) => AttributedCase | undefined;

/** The cases of an analysis by key; only those of `paths` when given (the rest is never looked up). */
function casesByKey(
  analysis: CheckSide['analysis'],
  paths?: ReadonlySet<string>,
): Map<string, AttributedCase> {
  const map = new Map<string, AttributedCase>();
  for (const a of analysis.cases) if (!paths || paths.has(a.case.path)) map.set(keyOf(a), a);
  return map;
}

function keyOf(a: AttributedCase): string {
  return caseKey(a.case.target, a.case.path);
}

/** A message without "at file:line" places, which move when a file is edited. */
function withoutPlaces(message: string): string {
  return message.replace(/ at [^\s()]+:\d+(:\d+)?/g, '');
}

/** Reads the old id of a rename as the new one, so a renamed entity's old problems stay known. */
function renamer(renamed: { from: string; to: string } | undefined): (text: string) => string {
  if (!renamed) return (t) => t;
  const pattern = new RegExp(
    `(?<![\\w-])${renamed.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`,
    'g',
  );
  return (text) => text.replace(pattern, renamed.to);
}
