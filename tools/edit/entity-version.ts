import { createHash } from 'node:crypto';
import type { EntityKind } from '../model/entity.js';

/**
 * An entity's version: 16 hex digits of SHA-256 over its kind, id and field values (keys sorted). It
 * changes with any change of the entity's content, wherever in the file it sits, and not with comments,
 * formatting or edits of other entities (see docs/decisions/0073-entity-version.md).
 */
export function entityVersion(entity: {
  kind: EntityKind;
  id: string;
  data: Record<string, unknown>;
}): string {
  const text = canonicalJson([entity.kind, entity.id, entity.data]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
