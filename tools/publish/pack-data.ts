// What an audit pack shows (docs/publish.md), gathered once from the engine's analysis: the publisher's
// pages and exports read only this. Verdicts, sets, gaps and scores are the engine's; nothing here
// judges anew. Paths are relative to the workspace so two clones publish the same bytes.
import { entityName, KIND_WORDS, positionOf, SECTION_OF_KIND } from '../model/entity.js';
import type { Entity, EntityKind } from '../model/entity.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { countDiagnostics } from '../report/diagnostic-counts.js';
import { invariantLine } from '../report/report-sentences.js';
import { modelSummary } from '../report/model-summary.js';
import { traceGraph, type TraceEdge } from '../report/trace-graph.js';
import { initialScore, residualScore, riskAcceptability } from '../validate/risk-score.js';
import type { Analysis } from '../verify/analyze.js';
import { caseKey } from '../verify/case-key.js';
import type { Gap } from '../verify/gaps.js';
import type { EntityVerdict, SetMember, Verdict } from '../verify/verdicts.js';
import type { VerificationLock } from '../verify/verification-lock-file.js';
import type { ModelDiff } from './model-history.js';
import { PACK_TRACE_KINDS, packMatrix, type PackMatrix } from './pack-matrix.js';

/** The baseline a pack was published from. */
export interface Baseline {
  /** the tag naming the commit, else null */
  tag: string | null;
  /** the commit, null outside git */
  commit: string | null;
  /** the commit's date as git records it (ISO 8601 with its offset), null outside git */
  date: string | null;
  /** the working tree's model or lock differs from the commit (never with --baseline) */
  modified: boolean;
}

/** A trace link of an entity, to the entity at its other end. */
export interface PackLink {
  id: string;
  relation: TraceEdge['relation'];
}

/** One member of a verification set, with its lock state and evidence files. */
export interface PackMember extends SetMember {
  /** locked: pinned to this entity; other: pinned to another; unlocked: not in the lock; none: no lock */
  lock: 'locked' | 'other' | 'unlocked' | 'none';
  /** evidence files the case was read from, relative to the workspace */
  evidence: string[];
}

/** One entity with everything its document page shows. */
export interface PackEntity {
  id: string;
  kind: EntityKind;
  title: string;
  file: string;
  line: number;
  data: Record<string, unknown>;
  verdict: Verdict | null;
  basis: EntityVerdict['basis'];
  /** the verdict in words: what it was derived from */
  why: string;
  derivedFrom: string[];
  /** links from this entity to what it serves */
  up: PackLink[];
  /** links from entities that serve this one */
  down: PackLink[];
  members: PackMember[];
  /** source annotations, relative to the workspace */
  sources: { file: string; line: number; verb: string }[];
}

/** A model document: one file, its sections in file order. */
export interface PackDocument {
  file: string;
  sections: { kind: EntityKind; title: string; entities: string[] }[];
}

/** A row of the matrix from needs to results: one requirement. */
export interface ForwardRow {
  requirement: string;
  title: string;
  /** user needs it satisfies, itself or through the requirements it refines */
  needs: string[];
  /** mitigations it implements */
  mitigations: string[];
  /** requirements it refines */
  parents: string[];
  verdict: Verdict | null;
  cases: { target: string; path: string; state: string }[];
  /** no parent at all: no need, no parent requirement, no mitigation */
  derived: boolean;
  /** a link is missing: no need reached, or no case and nothing to derive a verdict from */
  missingLinks: boolean;
}

/** A row of the matrix from a case to its owner. */
export interface BackwardRow {
  target: string;
  path: string;
  state: string;
  owner: string | null;
  ownerKind: EntityKind | null;
  ownerVerdict: Verdict | null;
  quarantined: boolean;
}

/** A risk as the ISO 14971 table shows it. */
export interface RiskRow {
  id: string;
  title: string;
  hazard: string;
  situation: string;
  harm: string;
  initial: { severity: string | null; likelihood: string | null; score: number | null };
  residual: { severity: string | null; likelihood: string | null; score: number | null };
  acceptability: ReturnType<typeof riskAcceptability>;
  acceptableScore: number | null;
  verdict: Verdict | null;
  mitigations: {
    id: string;
    title: string;
    type: string;
    verdict: Verdict | null;
    requirements: { id: string; verdict: Verdict | null }[];
  }[];
}

/** An evidence file and its SHA-256. */
export interface EvidenceFile {
  file: string;
  sha256: string;
}

/** What changed since --since: the semantic diff and the verdicts that moved. */
export interface PackChanges {
  since: { ref: string; commit: string; date: string };
  diff: ModelDiff;
  verdicts: { id: string; from: Verdict | null; to: Verdict | null }[];
}

/** Everything a pack shows. */
export interface PackData {
  project: string;
  rrVersion: string;
  baseline: Baseline;
  summary: string;
  invariant: string;
  counts: Analysis['counts'] & { entities: number; errors: number; warnings: number };
  verdictTotals: [string, number][];
  lock: { file: string | null; entries: number };
  documents: PackDocument[];
  entities: Map<string, PackEntity>;
  order: string[];
  forward: ForwardRow[];
  backward: BackwardRow[];
  risks: RiskRow[];
  quarantined: { target: string; path: string; rule: string; implicated: string[] }[];
  evidenceFiles: EvidenceFile[];
  changes: PackChanges | null;
  gaps: Gap[];
  diagnostics: Diagnostic[];
}

/** What packData needs besides the analysis. */
export interface PackSources {
  model: Model;
  analysis: Analysis;
  lock?: VerificationLock;
  rrVersion: string;
  baseline: Baseline;
  evidenceFiles: EvidenceFile[];
  changes: PackChanges | null;
  /** a path as the pack shows it (relative to the workspace, '/'-separated) */
  place: (file: string) => string;
  /** an evidence file (relative to the evidence directory) as the pack shows it */
  evidencePlace: (file: string) => string;
  /** the matrix rows, when they were made beforehand (packMatrix of the same model and analysis) */
  matrix?: PackMatrix;
}

const VERDICT_ORDER: (Verdict | 'none')[] = [
  'VERIFIED',
  'ACCEPTED',
  'PARTIAL',
  'UNVERIFIED',
  'FAILED',
  'INVALID',
  'none',
];

/** The pack's data from a model, its analysis and the baseline. Pure: no I/O. */
export function packData(sources: PackSources): PackData {
  const { model, analysis, lock, place, evidencePlace } = sources;
  const matrix = sources.matrix ?? packMatrix(model, analysis);
  const verdicts = new Map(analysis.entities.map((v) => [v.id, v]));
  const verdictOf = (id: string) => verdicts.get(id)?.verdict ?? null;
  const { edges } = traceGraph(model, { kinds: PACK_TRACE_KINDS });
  const up = new Map<string, PackLink[]>();
  const down = new Map<string, PackLink[]>();
  for (const e of edges) {
    push(up, e.from, { id: e.to, relation: e.relation });
    push(down, e.to, { id: e.from, relation: e.relation });
  }
  // By target, then path: a large pack has 200,000 cases, and a key string made per case and per
  // member (and hashed) was most of this function's time.
  const casesOf = new Map<string, Map<string, Analysis['cases'][number]>>();
  for (const a of analysis.cases) {
    let byPath = casesOf.get(a.case.target);
    if (!byPath) casesOf.set(a.case.target, (byPath = new Map<string, Analysis['cases'][number]>()));
    byPath.set(a.case.path, a);
  }
  // A case read from one file shares that file's list with the other cases read from it.
  const oneFile = new Map<string, string[]>();
  const evidenceOf = (files: readonly string[]): string[] => {
    if (files.length !== 1) return files.map(evidencePlace);
    let list = oneFile.get(files[0]!);
    if (!list) oneFile.set(files[0]!, (list = [evidencePlace(files[0]!)]));
    return list;
  };
  const entities = new Map<string, PackEntity>();
  for (const e of model.entities) {
    const v = verdicts.get(e.id);
    const members = (v?.members ?? []).map((m): PackMember => {
      const pinned = lock?.byKey.get(caseKey(m.target, m.path));
      const attributed = casesOf.get(m.target)?.get(m.path);
      return {
        ...m,
        lock: !lock ? 'none' : !pinned ? 'unlocked' : pinned.owner === e.id ? 'locked' : 'other',
        evidence: attributed ? evidenceOf(attributed.case.sources) : [],
      };
    });
    entities.set(e.id, {
      id: e.id,
      kind: e.kind,
      title: typeof e.data.title === 'string' ? e.data.title : '',
      file: place(e.file),
      line: positionOf(e).line,
      data: e.data,
      verdict: v?.verdict ?? null,
      basis: v?.basis ?? 'none',
      why: verdictWhy(v, verdictOf),
      derivedFrom: v?.derived_from ?? [],
      up: up.get(e.id) ?? [],
      down: down.get(e.id) ?? [],
      members,
      sources: (analysis.annotations.get(e.id) ?? []).map((a) => ({
        file: place(a.file),
        line: a.line,
        verb: a.verb,
      })),
    });
  }
  const { errors, warnings } = countDiagnostics(analysis.diagnostics);
  const totals = new Map<string, number>();
  for (const v of analysis.entities) {
    if (v.kind === 'test_method') continue;
    const key = v.verdict ?? 'none';
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return {
    project: projectName(model),
    rrVersion: sources.rrVersion,
    baseline: sources.baseline,
    summary: modelSummary(model).replace(/ in \d+ files?$/, ''),
    invariant: invariantLine(analysis),
    counts: { ...analysis.counts, entities: model.entities.length, errors, warnings },
    verdictTotals: VERDICT_ORDER.filter((k) => totals.has(k)).map((k) => [k, totals.get(k)!]),
    lock: { file: lock ? place(lock.file) : null, entries: lock?.entries.length ?? 0 },
    documents: documentsOf(model, place),
    entities,
    order: model.entities.map((e) => e.id),
    forward: matrix.forward,
    backward: matrix.backward,
    risks: riskRows(model, entities, verdictOf),
    quarantined: analysis.cases
      .filter((a) => a.quarantine)
      .map((a) => ({
        target: a.case.target,
        path: a.case.path,
        rule: a.quarantine ?? '',
        implicated: a.implicated,
      })),
    evidenceFiles: sources.evidenceFiles,
    changes: sources.changes,
    gaps: analysis.gaps,
    diagnostics: analysis.diagnostics.map((d) => (d.file ? { ...d, file: place(d.file) } : d)),
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function projectName(model: Model): string {
  const name = model.project.name;
  return typeof name === 'string' && name !== '' ? name : 'rr model';
}

/** The verdict in words, from the engine's basis, set and derivation. */
function verdictWhy(v: EntityVerdict | undefined, verdictOf: (id: string) => Verdict | null): string {
  if (!v || v.verdict === null) return 'no verdict (test methods have none)';
  const states = new Map<string, number>();
  for (const m of v.members) states.set(m.state, (states.get(m.state) ?? 0) + 1);
  const own = [...states].map(([s, n]) => `${n} ${s}`).join(', ');
  const derived = v.derived_from.map((id) => `${id} ${verdictOf(id) ?? '-'}`).join(', ');
  switch (v.basis) {
    case 'accepted':
      return 'residual risk accepted (the risk records a benefit-risk decision)';
    case 'own':
      return v.verdict === 'INVALID'
        ? `its claims or cases are invalid (see the diagnostics); own set: ${own}`
        : `own verification set: ${own}`;
    case 'derived':
      return `derived from ${derived}`;
    case 'both':
      return `own verification set: ${own}; derived from ${derived}`;
    default:
      return v.verdict === 'INVALID'
        ? 'its claims are invalid (see the diagnostics)'
        : 'no case verifies it and nothing to derive a verdict from';
  }
}

/** The model's files in load order, each with its sections (a kind's run of entities) in file order. */
function documentsOf(model: Model, place: (file: string) => string): PackDocument[] {
  const byFile = new Map<string, Entity[]>();
  for (const e of model.entities) push(byFile, e.file, e);
  const files = [...model.files, ...[...byFile.keys()].filter((f) => !model.files.includes(f))];
  return files
    .filter((f) => byFile.has(f))
    .map((file) => {
      const sections: PackDocument['sections'] = [];
      for (const e of byFile.get(file)!) {
        const last = sections[sections.length - 1];
        if (last && last.kind === e.kind) last.entities.push(e.id);
        else sections.push({ kind: e.kind, title: sectionTitle(e.kind), entities: [e.id] });
      }
      return { file: place(file), sections };
    });
}

/** "User needs", "Test methods": a section's heading. */
export function sectionTitle(kind: EntityKind): string {
  const words = SECTION_OF_KIND[kind].replace(/_/g, ' ');
  return words[0]!.toUpperCase() + words.slice(1);
}

function riskRows(
  model: Model,
  entities: Map<string, PackEntity>,
  verdictOf: (id: string) => Verdict | null,
): RiskRow[] {
  const config = model.config;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return model.entities
    .filter((e) => e.kind === 'risk')
    .map((risk) => {
      const initial = initialScore(config, risk);
      const residual = residualScore(config, risk);
      const mitigations = entities
        .get(risk.id)!
        .down.filter((l) => l.relation === 'mitigates' && model.byId.get(l.id)?.kind === 'mitigation')
        .map((l) => {
          const m = entities.get(l.id)!;
          return {
            id: m.id,
            title: m.title,
            type: text(m.data.type),
            verdict: m.verdict,
            requirements: m.down
              .filter((r) => r.relation === 'implements')
              .map((r) => ({ id: r.id, verdict: verdictOf(r.id) })),
          };
        });
      return {
        id: risk.id,
        title: text(risk.data.title),
        hazard: text(risk.data.hazard),
        situation: text(risk.data.hazardous_situation),
        harm: text(risk.data.harm),
        initial: {
          severity: text(risk.data.severity) || null,
          likelihood: text(risk.data.likelihood) || null,
          score: initial?.score ?? null,
        },
        residual: {
          severity: residual?.severity ?? (text(risk.data.residual_severity) || null),
          likelihood: residual?.likelihood ?? (text(risk.data.residual_likelihood) || null),
          score: residual?.score ?? null,
        },
        acceptability: riskAcceptability(config, risk),
        acceptableScore: config.acceptable_risk_score,
        verdict: verdictOf(risk.id),
        mitigations,
      };
    });
}

/** "requirement REQ-001", re-exported for pages that name entities in sentences. */
export { entityName, KIND_WORDS };
