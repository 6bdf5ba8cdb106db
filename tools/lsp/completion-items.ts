import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { Evidence } from '../evidence/test-case.js';
import { bundledSchema } from '../model/bundled-schema.js';
import { ENTITY_KINDS, KIND_WORDS, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { CONFIGURABLE_RULES } from '../model/rule-catalog.js';
import { normalizeLabel } from '../model/labels.js';
import type { FieldContext } from './completion-field.js';

/** Which kind of entity each field names. */
const FIELD_KINDS: Record<string, EntityKind> = {
  satisfies: 'user_need',
  refines: 'requirement',
  implemented_by: 'requirement',
  mitigates: 'risk',
  mitigated_by: 'mitigation',
  method: 'test_method',
};

const LEVEL_FIELDS = new Set([
  'level',
  'default_level',
  'default_provided_level',
  'autonomous_max_level',
  'pyramid_min_level',
  'pyramid_cheap_levels',
]);
const SEVERITY_FIELDS = new Set(['severity', 'residual_severity', 'high_severities']);
const LIKELIHOOD_FIELDS = new Set(['likelihood', 'residual_likelihood']);

let enums: Map<string, string[]> | undefined;

/** Enum values of the model's JSON Schema by property name (all places a name has an enum, merged). */
function schemaEnums(): Map<string, string[]> {
  if (enums) return enums;
  enums = new Map();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const props = (node as { properties?: Record<string, { enum?: unknown[] }> }).properties;
    if (props) {
      for (const [name, prop] of Object.entries(props)) {
        if (Array.isArray(prop?.enum)) {
          const values = prop.enum.filter((v): v is string => typeof v === 'string');
          enums!.set(name, [...new Set([...(enums!.get(name) ?? []), ...values])]);
        }
      }
    }
    for (const v of Object.values(node)) walk(v);
  };
  walk(bundledSchema('model.schema.json'));
  return enums;
}

/** Completion items for the field the cursor is in: ids of the right kind, targets, cases, names, enums. */
export function completionItems(
  model: Model,
  evidence: Evidence | undefined,
  at: FieldContext,
): CompletionItem[] {
  const words = (values: readonly string[], kind: CompletionItemKind, detail?: string) =>
    values.map((label): CompletionItem => ({ label, kind, ...(detail ? { detail } : {}) }));
  if (at.key && at.parentField === 'rules')
    return words(
      CONFIGURABLE_RULES.map((r) => r.name),
      CompletionItemKind.Property,
      'rule',
    );
  if (at.parentField === 'rules' && !at.key)
    return words(['error', 'warning', 'off'], CompletionItemKind.EnumMember);
  const kind = FIELD_KINDS[at.field];
  if (kind) {
    const items = model.entities
      .filter((e) => e.kind === kind)
      .map((e): CompletionItem => ({
        label: e.id,
        kind: CompletionItemKind.Reference,
        detail: `${KIND_WORDS[e.kind]}${typeof e.data.title === 'string' ? `: ${e.data.title}` : ''}`,
      }));
    // A requirement's method is a test method's id or a level.
    if (at.field === 'method')
      items.push(
        ...words(
          model.config.levels.map((l) => l.name),
          CompletionItemKind.EnumMember,
          'level',
        ),
      );
    return items;
  }
  if (at.field === 'target' && evidence)
    return words([...evidence.targets.keys()], CompletionItemKind.Module, 'target in the evidence');
  if (at.field === 'cases' && evidence && at.target) {
    const target = evidence.targets.get(
      normalizeLabel(at.target, model.config.main_repo ? { mainRepo: model.config.main_repo } : {}) ??
        at.target,
    );
    return words(target?.cases.map((c) => c.path) ?? [], CompletionItemKind.Value, `case of ${at.target}`);
  }
  if (LEVEL_FIELDS.has(at.field))
    return words(
      model.config.levels.map((l) => l.name),
      CompletionItemKind.EnumMember,
      'level',
    );
  if (SEVERITY_FIELDS.has(at.field))
    return words(model.config.severities, CompletionItemKind.EnumMember, 'severity');
  if (LIKELIHOOD_FIELDS.has(at.field))
    return words(model.config.likelihoods, CompletionItemKind.EnumMember, 'likelihood');
  if (at.field === 'kind') return words(ENTITY_KINDS, CompletionItemKind.EnumMember);
  const values = schemaEnums().get(at.field);
  if (values) return words(values, CompletionItemKind.EnumMember);
  return [];
}
