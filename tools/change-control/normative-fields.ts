// The fields that state what an entity requires (docs/change-control.md, "What is fingerprinted"): a
// change to one of them puts the links that rest on the entity in question. Trace links, claims, status,
// responsible, tags, notes and modules say where an entity stands, not what it says, and are left out
// (docs/decisions/0320-normative-fields.md).
import type { EntityKind } from '../model/entity.js';

const COMMON = ['title', 'description'] as const;

/** Each kind's normative fields, in the order messages list them. */
export const NORMATIVE_FIELDS: Record<EntityKind, readonly string[]> = {
  user_need: [...COMMON, 'rationale'],
  requirement: [...COMMON, 'rationale', 'category', 'method'],
  risk: [
    ...COMMON,
    'hazard',
    'hazardous_situation',
    'harm',
    'severity',
    'likelihood',
    'residual_severity',
    'residual_likelihood',
    'residual',
  ],
  mitigation: [...COMMON, 'type'],
  test_method: [...COMMON, 'level', 'procedure'],
};
