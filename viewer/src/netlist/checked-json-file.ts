// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads a JSON design file (a netlist graph, a constraints file) checked by one of rr's bundled JSON
// Schemas (Ajv) and then by the file's own consistency rules; every problem names the file, the line and
// the place in the file (e.g. `nets[3].pins[0].pad`) and says what to do.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { viewerSchema } from '../viewer-package.js';
import { jsonErrorOffset } from 'rules-rr/core/model/json-error-offset.js';
import { NetlistGraphError } from './netlist-graph-error.js';

/** One problem: where (a JSON path of segments) and what. */
export interface JsonProblem {
  path: (string | number)[];
  message: string;
}

/** A kind of checked file. */
export interface CheckedFileKind<T> {
  /** The bundled schema's file name, e.g. `pnr-netlist-graph-v1.schema.json`. */
  schema: string;
  /** The schema identifier the file carries, for messages. */
  id: string;
  /** What the file is, for messages ("netlist graph"). */
  what: string;
  /** The flag that names the file, for messages. */
  flag: string;
  /** What the user can do about a bad file. */
  whatToDo: string;
  /** Problems the schema cannot see, on a schema-valid value. */
  consistency?: (value: T) => JsonProblem[];
}

const validators = new Map<string, ValidateFunction>();

function compiled(schema: string): ValidateFunction {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Ajv2020({ allErrors: true, strict: true }).compile(viewerSchema(schema));
    validators.set(schema, validator);
  }
  return validator;
}

/** Reads and checks a file of `kind`; throws NetlistGraphError naming file, line and place. */
export function readCheckedJsonFile<T>(file: string, kind: CheckedFileKind<T>): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NetlistGraphError(
      `${file}: cannot read the ${kind.what} (${code ?? (error as Error).message}); check the ${kind.flag} path`,
      file,
      undefined,
    );
  }
  return parseCheckedJson(text, file, kind);
}

/** Parses and checks the text of a file of `kind` named `file` (for messages). */
export function parseCheckedJson<T>(text: string, file: string, kind: CheckedFileKind<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text) ?? text.length;
    const line = lineAt(text, offset);
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/, '');
    throw new NetlistGraphError(`${file}:${line}: not JSON: ${reason}; ${kind.whatToDo}`, file, line);
  }
  const problems = jsonProblems(value, kind);
  if (problems.length === 0) return value as T;
  const tree = parseTree(text);
  const first = problems[0]!;
  const line = tree ? lineOf(text, findNodeAtLocation(tree, first.path) ?? tree) : undefined;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new NetlistGraphError(
    `${file}:${line ?? 1}: not a ${kind.id} file: at ${placeName(first.path)}: ${first.message}${more}; ${kind.whatToDo}`,
    file,
    line,
  );
}

/** Problems of an in-memory value (schema, then consistency) as `place: message`; empty when valid. */
export function checkedJsonProblems<T>(value: unknown, kind: CheckedFileKind<T>): string[] {
  return jsonProblems(value, kind).map((p) => `${placeName(p.path)}: ${p.message}`);
}

function jsonProblems<T>(value: unknown, kind: CheckedFileKind<T>): JsonProblem[] {
  const validate = compiled(kind.schema);
  if (!validate(value)) return (validate.errors ?? []).map(explain);
  return kind.consistency ? kind.consistency(value as T) : [];
}

function explain(error: ErrorObject): JsonProblem {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { path, message: `unknown field "${String(params.additionalProperty)}"` };
    case 'required':
      return { path, message: `missing required field "${String(params.missingProperty)}"` };
    case 'enum':
      return { path, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'pattern':
      return { path, message: 'must be an address: non-empty segments without "." joined by "."' };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

/** `nets[3].pins[0].pad`, or "the top level" for the root. */
function placeName(path: (string | number)[]): string {
  if (path.length === 0) return 'the top level';
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function lineOf(text: string, node: JsonNode): number {
  // A property's value node: point at its key's line, which is where the reader looks.
  const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
  return lineAt(text, at);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
