// What a workflow may propose (docs/agents.md, "Files in prompts", "Findings"): each workflow has a scope decided by rr,
// not by the model's answer or any file quoted in the prompt. A proposal outside it is dropped and the
// finding says why: a kind the workflow does not create, an entity the model does not have or the run
// does not cover, a reference to an unknown id, or a verification field.
import { stringList, type Entity } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import type { Proposal, ProposedKind } from './finding.js';

/** The fields no proposal may carry and no applied finding may change. */
export const PROTECTED_FIELDS = ['verified_by', 'validated_by'] as const;

/** Fields that name other entities. */
const REFERENCE_FIELDS = [
  'satisfies',
  'refines',
  'implements',
  'mitigates',
  'mitigated_by',
  'implemented_by',
];

/** What one run may propose. */
export interface ProposalScope {
  create: readonly ProposedKind[];
  /** entities an update may change: 'any' entity of the model, or these */
  update: 'any' | ReadonlySet<string>;
  note: 'any' | ReadonlySet<string>;
}

/** A proposal as the answer schemas give it: fields as a list of changes. */
export interface AnswerProposal {
  type: string;
  kind?: string;
  entity?: string;
  fields?: { field: string; value: unknown }[];
  text?: string;
}

/** A proposal kept, or why it was dropped. */
export type PolicyOutcome = { proposal: Proposal | null } | { dropped: string };

/** The first protected field a set of fields would set, or undefined. */
export function protectedFieldIn(fields: Record<string, unknown>): string | undefined {
  return PROTECTED_FIELDS.find((f) => Object.hasOwn(fields, f));
}

/** Checks an answer's proposal against the run's scope and the model. */
export function checkProposal(
  raw: AnswerProposal | null | undefined,
  scope: ProposalScope,
  model: Model,
  versionOf: (entity: Entity) => string,
): PolicyOutcome {
  if (!raw) return { proposal: null };
  const fields = fieldObject(raw.fields ?? []);
  const protectedField = protectedFieldIn(fields);
  if (protectedField)
    return { dropped: `it would set ${protectedField}; proposals never carry verification claims` };
  const unknownReference = REFERENCE_FIELDS.flatMap((f) => stringList(fields[f])).find(
    (id) => !model.byId.has(id),
  );
  if (unknownReference) return { dropped: `it names ${unknownReference}, which the model does not have` };
  switch (raw.type) {
    case 'create': {
      const kind = raw.kind as ProposedKind;
      if (!scope.create.includes(kind))
        return { dropped: `this workflow does not propose a new ${String(raw.kind).replace('_', ' ')}` };
      const data = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== null && k !== 'id'));
      if (typeof data.title !== 'string' || data.title.trim() === '')
        return { dropped: 'a new entity needs a title' };
      return { proposal: { type: 'create', kind, data } };
    }
    case 'update': {
      const entity = inScope(raw.entity, scope.update, model);
      if (typeof entity === 'string') return { dropped: entity };
      delete fields.id;
      if (Object.keys(fields).length === 0) return { dropped: 'the update changes no field' };
      return { proposal: { type: 'update', entity: entity.id, version: versionOf(entity), fields } };
    }
    case 'note': {
      const entity = inScope(raw.entity, scope.note, model);
      if (typeof entity === 'string') return { dropped: entity };
      const kind = raw.kind === 'todo' || raw.kind === 'question' ? raw.kind : 'gap';
      if (!raw.text?.trim()) return { dropped: 'the note has no text' };
      return { proposal: { type: 'note', entity: entity.id, kind, text: raw.text } };
    }
    default:
      return { dropped: `"${String(raw.type)}" is not a proposal this workflow makes` };
  }
}

/** The entity an update or note may touch, or why not. */
function inScope(id: string | undefined, allowed: ProposalScope['update'], model: Model): Entity | string {
  const entity = id ? model.byId.get(id) : undefined;
  if (!entity) return `it names ${id ?? 'no entity'}, which the model does not have`;
  if (allowed !== 'any' && !allowed.has(entity.id)) return `${entity.id} is outside what this run reviews`;
  return entity;
}

/** [{field, value}] as an object (a later change of a field wins). */
function fieldObject(changes: { field: string; value: unknown }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { field, value } of changes) out[field] = value;
  return out;
}
