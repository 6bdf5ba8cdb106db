// The fields the entity form shows for each kind (schemas/model.schema.json), in the order the form
// shows them. Fields not listed here (custom keys, notes) are carried through a save unchanged.
import { RESPONSIBLE_FIELD } from '../../../../tools/model/entity.js';
import type { Config, EntityKind } from '../api/api-types.js';

/** How a field is edited. */
export type FieldInput = 'text' | 'textarea' | 'status' | 'list' | 'ids' | 'choice' | 'claims' | 'method';

/** One field of the form. */
export interface FieldSpec {
  name: string;
  label: string;
  input: FieldInput;
  required?: boolean;
  /** for `ids`: the kinds the ids must be of */
  refKind?: EntityKind;
  /** for `choice`: fixed options, or the config key holding them */
  options?: readonly string[];
  optionsFrom?: 'severities' | 'likelihoods' | 'levels';
  help?: string;
}

export const KIND_LABELS: Record<EntityKind, { one: string; many: string; path: string }> = {
  user_need: { one: 'User need', many: 'User needs', path: 'user_need' },
  requirement: { one: 'Requirement', many: 'Requirements', path: 'requirement' },
  risk: { one: 'Risk', many: 'Risks', path: 'risk' },
  mitigation: { one: 'Mitigation', many: 'Mitigations', path: 'mitigation' },
  test_method: { one: 'Test method', many: 'Test methods', path: 'test_method' },
};

export const ENTITY_STATUSES = ['draft', 'proposed', 'approved', 'implemented', 'obsolete'] as const;

const COMMON_HEAD: FieldSpec[] = [
  { name: 'title', label: 'Title', input: 'text', required: true },
  { name: 'description', label: 'Description', input: 'textarea' },
];

const COMMON_TAIL: FieldSpec[] = [
  { name: 'status', label: 'Status', input: 'status' },
  {
    name: RESPONSIBLE_FIELD,
    label: 'Responsible',
    input: 'text',
    help: 'the person or team; written as owner in model files',
  },
  { name: 'tags', label: 'Tags', input: 'list', help: 'separated by commas' },
];

const BY_KIND: Record<EntityKind, FieldSpec[]> = {
  user_need: [
    { name: 'rationale', label: 'Rationale', input: 'textarea' },
    { name: 'validated_by', label: 'Validated by', input: 'claims' },
  ],
  requirement: [
    { name: 'rationale', label: 'Rationale', input: 'textarea' },
    { name: 'category', label: 'Category', input: 'text' },
    { name: 'satisfies', label: 'Satisfies (user needs)', input: 'ids', refKind: 'user_need' },
    { name: 'refines', label: 'Refines (parent requirement)', input: 'ids', refKind: 'requirement' },
    { name: 'method', label: 'Method (test method or level)', input: 'method' },
    { name: 'modules', label: 'Modules', input: 'list', help: 'labels separated by commas' },
    { name: 'verified_by', label: 'Verified by', input: 'claims' },
  ],
  risk: [
    { name: 'hazard', label: 'Hazard', input: 'text' },
    { name: 'hazardous_situation', label: 'Hazardous situation', input: 'textarea' },
    { name: 'harm', label: 'Harm', input: 'text' },
    { name: 'severity', label: 'Severity', input: 'choice', optionsFrom: 'severities' },
    { name: 'likelihood', label: 'Likelihood', input: 'choice', optionsFrom: 'likelihoods' },
    { name: 'mitigated_by', label: 'Mitigated by', input: 'ids', refKind: 'mitigation' },
    { name: 'residual_severity', label: 'Residual severity', input: 'choice', optionsFrom: 'severities' },
    {
      name: 'residual_likelihood',
      label: 'Residual likelihood',
      input: 'choice',
      optionsFrom: 'likelihoods',
    },
    { name: 'residual', label: 'Residual risk (acceptance)', input: 'textarea' },
  ],
  mitigation: [
    { name: 'type', label: 'Type', input: 'choice', options: ['inherent', 'protective', 'information'] },
    { name: 'mitigates', label: 'Mitigates (risks)', input: 'ids', refKind: 'risk' },
    { name: 'implemented_by', label: 'Implemented by (requirements)', input: 'ids', refKind: 'requirement' },
    { name: 'verified_by', label: 'Verified by (effectiveness)', input: 'claims' },
  ],
  test_method: [
    { name: 'level', label: 'Level', input: 'choice', optionsFrom: 'levels' },
    { name: 'procedure', label: 'Procedure', input: 'textarea' },
  ],
};

/** The form's fields for a kind. */
export function fieldsOf(kind: EntityKind): FieldSpec[] {
  return [...COMMON_HEAD, ...BY_KIND[kind], ...COMMON_TAIL];
}

/** The claims field of a kind (verified_by, validated_by), if it has one. */
export function claimsFieldOf(kind: EntityKind): 'verified_by' | 'validated_by' | undefined {
  if (kind === 'user_need') return 'validated_by';
  if (kind === 'requirement' || kind === 'mitigation') return 'verified_by';
  return undefined;
}

/** The names of the levels a config declares. */
export function levelNames(config: Config | undefined): string[] {
  return config?.levels.map((l) => l.name) ?? [];
}

/** The options of a choice field from the config. */
export function choiceOptions(spec: FieldSpec, config: Config | undefined): string[] {
  if (spec.options) return [...spec.options];
  if (!spec.optionsFrom || !config) return [];
  return spec.optionsFrom === 'levels' ? levelNames(config) : [...config[spec.optionsFrom]];
}
