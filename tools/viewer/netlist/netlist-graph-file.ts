// Reads a pnr-netlist-graph-v1 file: JSON, checked by the bundled JSON Schema (Ajv) and for consistency;
// every problem names the file, the line and the place in the graph (e.g. `nets[3].pins[0].pad`).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { bundledSchema } from '../../model/bundled-schema.js';
import { jsonErrorOffset } from '../../model/json-error-offset.js';
import { graphProblems, type GraphProblem } from './netlist-graph-consistency.js';
import { NetlistGraphError } from './netlist-graph-error.js';
import type { NetlistGraph } from './netlist-graph.js';

let validator: ValidateFunction | undefined;

function compiled(): ValidateFunction {
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile(
    bundledSchema('pnr-netlist-graph-v1.schema.json'),
  );
  return validator;
}

const WHAT_TO_DO =
  'write it again with `rr pnr-sim` or `rr netlist import`, or correct it by hand (docs/viewer-netlist.md)';

/** Reads and checks a netlist graph file; throws NetlistGraphError naming file, line and place. */
export function readNetlistGraph(file: string): NetlistGraph {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NetlistGraphError(
      `${file}: cannot read the netlist graph (${code ?? (error as Error).message}); check the --graph path`,
      file,
      undefined,
    );
  }
  return parseNetlistGraph(text, file);
}

/** Parses and checks the text of a netlist graph file named `file` (for messages). */
export function parseNetlistGraph(text: string, file: string): NetlistGraph {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text) ?? text.length;
    const line = lineAt(text, offset);
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/, '');
    throw new NetlistGraphError(`${file}:${line}: not JSON: ${reason}; ${WHAT_TO_DO}`, file, line);
  }
  const problems = schemaProblems(value);
  if (problems.length === 0) problems.push(...graphProblems(value as NetlistGraph));
  if (problems.length === 0) return value as NetlistGraph;
  const tree = parseTree(text);
  const first = problems[0]!;
  const line = tree ? lineOf(text, findNodeAtLocation(tree, first.path) ?? tree) : undefined;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new NetlistGraphError(
    `${file}:${line ?? 1}: not a pnr-netlist-graph-v1 file: at ${placeName(first.path)}: ${first.message}${more}; ${WHAT_TO_DO}`,
    file,
    line,
  );
}

/** Problems of an in-memory graph (schema, then consistency); empty when it is valid. Writers check with it. */
export function netlistGraphProblems(value: unknown): string[] {
  const problems = schemaProblems(value);
  if (problems.length === 0) problems.push(...graphProblems(value as NetlistGraph));
  return problems.map((p) => `${placeName(p.path)}: ${p.message}`);
}

function schemaProblems(value: unknown): GraphProblem[] {
  const validate = compiled();
  if (validate(value)) return [];
  return (validate.errors ?? []).map(explain);
}

function explain(error: ErrorObject): GraphProblem {
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

/** `nets[3].pins[0].pad`, or "the file" for the root. */
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
