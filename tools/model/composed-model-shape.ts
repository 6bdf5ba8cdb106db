// The shape of the composed model rr writes and reads back: rr_model's model.json, and one file's entry in
// the compose cache. Checked by hand: compiling a JSON Schema with Ajv costs about 0.1 s in a fresh process,
// more than loading a cached model (bench/report). Paths for the message are built only on a failure.
import { isJsonObject, shapeOf, type JsonShape } from './checked-json.js';
import type { ComposedFile } from './compose-file.js';
import { ENTITY_KINDS } from './entity.js';
import type { ComposedModel } from './load-model.js';

/** What is wrong, and where below the value checked (`''`: the value itself); undefined when nothing is. */
type Problem = [path: string, message: string] | undefined;

/** A whole composed model (model.json). */
export const COMPOSED_MODEL: JsonShape<ComposedModel> = shapeOf((value) =>
  message(
    isJsonObject(value)
      ? (strings(value, ROOT_STRINGS) ??
          boolean(value, 'unreadable') ??
          under('diagnostics', list(value.diagnostics, diagnostic)) ??
          under('files', list(value.files, composedFile)))
      : ['', 'is not a JSON object'],
  ),
);

/** One composed file (a compose cache entry). */
export const COMPOSED_FILE: JsonShape<ComposedFile> = shapeOf((value) => message(composedFile(value)));

const ROOT_STRINGS = ['root'];
const FILE_STRINGS = ['file'];
const DIAGNOSTIC_STRINGS = ['rule', 'message'];
const DIAGNOSTIC_PLACE = ['entity', 'file'];
const DIAGNOSTIC_POSITION = ['line', 'column'];
const BLOCKS = ['config', 'project', 'meta'];
const KINDS: readonly unknown[] = ENTITY_KINDS;

function composedFile(value: unknown): Problem {
  if (!isJsonObject(value)) return ['', 'is not an object'];
  return (
    strings(value, FILE_STRINGS) ??
    boolean(value, 'unreadable') ??
    under('diagnostics', list(value.diagnostics, diagnostic)) ??
    under('documents', list(value.documents, composedDocument))
  );
}

function composedDocument(value: unknown): Problem {
  if (!isJsonObject(value)) return ['', 'is not an object'];
  let problem = strings(value, FILE_STRINGS) ?? form(value, 'form');
  for (const key of BLOCKS) if (value[key] !== undefined) problem ??= under(key, sourcedObject(value[key]));
  const version = value.schemaVersion;
  if (version !== undefined && !(isJsonObject(version) && isLineColumn([version.line, version.column])))
    problem ??= ['schemaVersion', 'needs a line and a column'];
  return (
    problem ??
    under('diagnostics', list(value.diagnostics, diagnostic)) ??
    under('entities', list(value.entities, entity))
  );
}

function entity(value: unknown): Problem {
  // Named reads, not a loop over key names: this runs once per entity, on code not yet optimized.
  if (!isJsonObject(value)) return ['', 'is not an object'];
  if (!KINDS.includes(value.kind)) return ['kind', `must be one of ${ENTITY_KINDS.join(', ')}`];
  if (typeof value.id !== 'string') return ['id', 'must be a string'];
  if (typeof value.file !== 'string') return ['file', 'must be a string'];
  if (value.form !== 'sections' && value.form !== 'single') return ['form', 'must be "sections" or "single"'];
  if (!isJsonObject(value.data)) return ['data', 'must be an object'];
  return under('positions', positions(value.positions));
}

function sourcedObject(value: unknown): Problem {
  if (!isJsonObject(value)) return ['', 'is not an object'];
  return (
    strings(value, FILE_STRINGS) ??
    (isJsonObject(value.value) ? undefined : ['value', 'must be an object']) ??
    under('positions', positions(value.positions))
  );
}

function diagnostic(value: unknown): Problem {
  if (!isJsonObject(value)) return ['', 'is not an object'];
  if (value.severity !== 'error' && value.severity !== 'warning')
    return ['severity', 'must be "error" or "warning"'];
  for (const key of DIAGNOSTIC_PLACE)
    if (value[key] !== undefined && typeof value[key] !== 'string') return [key, 'must be a string'];
  for (const key of DIAGNOSTIC_POSITION)
    if (value[key] !== undefined && typeof value[key] !== 'number') return [key, 'must be a number'];
  return strings(value, DIAGNOSTIC_STRINGS);
}

function positions(value: unknown): Problem {
  if (!isJsonObject(value)) return ['', 'must be an object'];
  for (const key in value) if (!isLineColumn(value[key])) return [`["${key}"]`, 'must be [line, column]'];
  return undefined;
}

function isLineColumn(value: unknown): boolean {
  return (
    Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
  );
}

function form(value: Record<string, unknown>, key: string): Problem {
  return value[key] === 'sections' || value[key] === 'single'
    ? undefined
    : [key, 'must be "sections" or "single"'];
}

function boolean(value: Record<string, unknown>, key: string): Problem {
  return typeof value[key] === 'boolean' ? undefined : [key, 'must be true or false'];
}

function strings(value: Record<string, unknown>, keys: readonly string[]): Problem {
  for (const key of keys) if (typeof value[key] !== 'string') return [key, 'must be a string'];
  return undefined;
}

function list(value: unknown, item: (value: unknown) => Problem): Problem {
  if (!Array.isArray(value)) return ['', 'must be a list'];
  for (let i = 0; i < value.length; i++) {
    const problem = item(value[i]);
    if (problem !== undefined) return under(`[${i}]`, problem);
  }
  return undefined;
}

/** A problem below `key` (`[2]` for an item), as seen from the value holding it. */
function under(key: string, problem: Problem): Problem {
  if (problem === undefined) return undefined;
  const [path, text] = problem;
  return [path === '' ? key : path.startsWith('[') ? key + path : `${key}.${path}`, text];
}

function message(problem: Problem): string | undefined {
  return problem && (problem[0] === '' ? problem[1] : `${problem[0]} ${problem[1]}`);
}
