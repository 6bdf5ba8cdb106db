// An entity as the entity page shows it (docs/editor.md, "Entity lists and pages"): its fields and version,
// the verdict and verification set, the claims with what each selector matches, traces both ways, source
// annotations, issues, gaps and notes.
import { claimsOf, type Claim } from '../model/claims.js';
import { positionOf, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { writtenSelects } from '../model/selectors.js';
import type { Evidence } from '../evidence/test-case.js';
import { entityVersion } from '../edit/entity-version.js';
import { traceEdge } from '../report/trace-graph.js';
import { traceIndex } from '../trace/trace-index.js';
import type { Analysis } from '../verify/analyze.js';
import { gapsOfEntity } from '../verify/gaps.js';
import { caseKey } from '../verify/case-key.js';
import type { VerificationLock } from '../verify/verification-lock-file.js';
import { entityNoteKey } from './entity-notes.js';
import { riskAssessment, riskChainTree } from './risk-view.js';

/** An entity's own fields as lists and pages show them. */
export type EntitySummary = ReturnType<typeof entitySummary>;

/** One claim of a verification set as the entity page and the precheck show it. */
export type ClaimView = ReturnType<typeof claimView>;

/** GET /api/entities/{id}: everything the entity page shows. */
export type EntityDetail = ReturnType<typeof entityView>;

/** The entity's own fields, where it is written and the version a save must quote. */
export function entitySummary(entity: Entity, repoPath: (p: string) => string) {
  const at = positionOf(entity);
  return {
    id: entity.id,
    kind: entity.kind,
    title: typeof entity.data.title === 'string' ? entity.data.title : '',
    status: typeof entity.data.status === 'string' ? entity.data.status : null,
    file: repoPath(entity.file),
    line: at.line,
    form: entity.form,
    version: entityVersion(entity),
  };
}

/** One claim of a verification set: its selectors with how many observed cases each matches. */
export function claimView(claim: Claim, analysis: Analysis, evidence: Evidence | undefined) {
  const observed = claim.label ? (evidence?.targets.get(claim.label)?.cases ?? []) : [];
  const owners = new Map(
    analysis.cases
      .filter((a) => a.case.target === claim.label)
      .map((a) => [a.case.path, { owner: a.owner, quarantine: a.quarantine }]),
  );
  return {
    index: claim.index,
    target: claim.target,
    label: claim.label ?? null,
    shape: claim.shape,
    whole: claim.wholeTarget,
    reason: claim.reason ?? null,
    level: claim.level ?? null,
    problem: claim.labelProblem ?? null,
    selectors: claim.selectors.map((s) => ({
      selector: s.selector.text,
      problem: s.problem ?? null,
      matches: observed.filter((c) => writtenSelects(s, c.path)).length,
    })),
    /** the target's observed cases, for the checklist: a case owned by another entity shows its owner */
    cases: observed.map((c) => ({
      path: c.path,
      result: c.result,
      selected: claim.wholeTarget || claim.selectors.some((s) => writtenSelects(s, c.path)),
      owner: owners.get(c.path)?.owner ?? null,
      quarantine: owners.get(c.path)?.quarantine ?? null,
    })),
  };
}

/** Everything the entity page shows about one entity. */
export function entityView(
  entity: Entity,
  model: Model,
  analysis: Analysis,
  evidence: Evidence | undefined,
  lock: VerificationLock | undefined,
  repoPath: (p: string) => string,
) {
  const verdict = analysis.entities.find((v) => v.id === entity.id);
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const members = verdict?.members ?? [];
  const owned = new Set(
    analysis.cases.filter((a) => a.owner === entity.id).map((a) => caseKey(a.case.target, a.case.path)),
  );
  const locked = (lock?.entries ?? []).filter((e) => e.owner === entity.id);
  const trace = traceIndex(model);
  const notes: unknown[] = Array.isArray(entity.data.notes) ? entity.data.notes : [];
  return {
    entity: { ...entitySummary(entity, repoPath), data: entity.data },
    verdict: verdict?.verdict ?? null,
    basis: verdict?.basis ?? null,
    derived_from: verdict?.derived_from ?? [],
    ...(entity.kind === 'risk' ? { risk: riskAssessment(model.config, entity) } : {}),
    verification: {
      members,
      set: claimsOf(entity, options).map((c) => claimView(c, analysis, evidence)),
      quarantined: members.filter((m) => m.state === 'quarantined'),
      basis: verdict?.basis ?? null,
      derived_from: verdict?.derived_from ?? [],
      lock: {
        entries: locked.map((e) => ({ target: e.target, path: e.path, line: e.line })),
        // Out of date for this set: an owned case not pinned, or a pin attribution no longer gives it.
        out_of_date:
          !!lock &&
          ([...owned].some((k) => lock.byKey.get(k)?.owner !== entity.id) ||
            locked.some((e) => !owned.has(caseKey(e.target, e.path)))),
      },
    },
    traces: {
      outgoing: trace.outgoing(entity.id).map(traceEdge),
      incoming: trace.incoming(entity.id).map(traceEdge),
      ...(entity.kind === 'risk'
        ? {
            chain: riskChainTree(model, entity, new Map(analysis.entities.map((v) => [v.id, v.verdict]))),
          }
        : {}),
    },
    sources: (analysis.annotations.get(entity.id) ?? []).map((a) => ({
      file: repoPath(a.file),
      line: a.line,
      column: a.column,
      verb: a.verb,
      text: a.text,
    })),
    issues: analysis.diagnostics
      .filter((d) => d.entity === entity.id)
      .map((d) => (d.file ? { ...d, file: repoPath(d.file) } : d)),
    // This entity's gaps only: the analysis after a save has not found every entity's.
    gaps: gapsOfEntity(
      entity.id,
      { get: (id) => model.entities.findLast((e) => e.id === id) },
      (id) => analysis.entities.findLast((v) => v.id === id),
      analysis.diagnostics,
      model.config,
    ),
    notes: notes.map((note, index) => ({ key: entityNoteKey(note, index), note })),
  };
}
