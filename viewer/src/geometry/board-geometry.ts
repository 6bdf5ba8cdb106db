// SPDX-License-Identifier: AGPL-3.0-or-later
// The JSON shape of a board's geometry, as the viewer's browser code draws it layer by layer.
// Both extractors (the native reader and the PCB suite's Python) produce exactly this shape.
// Units are millimetres; angles are degrees, counter-clockwise as seen on screen, in KiCad's
// y-down board coordinates (a footprint at 90° turns +x into -y).

/** Schema identifier written into every geometry file. */
export const GEOMETRY_SCHEMA = 'rr-board-geometry-v1';

/** A point [x, y] in board millimetres. */
export type Point = [number, number];

/** A closed polygon as a flat list x0, y0, x1, y1, … (the closing edge is implied). */
export type FlatPolygon = number[];

/** One layer of the board's layer table. */
export interface BoardLayer {
  name: string;
  /** KiCad's layer type: signal, power, mixed, jumper or user. */
  type: string;
  /** The name the user gave the layer, when it differs from the canonical name. */
  userName?: string;
}

/** A drawn shape: a board outline piece or a custom pad's primitive. */
export type GraphicShape =
  | { kind: 'line'; start: Point; end: Point; width: number }
  | { kind: 'arc'; start: Point; mid: Point; end: Point; width: number }
  | { kind: 'circle'; center: Point; radius: number; width: number; filled: boolean }
  | { kind: 'rect'; start: Point; end: Point; width: number; filled: boolean }
  | { kind: 'polygon'; points: FlatPolygon; width: number; filled: boolean }
  | { kind: 'bezier'; points: [Point, Point, Point, Point]; width: number };

/** A graphic shape drawn in copper (an antenna, a microwave stub, a logo), with its layer and net. */
export interface CopperGraphic {
  layer: string;
  net: string | null;
  shape: GraphicShape;
}

/** Pad shapes as KiCad names them. */
export type PadShape = 'circle' | 'rect' | 'oval' | 'trapezoid' | 'roundrect' | 'chamfered_rect' | 'custom';

/** Pad kinds as KiCad names them. */
export type PadType = 'thru_hole' | 'smd' | 'connect' | 'np_thru_hole';

/** A pad, in absolute board coordinates. */
export interface Pad {
  /** The pad number ("1", "A3"); empty for unnumbered pads such as mounting holes. */
  number: string;
  type: PadType;
  shape: PadShape;
  /** Centre of the pad (its anchor). */
  at: Point;
  /** Absolute angle: the footprint's rotation plus the pad's own rotation. */
  angle: number;
  /** Width and height before rotation. */
  size: [number, number];
  /** Copper and technical layers the pad is on (wildcards expanded to the board's layers). */
  layers: string[];
  /** Net name, or null when the pad is on no net. */
  net: string | null;
  /** Hole, for through-hole pads: diameter (or slot width and height) and shape. */
  drill?: { shape: 'circle' | 'oval'; size: [number, number] };
  /** Corner radius over the shorter side, for rounded rectangles. */
  roundrectRatio?: number;
  /** Custom pad primitives in pad-local coordinates (unrotated, relative to the anchor). */
  primitives?: GraphicShape[];
}

/** A placed footprint with its pads. */
export interface Footprint {
  reference: string;
  value: string;
  /** Library identifier, such as "Resistor_SMD:R_0603_1608Metric". */
  libId: string;
  at: Point;
  angle: number;
  /** "F.Cu" or "B.Cu": the side the footprint is placed on. */
  layer: string;
  pads: Pad[];
}

/** A straight track segment. */
export interface Segment {
  start: Point;
  end: Point;
  width: number;
  layer: string;
  net: string | null;
}

/** An arc track through three points. */
export interface Arc {
  start: Point;
  mid: Point;
  end: Point;
  width: number;
  layer: string;
  net: string | null;
}

/** A via. */
export interface Via {
  at: Point;
  diameter: number;
  drill: number;
  /** The two copper layers the via spans, outermost first. */
  layers: [string, string];
  /** "through", "blind_buried" or "micro". */
  type: string;
  net: string | null;
}

/** A zone (copper pour or rule area) with its filled polygons per layer. */
export interface Zone {
  net: string | null;
  name: string;
  layers: string[];
  /** True for rule areas (keep-outs), which have no fill. */
  ruleArea: boolean;
  /** The zone's outline as drawn (main outline only; holes and arcs left out). */
  outline: FlatPolygon;
  /** Filled copper as KiCad stored it: fractured polygons (holes joined to the outline). */
  fills: { layer: string; polygons: FlatPolygon[] }[];
}

/** Axis-aligned bounds in board millimetres. */
export interface BoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The geometry of one board, ready to draw. */
export interface BoardGeometry {
  schema: typeof GEOMETRY_SCHEMA;
  /** Which extractor produced it. */
  extractor: 'native' | 'pcbnew';
  /** The board file's format version (the `version` token), when known. */
  formatVersion: number | null;
  layers: BoardLayer[];
  /** Names of all nets, sorted; the unconnected net "" is left out. */
  nets: string[];
  footprints: Footprint[];
  segments: Segment[];
  arcs: Arc[];
  vias: Via[];
  zones: Zone[];
  /** Graphic shapes on copper layers, from the board and from footprints, in absolute coordinates. */
  graphics: CopperGraphic[];
  /** Shapes on Edge.Cuts, from the board and from footprints, in absolute coordinates. */
  outline: GraphicShape[];
  /** Bounds of the outline, or of all copper when the board has no outline; null for an empty board. */
  boundingBox: BoundingBox | null;
}
