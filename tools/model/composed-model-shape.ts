// The shape of the composed model rr writes and reads back: rr_model's model.json, and one file's entry in
// the compose cache. Checked by hand: compiling a JSON Schema with Ajv costs about 0.1 s in a fresh process,
// more than loading a cached model (bench/report).
import { isJsonObject, shapeOf, type JsonShape } from './checked-json.js';
import type { ComposedFile } from './compose-file.js';
import { ENTITY_KINDS } from './entity.js';
import type { ComposedModel } from './load-model.js';

/** What is wrong at a path, or undefined. */
type Problem = string | undefined;

/** A whole composed model (model.json). */
export const COMPOSED_MODEL: JsonShape<ComposedModel> = shapeOf((value) => {
  if (!isJsonObject(value)) return 'is not a JSON object';
  return (
    strings(value, '', ['root']) ??
    (typeof value.unreadable === 'boolean' ? undefined : '"unreadable" must be true or false') ??
    diagnostics(value.diagnostics, 'diagnostics') ??
    list(value.files, 'files', composedFile)
  );
});

/** One composed file (a compose cache entry). */
export const COMPOSED_FILE: JsonShape<ComposedFile> = shapeOf((value) => composedFile(value, ''));

function composedFile(value: unknown, at: string): Problem {
  if (!isJsonObject(value)) return `${at || 'the file'} is not an object`;
  return (
    strings(value, at, ['file']) ??
    (typeof value.unreadable === 'boolean'
      ? undefined
      : `${within(at, 'unreadable')} must be true or false`) ??
    diagnostics(value.diagnostics, within(at, 'diagnostics')) ??
    list(value.documents, within(at, 'documents'), composedDocument)
  );
}

function composedDocument(value: unknown, at: string): Problem {
  if (!isJsonObject(value)) return `${at} is not an object`;
  let problem = strings(value, at, ['file']) ?? form(value.form, within(at, 'form'));
  for (const key of ['config', 'project', 'meta'])
    if (value[key] !== undefined) problem ??= sourcedObject(value[key], within(at, key));
  const version = value.schemaVersion;
  if (version !== undefined && (!isJsonObject(version) || !isLineColumn([version.line, version.column])))
    problem ??= `${within(at, 'schemaVersion')} needs a line and a column`;
  return (
    problem ??
    diagnostics(value.diagnostics, within(at, 'diagnostics')) ??
    list(value.entities, within(at, 'entities'), entity)
  );
}

const KINDS: readonly unknown[] = ENTITY_KINDS;

function entity(value: unknown, at: string): Problem {
  if (!isJsonObject(value)) return `${at} is not an object`;
  if (!KINDS.includes(value.kind)) return `${within(at, 'kind')} must be one of ${ENTITY_KINDS.join(', ')}`;
  return (
    strings(value, at, ['id', 'file']) ??
    form(value.form, within(at, 'form')) ??
    (isJsonObject(value.data) ? undefined : `${within(at, 'data')} must be an object`) ??
    positions(value.positions, within(at, 'positions'))
  );
}

function sourcedObject(value: unknown, at: string): Problem {
  if (!isJsonObject(value)) return `${at} is not an object`;
  return (
    strings(value, at, ['file']) ??
    (isJsonObject(value.value) ? undefined : `${within(at, 'value')} must be an object`) ??
    positions(value.positions, within(at, 'positions'))
  );
}

function diagnostics(value: unknown, at: string): Problem {
  return list(value, at, (item, where) => {
    if (!isJsonObject(item)) return `${where} is not an object`;
    if (item.severity !== 'error' && item.severity !== 'warning')
      return `${within(where, 'severity')} must be "error" or "warning"`;
    for (const key of ['entity', 'file'])
      if (item[key] !== undefined && typeof item[key] !== 'string')
        return `${within(where, key)} must be a string`;
    for (const key of ['line', 'column'])
      if (item[key] !== undefined && typeof item[key] !== 'number')
        return `${within(where, key)} must be a number`;
    return strings(item, where, ['rule', 'message']);
  });
}

function positions(value: unknown, at: string): Problem {
  if (!isJsonObject(value)) return `${at} must be an object`;
  for (const key in value) if (!isLineColumn(value[key])) return `${at}["${key}"] must be [line, column]`;
  return undefined;
}

function isLineColumn(value: unknown): boolean {
  return (
    Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
  );
}

function form(value: unknown, at: string): Problem {
  return value === 'sections' || value === 'single' ? undefined : `${at} must be "sections" or "single"`;
}

function strings(value: Record<string, unknown>, at: string, keys: readonly string[]): Problem {
  for (const key of keys) if (typeof value[key] !== 'string') return `${within(at, key)} must be a string`;
  return undefined;
}

function list(value: unknown, at: string, item: (value: unknown, at: string) => Problem): Problem {
  if (!Array.isArray(value)) return `${at} must be a list`;
  for (let i = 0; i < value.length; i++) {
    const problem = item(value[i], `${at}[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function within(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}
