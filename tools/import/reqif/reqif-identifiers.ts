// ReqIF IDENTIFIERs must be XML names and unique in the file; rr's derive them from entity ids so the
// same entity keeps the same identifier in every export.
import { createHash } from 'node:crypto';
import type { EntityKind } from '../../model/entity.js';

/** The id itself when it is a safe name part; else its safe characters and a short hash of it. */
export function idPart(id: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(id)) return id;
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 10);
  return `${id.replace(/[^A-Za-z0-9._-]+/g, '_')}_${hash}`;
}

/** The SPEC-OBJECT IDENTIFIER of an entity: `rr-REQ-001`. */
export function objectKey(id: string): string {
  return `rr-${idPart(id)}`;
}

/** The attribute definition IDENTIFIER of a kind's field: `rr-attribute-requirement-title`. */
export function attributeKey(kind: EntityKind, field: string): string {
  return `rr-attribute-${kind}-${field}`;
}
