// SPDX-License-Identifier: AGPL-3.0-or-later
// Board geometry cut into parts the page can fetch and draw one at a time (docs/viewer-geometry.md):
// one part per layer with content (tracks, arcs, copper graphics and zone fills on it; the board
// outline on Edge.Cuts), the footprints with their pads, the vias, and the zones' outlines. An index
// carries the rest of the rr-board-geometry-v1 object and lists the parts in the order to fetch them.
// Items keep their place in the whole geometry, so the parts assemble back into exactly that object.

import type {
  Arc,
  BoardLayer,
  BoundingBox,
  CopperGraphic,
  Footprint,
  GraphicShape,
  Segment,
  Via,
  Zone,
} from './board-geometry.js';
import { GEOMETRY_SCHEMA } from './board-geometry.js';

/** Schema identifier of a layered geometry index. */
export const GEOMETRY_INDEX_SCHEMA = 'rr-board-geometry-index-v1';

/** A zone fill as one layer part carries it: which zone, which of its fills, and the fill. */
export interface ZoneFillSlot {
  /** Position of the zone in the geometry's zones. */
  zone: number;
  /** Position of the fill in the zone's fills. */
  slot: number;
  layer: string;
  polygons: number[][];
}

/** What the geometry holds on one layer, each item with its position in the whole geometry's list. */
export interface LayerPart {
  kind: 'layer';
  name: string;
  segments: Segment[];
  segmentOrder: number[];
  arcs: Arc[];
  arcOrder: number[];
  graphics: CopperGraphic[];
  graphicOrder: number[];
  fills: ZoneFillSlot[];
  /** The board outline; only the Edge.Cuts part has one. */
  outline: GraphicShape[];
}

/** Every footprint with its pads (pads span layers, and picking needs them all). */
export interface FootprintsPart {
  kind: 'footprints';
  name: 'footprints';
  footprints: Footprint[];
}

/** Every via (vias span layers). */
export interface ViasPart {
  kind: 'vias';
  name: 'vias';
  vias: Via[];
}

/** A zone without its fills (the layer parts carry them), and how many fills it has. */
export type ZoneOutline = Omit<Zone, 'fills'> & { fillCount: number };

/** Every zone's net, name, layers, rule-area flag and outline. */
export interface ZonesPart {
  kind: 'zones';
  name: 'zones';
  zones: ZoneOutline[];
}

/** One part of a board's geometry. */
export type GeometryPart = LayerPart | FootprintsPart | ViasPart | ZonesPart;

/** The names of the parts that are not layers. */
export const NON_LAYER_PARTS = ['footprints', 'vias', 'zones'] as const;

/** A part as the index lists it. */
export interface GeometryPartEntry {
  name: string;
  kind: GeometryPart['kind'];
  /** sha256 of the encoded part (hex); the part's file name in the cache and its ETag. */
  hash: string;
  /** Size of the encoded part. */
  bytes: number;
  /** Items in the part (tracks, arcs, graphics, fills, outline shapes; footprints; vias; zones). */
  items: number;
}

/** Item counts of the whole geometry, so a page can tell how much is still to come. */
export interface GeometryCounts {
  footprints: number;
  segments: number;
  arcs: number;
  vias: number;
  zones: number;
  graphics: number;
  outline: number;
}

/** The index of a layered board geometry: everything but the items, and the parts to fetch. */
export interface GeometryIndex {
  schema: typeof GEOMETRY_INDEX_SCHEMA;
  /** The schema of the geometry the parts assemble into. */
  geometry: typeof GEOMETRY_SCHEMA;
  extractor: 'native' | 'pcbnew';
  formatVersion: number | null;
  layers: BoardLayer[];
  nets: string[];
  boundingBox: BoundingBox | null;
  counts: GeometryCounts;
  /** The parts in the order a page should fetch them: what is seen first comes first. */
  parts: GeometryPartEntry[];
}
