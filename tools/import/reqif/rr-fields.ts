// The fields of each rr kind that travel as ReqIF attributes, in the order they are written; reference
// fields travel as SPEC-RELATIONs instead (REFERENCE_FIELDS).
import type { EntityKind } from '../../model/entity.js';

const COMMON_FIELDS = ['title', 'description', 'status', 'owner', 'rationale'];
const LATE_FIELDS = ['tags', 'notes'];

const KIND_FIELDS: Record<EntityKind, string[]> = {
  user_need: ['validated_by'],
  requirement: ['category', 'method', 'modules', 'verified_by'],
  risk: [
    'hazard',
    'hazardous_situation',
    'harm',
    'severity',
    'likelihood',
    'residual_severity',
    'residual_likelihood',
    'residual',
  ],
  mitigation: ['type', 'verified_by'],
  test_method: ['level', 'procedure'],
};

/** Every attribute field of a kind (all but id and the reference fields). */
export function attributeFields(kind: EntityKind): string[] {
  return [...COMMON_FIELDS, ...KIND_FIELDS[kind], ...LATE_FIELDS];
}

/** Fields that hold a list: written as JSON when they are lists, read back from JSON. */
export const LIST_FIELDS = new Set(['tags', 'modules', 'notes', 'verified_by', 'validated_by']);
