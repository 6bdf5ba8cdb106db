// SPDX-License-Identifier: AGPL-3.0-or-later
// The last step both extractors share, so their outputs agree by construction where they can:
// layers come in one canonical order (copper from front to back, then KiCad's technical layers in
// the order its board files list them, then user layers), every layer list follows it, and the
// bounding box is computed by one function.

import type { BoardGeometry } from './board-geometry.js';
import { boardBoundingBox } from './board-bounds.js';

const TECHNICAL_LAYERS = [
  'F.Adhes',
  'B.Adhes',
  'F.Paste',
  'B.Paste',
  'F.SilkS',
  'B.SilkS',
  'F.Mask',
  'B.Mask',
  'Dwgs.User',
  'Cmts.User',
  'Eco1.User',
  'Eco2.User',
  'Edge.Cuts',
  'Margin',
  'F.CrtYd',
  'B.CrtYd',
  'F.Fab',
  'B.Fab',
];

/** The position of a layer name in the canonical order. */
export function layerRank(name: string): number {
  if (name === 'F.Cu') return 0;
  if (name === 'B.Cu') return 1000;
  const inner = /^In(\d+)\.Cu$/.exec(name);
  if (inner !== null) return Number(inner[1]);
  const technical = TECHNICAL_LAYERS.indexOf(name);
  if (technical !== -1) return 2000 + technical;
  const user = /^User\.(\d+)$/.exec(name);
  if (user !== null) return 3000 + Number(user[1]);
  return 4000;
}

/** Orders layers and layer lists canonically and sets the bounding box; returns the same object. */
export function completeGeometry(geometry: BoardGeometry): BoardGeometry {
  geometry.layers.sort((a, b) => layerRank(a.name) - layerRank(b.name));
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
