// The last step both extractors share, so their outputs agree by construction where they can:
// pad and zone layer lists follow the board's layer table, and the bounding box is computed once.
import type { BoardGeometry } from './board-geometry.js';
import { boardBoundingBox } from './board-bounds.js';

/** Orders layer lists by the layer table and sets the bounding box; returns the same object. */
export function completeGeometry(geometry: BoardGeometry): BoardGeometry {
  const rank = new Map(geometry.layers.map((layer, index) => [layer.name, index]));
  const byTable = (a: string, b: string) => (rank.get(a) ?? rank.size) - (rank.get(b) ?? rank.size);
  for (const footprint of geometry.footprints) for (const pad of footprint.pads) pad.layers.sort(byTable);
  for (const zone of geometry.zones) {
    zone.layers.sort(byTable);
    zone.fills.sort((a, b) => byTable(a.layer, b.layer));
  }
  geometry.boundingBox = boardBoundingBox(geometry);
  return geometry;
}
