// References between entities by id: the fields that name other entities (docs/model-files.md). A rename
// rewrites them; a forced delete removes them.
import { entityName, positionOf, stringList, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { REFERENCE_FIELDS } from '../model/references.js';

/** One field of one entity that names an id. */
export interface Reference {
  entity: Entity;
  field: string;
}

/** Every field of the model that names `id` (reference fields and a requirement's method). */
export function referencesTo(model: Model, id: string): Reference[] {
  const out: Reference[] = [];
  for (const entity of model.entities) {
    for (const ref of REFERENCE_FIELDS) {
      if (entity.kind === ref.kind && stringList(entity.data[ref.field]).includes(id))
        out.push({ entity, field: ref.field });
    }
    if (entity.kind === 'requirement' && entity.data.method === id) out.push({ entity, field: 'method' });
  }
  return out;
}

/** "requirement REQ-002 (refines) at file:line" (the line naming the id), how a refused delete names who refers. */
export function describeReference(ref: Reference, id: string): string {
  const value = ref.entity.data[ref.field];
  const index = Array.isArray(value) ? value.indexOf(id) : -1;
  const at = positionOf(ref.entity, index >= 0 ? `${ref.field}/${index}` : ref.field);
  return `${entityName(ref.entity)} (${ref.field}) at ${at.file}:${at.line}`;
}

/** Data with every mention of `from` in a reference field replaced by `to`. */
export function withReferenceRenamed(
  data: Record<string, unknown>,
  field: string,
  from: string,
  to: string,
): Record<string, unknown> {
  const value = data[field];
  const renamed = Array.isArray(value)
    ? value.map((v: unknown) => (v === from ? to : v))
    : value === from
      ? to
      : value;
  return { ...data, [field]: renamed };
}

/** Data with `id` taken out of a reference field; a field left empty is removed. */
export function withReferenceRemoved(
  data: Record<string, unknown>,
  field: string,
  id: string,
): Record<string, unknown> {
  const value = data[field];
  const out = { ...data };
  if (Array.isArray(value)) {
    const rest = value.filter((v) => v !== id);
    if (rest.length > 0) out[field] = rest;
    else delete out[field];
  } else if (value === id) delete out[field];
  return out;
}
