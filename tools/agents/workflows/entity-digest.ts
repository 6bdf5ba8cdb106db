// An entity as prompts carry it (docs/agents.md, "What a prompt contains"): id, kind, title, description,
// status, its traces in both directions, its verdict and, for a risk, its hazard analysis. The model's own
// fields only; never its verification claims (tests come from the verification set, see
// verification-tests.ts).
import type { Entity } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import { traceIndex } from '../../trace/trace-index.js';
import type { Analysis } from '../../verify/analyze.js';

const TEXT_FIELDS = [
  'title',
  'description',
  'status',
  'rationale',
  'category',
  'method',
  'type',
  'hazard',
  'hazardous_situation',
  'harm',
  'severity',
  'likelihood',
  'residual_severity',
  'residual_likelihood',
  'residual',
] as const;

/** An entity's id and the ids one trace link away from it, either direction (obsolete ones too). */
export function traceNeighbours(model: Model, id: string): Set<string> {
  const trace = traceIndex(model);
  return new Set([
    id,
    ...trace.outgoing(id).map((l) => l.to.id),
    ...trace.incoming(id).map((l) => l.from.id),
  ]);
}

/** An entity as a prompt carries it. */
export function entityDigest(entity: Entity, model: Model, analysis: Analysis): Record<string, unknown> {
  const out: Record<string, unknown> = { id: entity.id, kind: entity.kind };
  for (const field of TEXT_FIELDS) {
    const value = entity.data[field];
    if (typeof value === 'string' && value.trim() !== '') out[field] = value;
  }
  const trace = traceIndex(model);
  const outgoing = trace.outgoing(entity.id).map((l) => `${l.relation} ${l.to.id}`);
  const incoming = trace.incoming(entity.id).map((l) => `${l.from.id} ${l.relation} it`);
  if (outgoing.length > 0) out.traces = outgoing;
  if (incoming.length > 0) out.traced_from = incoming;
  const verdict = analysis.entities.find((v) => v.id === entity.id)?.verdict;
  if (verdict) out.verdict = verdict;
  return out;
}

/** Entities a model-wide prompt carries at most. */
export const MODEL_DIGEST_LIMIT = 400;

/** Digests of at most MODEL_DIGEST_LIMIT entities, one a line, saying how many more were left out. */
export function boundedDigest(entities: readonly Entity[], model: Model, analysis: Analysis): string {
  const more = Math.max(0, entities.length - MODEL_DIGEST_LIMIT);
  const shown = digestLines(entities.slice(0, MODEL_DIGEST_LIMIT), model, analysis);
  return more > 0 ? `${shown}\n(${more} more entities not shown)` : shown;
}

/** Digests of several entities, as one JSON text (one entity a line). */
export function digestLines(entities: readonly Entity[], model: Model, analysis: Analysis): string {
  return entities.map((e) => JSON.stringify(entityDigest(e, model, analysis))).join('\n');
}
