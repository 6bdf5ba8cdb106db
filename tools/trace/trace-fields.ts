// The fields that write trace links (docs/glossary.md, "trace links"), and which end of the link writes
// each: a link always points from the more specific entity to what it serves, whichever side names it.
import type { EntityKind } from '../model/entity.js';
import { REFERENCE_FIELDS } from '../model/references.js';

/** What a trace link says its specific end does for the other. */
export type TraceRelation = 'satisfies' | 'refines' | 'implements' | 'mitigates';

/** One field that writes trace links. */
export interface TraceField {
  /** the kind that writes the field */
  kind: EntityKind;
  field: string;
  /** the kind the field must name (model/references.ts reports any other) */
  target: EntityKind;
  relation: TraceRelation;
  /** `from` when the writer is the specific end (satisfies), `to` when it is the served end (mitigated_by) */
  writtenBy: 'from' | 'to';
}

const RELATIONS: Record<string, Pick<TraceField, 'relation' | 'writtenBy'>> = {
  satisfies: { relation: 'satisfies', writtenBy: 'from' },
  refines: { relation: 'refines', writtenBy: 'from' },
  implemented_by: { relation: 'implements', writtenBy: 'to' },
  mitigates: { relation: 'mitigates', writtenBy: 'from' },
  mitigated_by: { relation: 'mitigates', writtenBy: 'to' },
};

// The order links of one entity are read in; the trace graph's edges come out in it.
const ORDER = ['satisfies', 'refines', 'implemented_by', 'mitigates', 'mitigated_by'];

/** Every trace field, with the kind it must name as model/references.ts checks it. */
export const TRACE_FIELDS: readonly TraceField[] = REFERENCE_FIELDS.filter((r) => r.field in RELATIONS)
  .map((r) => ({ ...r, ...RELATIONS[r.field]! }))
  .sort((a, b) => ORDER.indexOf(a.field) - ORDER.indexOf(b.field));
