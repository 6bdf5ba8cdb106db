// An entity's parent: the entity it refines or satisfies (a requirement), or mitigates (a mitigation).
// New entities are placed beside their parent and the work queue groups gaps by it.
import { stringList, type EntityKind } from './entity.js';

/** The fields whose first id names an entity's parent, in the order a parent is looked for. */
const PARENT_FIELDS: Partial<Record<EntityKind, readonly string[]>> = {
  requirement: ['refines', 'satisfies'],
  mitigation: ['mitigates'],
};

/** The parent fields of a kind (none for user needs, risks and test methods). */
export function parentFields(kind: EntityKind): readonly string[] {
  return PARENT_FIELDS[kind] ?? [];
}

/** The parent an entity's fields name (its first refines, else satisfies; a mitigation's first mitigates). */
export function parentOf(kind: EntityKind, data: Record<string, unknown>): string | undefined {
  for (const field of parentFields(kind)) {
    const first = stringList(data[field])[0];
    if (first !== undefined) return first;
  }
  return undefined;
}
