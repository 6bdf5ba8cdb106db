// An entity's fingerprint: a digest per normative field of the value as loaded, so it is the same
// whatever the file's format (YAML or JSON), layout, key order, comments or line endings.
import { createHash } from 'node:crypto';
import { byCodePoint } from '../model/code-point-order.js';
import type { Entity } from '../model/entity.js';
import { NORMATIVE_FIELDS } from './normative-fields.js';

/** Normative field → digest of its value, for the fields the entity has. */
export type FieldDigests = Record<string, string>;

/** The digests of an entity's normative fields (fields it lacks are absent). */
export function fieldDigests(entity: Entity): FieldDigests {
  const out: FieldDigests = {};
  for (const field of NORMATIVE_FIELDS[entity.kind]) {
    const value = entity.data[field];
    if (value === undefined || value === null) continue;
    out[field] = valueDigest(value);
  }
  return out;
}

/** One digest of the whole normative content, for display and comparison: "a1b2c3d4e5f60718". */
export function fingerprintOf(digests: FieldDigests): string {
  const text = Object.keys(digests)
    .sort(byCodePoint)
    .map((f) => `${f}=${digests[f]}`)
    .join('\n');
  return sha(text);
}

/** The digest of a value in its canonical form: 16 hex digits of SHA-256. */
export function valueDigest(value: unknown): string {
  return sha(JSON.stringify(canonical(value)));
}

/**
 * A value as fingerprints see it: object keys sorted, text with "\n" line ends and no trailing
 * whitespace (a block scalar's final newline is layout, not content).
 */
export function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').replace(/\s+$/u, '');
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort(byCodePoint)
        .map((k) => [k, canonical(o[k])]),
    );
  }
  return value;
}

function sha(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}
