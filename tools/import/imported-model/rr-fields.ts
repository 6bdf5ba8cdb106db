// rr's entity fields by kind, as importers fill them and writers order them: the fields that are plain
// values (ReqIF attributes) and the reference fields (links).
import { ENTITY_KINDS, RESPONSIBLE_FIELD, type EntityKind } from '../../model/entity.js';
import { REFERENCE_FIELDS } from '../../model/references.js';

const COMMON_FIELDS = ['title', 'description', 'status', RESPONSIBLE_FIELD, 'rationale'];
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

/** Claims go last in a written entity: they are the longest. */
const CLAIM_FIELDS = new Set(['verified_by', 'validated_by']);

/** Every plain-value field of a kind (all but id and the reference fields). */
export function attributeFields(kind: EntityKind): string[] {
  return [...COMMON_FIELDS, ...KIND_FIELDS[kind], ...LATE_FIELDS];
}

/** Every plain-value field of any kind. */
export const ALL_ATTRIBUTE_FIELDS = new Set(ENTITY_KINDS.flatMap(attributeFields));

/** The reference fields of a kind. */
export function referenceFields(kind: EntityKind): string[] {
  return REFERENCE_FIELDS.filter((r) => r.kind === kind).map((r) => r.field);
}

/** The order a kind's fields are written in: text, links, the kind's own fields, tags and notes, claims. */
export function writtenFieldOrder(kind: EntityKind): string[] {
  const own = KIND_FIELDS[kind].filter((f) => !CLAIM_FIELDS.has(f));
  return [
    ...COMMON_FIELDS,
    ...referenceFields(kind),
    ...own,
    ...LATE_FIELDS,
    ...KIND_FIELDS[kind].filter((f) => CLAIM_FIELDS.has(f)),
  ];
}

/** Fields that hold a list: written as JSON when they are lists, read back from JSON. */
export const LIST_FIELDS = new Set(['tags', 'modules', 'notes', 'verified_by', 'validated_by']);

/** Fields that take a string or a list: one value is written as a string. */
export const STRING_OR_LIST = new Set([...REFERENCE_FIELDS.map((r) => r.field), 'tags', 'modules']);
