// How schema error messages name types and values, shared by the model and record schema checks.

/** A JSON Schema type in words: "a list", "a mapping", "an integer". */
export function typeWord(type: string): string {
  if (type === 'array') return 'a list';
  if (type === 'object') return 'a mapping';
  if (type === 'integer') return 'an integer';
  if (type === 'null') return 'null';
  return `a ${type}`;
}

/** What a value is, for "got …": "a list", "null", `string "x"`. */
export function valueKind(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${showValue(value)}`;
}

/** A value as JSON text. */
export function showValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The segments of an ajv instancePath (a JSON pointer). */
export function pointerSegments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a path of keys and indexes, or undefined. */
export function valueAtPath(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}
