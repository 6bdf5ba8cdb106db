// The config an imported model needs to load cleanly: its own id prefixes and id shape, and rule
// severities for the traceability the source data does not have (docs/import-export.md).
import { byCodePoint } from '../../model/code-point-order.js';
import { compileIdPattern } from '../../model/config.js';
import { ENTITY_KINDS, KIND_WORDS, type Entity, type EntityKind } from '../../model/entity.js';
import { TraceIndex, type TracedModel } from '../../trace/trace-index.js';
import { isRiskAccepted } from '../../validate/risk-score.js';
import type { ImportedEntity } from './imported-model.js';

/** Beyond this many id shapes an id_pattern says little; ids stay free-form. */
const MAX_ID_SHAPES = 8;

/** The config block to write and one line per key saying why. */
export interface DataConfig {
  config: Record<string, unknown>;
  reasons: string[];
}

/**
 * Derives prefixes, id_pattern, retired ids and rule severities from the imported entities and the ids
 * of the items the import left out.
 */
export function dataConfig(entities: ImportedEntity[], leftOutIds: readonly string[] = []): DataConfig {
  const config: Record<string, unknown> = {};
  const reasons: string[] = [];
  const prefixes: Partial<Record<EntityKind, string>> = {};
  for (const kind of ENTITY_KINDS) {
    const ids = entities.filter((e) => e.kind === kind).map((e) => e.id);
    if (ids.length === 0) continue;
    const prefix = commonPrefix(ids);
    if (prefix !== '') prefixes[kind] = prefix;
  }
  if (Object.keys(prefixes).length > 0) {
    config.prefixes = prefixes;
    const listed = Object.entries(prefixes).map(([k, p]) => `${KIND_WORDS[k as EntityKind]} "${p}"`);
    reasons.push(`prefixes: ${listed.join(', ')} (the common start of each kind's ids)`);
  }
  const pattern = idPattern(entities, prefixes);
  if (pattern !== undefined) {
    config.id_pattern = pattern;
    reasons.push(`id_pattern: "${pattern}" (the shapes of the imported ids)`);
  }
  const imported = new Set(entities.map((e) => e.id));
  const retired = [...new Set(leftOutIds)].filter((id) => !imported.has(id)).sort(byCodePoint);
  if (retired.length > 0) {
    config.retired_ids = retired;
    reasons.push(
      `retired_ids: ${retired.length} (${listed(retired)}), the ids of items left out, so that no new entity takes one`,
    );
  }
  const rules = ruleSeverities(entities);
  if (rules.reasons.length > 0) {
    config.rules = rules.rules;
    reasons.push(...rules.reasons);
  }
  return { config, reasons };
}

/** The longest start all ids share, cut back to just after a separator (`ZEP-SYRS-1`, `ZEP-SRS-2-1` → `ZEP-`). */
function commonPrefix(ids: string[]): string {
  let prefix = ids[0] ?? '';
  for (const id of ids) {
    let i = 0;
    while (i < prefix.length && i < id.length && prefix[i] === id[i]) i++;
    prefix = prefix.slice(0, i);
  }
  // A prefix never ends inside a number (`REQ00` of REQ001, REQ002 is `REQ`) or a word, and an id must
  // keep something after it.
  prefix = prefix.replace(/[0-9]+$/, '');
  const insideWord = () =>
    /[A-Za-z]$/.test(prefix) && ids.some((id) => /[A-Za-z]/.test(id.charAt(prefix.length)));
  if (insideWord() || ids.includes(prefix)) prefix = prefix.replace(/[A-Za-z0-9]+$/, '');
  while (prefix !== '' && ids.includes(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** `^{prefix}(?:SRS-[0-9]+-[0-9]+|SYRS-[0-9]+)$`: each id after its prefix with digit runs generalised. */
function idPattern(
  entities: ImportedEntity[],
  prefixes: Partial<Record<EntityKind, string>>,
): string | undefined {
  if (entities.length === 0) return undefined;
  const shapes = new Set<string>();
  for (const e of entities) {
    const prefix = prefixes[e.kind];
    if (prefix === undefined) return undefined;
    shapes.add(shape(e.id.slice(prefix.length)));
    if (shapes.size > MAX_ID_SHAPES) return undefined;
  }
  const sorted = [...shapes].sort();
  const body = sorted.length === 1 ? sorted[0]! : `(?:${sorted.join('|')})`;
  const pattern = `^{prefix}${body}$`;
  // The pattern must accept every id it was made from (a shape with a regex-special character).
  return entities.every((e) => compileIdPattern(pattern, prefixes[e.kind]!).test(e.id)) ? pattern : undefined;
}

function shape(rest: string): string {
  return rest
    .split(/([0-9]+)/)
    .map((part, i) => (i % 2 === 1 ? '[0-9]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
}

/**
 * Traceability rules the data does not meet, as warnings, each with how many entities and which. Links
 * count as the validator counts them: through the trace index (docs/verification.md, "Trace links").
 */
function ruleSeverities(entities: ImportedEntity[]): { rules: Record<string, string>; reasons: string[] } {
  const rules: Record<string, string> = {};
  const reasons: string[] = [];
  const trace = new TraceIndex(tracedModel(entities));
  const broken = (e: ImportedEntity, ...fields: string[]) => fields.some((f) => trace.namesBroken(e.id, f));
  const requirements = entities.filter((e) => e.kind === 'requirement');
  const checks: { rule: string; hits: ImportedEntity[]; what: string }[] = [
    {
      rule: 'multi-parent-refines',
      hits: requirements.filter((e) => trace.up(e.id, 'refines').length >= 2),
      what: 'refine several parents in the source',
    },
    {
      rule: 'requirement-orphan',
      hits: requirements.filter(
        (e) =>
          trace.up(e.id, 'satisfies', 'refines', 'implements').length === 0 &&
          !broken(e, 'satisfies', 'refines'),
      ),
      what: 'have no parent in the source',
    },
    {
      rule: 'need-unsatisfied',
      hits: entities.filter((e) => e.kind === 'user_need' && trace.satisfiers(e.id).length === 0),
      what: 'are user needs no requirement satisfies',
    },
    {
      rule: 'risk-unmitigated',
      hits: entities.filter(
        (e) =>
          e.kind === 'risk' &&
          trace.mitigationsOf(e.id).length === 0 &&
          !broken(e, 'mitigated_by') &&
          !isRiskAccepted({ data: e.fields } as Entity),
      ),
      what: 'are risks with no mitigation',
    },
    {
      rule: 'mitigation-unimplemented',
      hits: entities.filter(
        (e) =>
          e.kind === 'mitigation' && trace.implementers(e.id).length === 0 && !broken(e, 'implemented_by'),
      ),
      what: 'are mitigations no requirement implements',
    },
  ];
  for (const { rule, hits, what } of checks) {
    // Obsolete entities are exempt from these rules anyway.
    const live = hits.filter((e) => e.fields.status !== 'obsolete');
    if (live.length === 0) continue;
    rules[rule] = 'warning';
    const some = listed(live.map((e) => e.id));
    reasons.push(`rules.${rule}: warning (${live.length} ${what}: ${some}); set it back to error once fixed`);
  }
  return { rules, reasons };
}

/** The imported entities as the trace index reads a loaded model's (no file positions yet). */
function tracedModel(entities: ImportedEntity[]): TracedModel {
  const loaded = entities.map((e): Entity => ({
    kind: e.kind,
    id: e.id,
    data: e.fields,
    file: e.source,
    form: 'sections',
    positions: {},
  }));
  return { entities: loaded, byId: new Map(loaded.map((e) => [e.id, e])) };
}

/** The first five ids, then `…` when there are more. */
function listed(ids: string[]): string {
  return ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
}
