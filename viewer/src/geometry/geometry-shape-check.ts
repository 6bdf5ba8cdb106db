// SPDX-License-Identifier: AGPL-3.0-or-later
// Light checks that parsed JSON is board geometry of this schema, or a geometry index: used on the PCB
// suite's output and on cache entries, so a truncated or foreign file is rebuilt instead of sent to
// the browser.
import { GEOMETRY_SCHEMA, type BoardGeometry } from './board-geometry.js';
import { GEOMETRY_INDEX_SCHEMA } from './geometry-parts.js';

const LIST_FIELDS = [
  'layers',
  'nets',
  'footprints',
  'segments',
  'arcs',
  'vias',
  'zones',
  'graphics',
  'outline',
] as const;

/** Why a value is not board geometry, or undefined when it looks like it is. */
export function geometryShapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const record = value as Record<string, unknown>;
  if (record.schema !== GEOMETRY_SCHEMA) {
    return `its schema is ${JSON.stringify(record.schema)}, expected "${GEOMETRY_SCHEMA}"`;
  }
  for (const field of LIST_FIELDS) if (!Array.isArray(record[field])) return `it has no "${field}" list`;
  return undefined;
}

/** Narrows a value to BoardGeometry after geometryShapeProblem found nothing. */
export function isBoardGeometry(value: unknown): value is BoardGeometry {
  return geometryShapeProblem(value) === undefined;
}

/** Why a value is not a geometry index, or undefined when it looks like one. */
export function geometryIndexProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const record = value as Record<string, unknown>;
  if (record.schema !== GEOMETRY_INDEX_SCHEMA)
    return `its schema is ${JSON.stringify(record.schema)}, expected "${GEOMETRY_INDEX_SCHEMA}"`;
  if (!Array.isArray(record.layers) || !Array.isArray(record.nets))
    return 'it has no "layers" or "nets" list';
  if (!Array.isArray(record.parts)) return 'it has no "parts" list';
  const bad = record.parts.findIndex((entry: unknown) => {
    const e = entry as Record<string, unknown> | null;
    return (
      typeof e !== 'object' ||
      e === null ||
      typeof e.name !== 'string' ||
      typeof e.hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(e.hash) ||
      typeof e.bytes !== 'number'
    );
  });
  return bad < 0 ? undefined : `parts[${bad}] is not {name, hash, bytes}`;
}
