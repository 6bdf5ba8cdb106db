// SPDX-License-Identifier: AGPL-3.0-or-later
// A light check that parsed JSON is board geometry of this schema: used on the PCB suite's output
// and on cache entries, so a truncated or foreign file is rebuilt instead of sent to the browser.
import { GEOMETRY_SCHEMA, type BoardGeometry } from './board-geometry.js';

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
