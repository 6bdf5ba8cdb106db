import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { bundledSchema } from './bundled-schema.js';
import { schemaValidator } from './precompiled-validator.js';
import { parseLabel } from './labels.js';
import { closestName } from './spelling.js';
import { pointerSegments, showValue, typeWord, valueAtPath, valueKind } from './schema-values.js';

/** A schema violation at a path of the document; `key` names the offending key for unknown keys. */
export interface SchemaIssue {
  path: string[];
  key?: string;
  rule: 'unknown-field' | 'invalid-field' | 'bad-target';
  message: string;
}

let validator: ValidateFunction | undefined;
let knownKeys: string[] = [];

/** The bundled model schema (schemas/model.schema.json) as parsed JSON. */
export function modelSchema(): Record<string, unknown> {
  return bundledSchema('model.schema.json');
}

function compiled(): ValidateFunction {
  if (!validator) {
    const schema = modelSchema();
    validator = schemaValidator('model.schema.json', schema);
    knownKeys = [...propertyNames(schema)].sort();
  }
  return validator;
}

/** Validates one document's plain value against the model schema and explains each problem once. */
export function checkDocumentSchema(value: unknown): SchemaIssue[] {
  const validate = compiled();
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if');
  const issues: SchemaIssue[] = [];
  const seenUnknown = new Set<string>();
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const unknown =
      (error.params as { unevaluatedProperty?: string; additionalProperty?: string }).unevaluatedProperty ??
      (error.params as { additionalProperty?: string }).additionalProperty;
    if (unknown !== undefined) {
      const id = `${error.instancePath}/${unknown}`;
      if (seenUnknown.has(id)) continue;
      seenUnknown.add(id);
      issues.push(unknownKeyIssue(pointerSegments(error.instancePath), unknown));
      continue;
    }
    const list = byPath.get(error.instancePath) ?? [];
    list.push(error);
    byPath.set(error.instancePath, list);
  }
  for (const [instancePath, list] of byPath) {
    const path = pointerSegments(instancePath);
    // Claim targets get bad-target from the claim rules, which know config.main_repo.
    if (path.some((p) => p === 'verified_by' || p === 'validated_by') && isLabelError(list)) continue;
    issues.push(explain(path, list, valueAtPath(value, path)));
  }
  return dropShadowed(issues);
}

function unknownKeyIssue(path: string[], key: string): SchemaIssue {
  const inner = withinEntity(path);
  const where = inner.length === 0 ? '' : ` in ${describe(inner)}`;
  // A key the schema knows elsewhere (kind in a sections entity, rationale on a single risk) is spelled right.
  const known = knownKeys.includes(key);
  const near = known ? undefined : closestName(key, knownKeys);
  const hint = known
    ? '; it is not allowed here, remove it'
    : near
      ? `; did you mean "${near}"?`
      : '; remove it or check its spelling';
  return { path, key, rule: 'unknown-field', message: `unknown key "${key}"${where}${hint}` };
}

const PRIORITY = [
  'required',
  'const',
  'enum',
  'pattern',
  'minItems',
  'minLength',
  'minimum',
  'uniqueItems',
  'type',
];

function isLabelError(errors: ErrorObject[]): boolean {
  return errors.some((e) => e.keyword === 'pattern' && e.schemaPath.includes('/label'));
}

function explain(path: string[], errors: ErrorObject[], actual: unknown): SchemaIssue {
  if (isLabelError(errors) && typeof actual === 'string') {
    const parsed = parseLabel(actual);
    const message = parsed.ok ? `"${actual}" is not a valid label` : parsed.message;
    return {
      path,
      rule: 'bad-target',
      message: `${message}; write //package:name, suite:NAME or record:STEM`,
    };
  }
  const ranked = [...errors].sort((a, b) => rank(a.keyword) - rank(b.keyword));
  const best = ranked[0]!;
  const field = describe(path);
  const types = [...new Set(errors.filter((e) => e.keyword === 'type').map((e) => String(e.params.type)))];
  let message: string;
  switch (best.keyword) {
    case 'required':
      message = `${field} is missing required key "${String(best.params.missingProperty)}"`;
      break;
    case 'enum':
      message = `${field} must be one of ${(best.params.allowedValues as unknown[]).map(showValue).join(', ')}; got ${showValue(actual)}`;
      break;
    case 'const':
      message = `${field} must be ${showValue(best.params.allowedValue)}; got ${showValue(actual)}`;
      break;
    case 'type': {
      // stringOrStrings branches with if/then/else, so ajv names only the branch it took.
      const either = errors.some((e) => e.schemaPath.includes('/stringOrStrings/'));
      const expected = either ? 'a string or a list of strings' : types.map(typeWord).join(' or ');
      message = `${field} must be ${expected}; got ${valueKind(actual)}`;
      break;
    }
    case 'minItems':
      message = `${field} needs at least ${String(best.params.limit)} item(s)`;
      break;
    case 'minLength':
      message = `${field} must not be empty`;
      break;
    default:
      message = `${field} ${best.message ?? 'is invalid'}`;
  }
  return { path, rule: 'invalid-field', message };
}

/** Drops an issue on a path when a more precise issue exists below it. */
function dropShadowed(issues: SchemaIssue[]): SchemaIssue[] {
  const paths = issues.map((i) => i.path.join('/') + (i.key !== undefined ? `/${i.key}` : ''));
  return issues.filter((issue, index) => {
    if (issue.rule !== 'invalid-field' || !/one of the shapes|must match/.test(issue.message)) return true;
    const p = paths[index]!;
    return !paths.some((other, j) => j !== index && other.startsWith(p + '/'));
  });
}

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i < 0 ? PRIORITY.length : i;
}

/** The part of a path below the entity it belongs to (sections documents start with section/index). */
function withinEntity(path: string[]): string[] {
  return SECTIONS.has(path[0] ?? '') && /^\d+$/.test(path[1] ?? '') ? path.slice(2) : path;
}

const SECTIONS = new Set(['user_needs', 'requirements', 'risks', 'mitigations', 'test_methods']);

/** A path for people: `"status"`, `item 2 of "verified_by"`, `"cases" of item 1 of "verified_by"`. */
function describe(path: string[]): string {
  const inner = withinEntity(path);
  if (inner.length === 0) return path.length === 0 ? 'the document' : 'the entity';
  const parts: string[] = [];
  for (let i = inner.length - 1; i >= 0; i--) {
    const seg = inner[i]!;
    if (/^\d+$/.test(seg) && i > 0) {
      parts.push(`item ${Number(seg) + 1} of "${inner[i - 1]}"`);
      i--;
    } else parts.push(`"${seg}"`);
  }
  return parts.join(' of ');
}

function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Record<string, unknown>;
  if (s.properties && typeof s.properties === 'object') {
    for (const k of Object.keys(s.properties)) out.add(k);
  }
  for (const v of Object.values(s)) propertyNames(v, out);
  return out;
}
