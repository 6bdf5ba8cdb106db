// Reading request bodies and query strings: a wrong or missing field is a 400 naming it, never a crash.
import { ENTITY_KINDS, type EntityKind } from '../model/entity.js';
import { EditorRouteError } from './editor-route-error.js';

/** The request body as an object of fields (an empty body is an empty object). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new EditorRouteError('bad-request', 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A string field; undefined when absent and not required. */
export function stringField(from: Record<string, unknown>, name: string, required: true): string;
export function stringField(
  from: Record<string, unknown>,
  name: string,
  required?: boolean,
): string | undefined;
export function stringField(
  from: Record<string, unknown>,
  name: string,
  required = false,
): string | undefined {
  const value = from[name];
  if (value === undefined || value === null || value === '') {
    if (required) throw new EditorRouteError('bad-request', `"${name}" is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new EditorRouteError('bad-request', `"${name}" must be a string`);
  return value;
}

/** A yes/no query or body flag: true, 1, "1", "true", "yes". */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'yes';
}

/** An entity kind, or 400 naming the kinds. */
export function entityKind(value: unknown, name = 'kind'): EntityKind {
  if (typeof value === 'string' && (ENTITY_KINDS as readonly string[]).includes(value))
    return value as EntityKind;
  throw new EditorRouteError('bad-request', `"${name}" must be one of ${ENTITY_KINDS.join(', ')}`);
}

/** A whole number within bounds, or the default when absent. */
export function wholeNumber(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new EditorRouteError('bad-request', `"${name}" must be a whole number from 0 to ${max}`);
  return n;
}

/** The query string of a request as an object of strings. */
export function queryOf(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query as Record<string, unknown>) ?? {}))
    out[k] = Array.isArray(v) ? String(v[v.length - 1]) : String(v);
  return out;
}
