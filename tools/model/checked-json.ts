// JSON read from a file or sent by a request becomes a typed value only after a check of its shape, so a
// file of the wrong shape is an error naming it and what is wrong, never a crash somewhere later.
import { jsonErrorOffset } from './json-error-offset.js';

/** The shape parsed JSON must have: a guard, and what is wrong with a value the guard refuses. */
export interface JsonShape<T> {
  is: (value: unknown) => value is T;
  /** for messages: `"pid" must be a number`, `files[2].documents must be a list` */
  problem: (value: unknown) => string;
}

/** JSON text that does not parse, or parses to the wrong shape; the message names where it came from. */
export class JsonInputError extends Error {
  constructor(
    readonly source: string,
    readonly problem: string,
    readonly line?: number,
  ) {
    super(`${source}${line === undefined ? '' : `:${line}`}: ${problem}`);
  }
}

/** A JSON object (not null, not a list): the start of most shape checks. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A shape from a function saying why a value is not a T, or undefined when it is one. */
export function shapeOf<T>(problem: (value: unknown) => string | undefined): JsonShape<T> {
  return {
    is: (value): value is T => problem(value) === undefined,
    problem: (value) => problem(value) ?? 'has an unexpected shape',
  };
}

/**
 * Parses JSON text and checks its shape. Throws JsonInputError naming `source` (a file, or a request)
 * with the line of a syntax error, or what is wrong with the shape; `remedy` says what to do about it.
 */
export function parseCheckedJson<T>(text: string, source: string, shape: JsonShape<T>, remedy?: string): T {
  const then = remedy === undefined ? '' : `; ${remedy}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const line = offset === undefined ? undefined : lineAt(text, offset);
    throw new JsonInputError(source, `is not valid JSON (${(error as Error).message})${then}`, line);
  }
  if (shape.is(value)) return value;
  throw new JsonInputError(source, `${shape.problem(value)}${then}`);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
