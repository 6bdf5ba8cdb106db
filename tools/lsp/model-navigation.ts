import { positionOf, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { SourcePosition } from '../model/source-position.js';
import { REFERENCE_FIELDS } from '../model/references.js';
import type { RuleContext } from '../validate/rule-context.js';

/** Where an id is written: at an entity's `id`, or in a field of another entity that names it. */
export interface IdMention {
  entity: Entity;
  /** 'id' for the declaration, else the referring field */
  field: string;
  at: SourcePosition;
}

/** The fields that name other entities: the trace links and a requirement's method. */
const NAMING_FIELDS = [
  ...REFERENCE_FIELDS,
  { kind: 'requirement', field: 'method', target: 'test_method' },
] as const;

/** Where the entity `id` is declared. */
export function declarationOf(model: Model, id: string): IdMention | undefined {
  const entity = model.byId.get(id);
  return entity ? { entity, field: 'id', at: positionOf(entity, 'id') } : undefined;
}

/** Every place a field of the model names `id` (in load order), not counting its declaration. */
export function mentionsOf(model: Model, id: string): IdMention[] {
  const out: IdMention[] = [];
  for (const entity of model.entities) {
    for (const ref of NAMING_FIELDS) {
      if (entity.kind !== ref.kind) continue;
      const value = entity.data[ref.field];
      if (Array.isArray(value)) {
        value.forEach((v, i) => {
          if (v === id) out.push({ entity, field: ref.field, at: positionOf(entity, `${ref.field}/${i}`) });
        });
      } else if (value === id) out.push({ entity, field: ref.field, at: positionOf(entity, ref.field) });
    }
  }
  return out;
}

/** An entity's parents (what it satisfies, refines, implements or mitigates) and children, as ids. */
export function traceOf(
  model: Model,
  ctx: RuleContext,
  entity: Entity,
): { parents: string[]; children: string[] } {
  // Links from either side, obsolete ends included: hover and navigation show every link written.
  if (entity.kind !== 'test_method') {
    const unique = (ids: string[]) => [...new Set(ids)];
    return {
      parents: unique(ctx.trace.outgoing(entity.id).map((l) => l.to.id)),
      children: unique(ctx.trace.incoming(entity.id).map((l) => l.from.id)),
    };
  }
  switch (entity.kind) {
    default:
      return {
        parents: [],
        children: model.entities
          .filter((e) => e.kind === 'requirement' && e.data.method === entity.id)
          .map((e) => e.id),
      };
  }
}
