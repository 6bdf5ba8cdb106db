// SPDX-License-Identifier: AGPL-3.0-or-later
// The simulator's view of a board: footprints with pads and nets, the outline, and a placement.

/** Copper layers a pad is on. */
export type PadLayers = 'front' | 'back' | 'both';

export interface SimPad {
  /** Pad number as the footprint names it ("1", "A3"). */
  number: string;
  /** Position relative to the footprint origin, before the footprint's rotation (mm). */
  x: number;
  y: number;
  /** Copper size before rotation (mm). */
  width: number;
  height: number;
  /** The pad's own rotation relative to the footprint (degrees). */
  rotation: number;
  /** KiCad's pad shape: rect, roundrect, circle, oval, trapezoid, custom, ... */
  shape: string;
  /** Corner radius of a roundrect as a fraction of its smaller side. */
  roundrectRatio: number;
  layers: PadLayers;
  net: string | null;
}

export interface SimFootprint {
  ref: string;
  side: 'front' | 'back';
  pads: SimPad[];
  /** Courtyard half extents around the origin before rotation (mm). */
  halfWidth: number;
  halfHeight: number;
  /** Centre of the courtyard relative to the origin before rotation (mm). */
  centerX: number;
  centerY: number;
  /** A locked footprint keeps its position. */
  locked: boolean;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface SimBoard {
  outline: Rect;
  footprints: SimFootprint[];
  /** Nets with at least two pads, sorted by name. */
  nets: string[];
  /** For each net, the (footprint index, pad index) pairs on it. */
  netPads: Map<string, [number, number][]>;
}

/** Position and rotation of every footprint, by footprint index. */
export interface Placement {
  x: Float64Array;
  y: Float64Array;
  rotation: Float64Array;
}

/** A copy of a placement. */
export function clonePlacement(p: Placement): Placement {
  return { x: p.x.slice(), y: p.y.slice(), rotation: p.rotation.slice() };
}

/**
 * Rotates a footprint-relative point by a KiCad angle: counter-clockwise on screen with y pointing down,
 * so (1, 0) turned by 90 degrees is (0, -1).
 */
export function rotatePoint(x: number, y: number, degrees: number): [number, number] {
  const quarter = ((Math.round(degrees / 90) % 4) + 4) % 4;
  if (Math.abs(degrees - Math.round(degrees / 90) * 90) < 1e-9) {
    // Exact quarter turns keep coordinates on the grid.
    if (quarter === 0) return [x, y];
    if (quarter === 1) return [y, -x];
    if (quarter === 2) return [-x, -y];
    return [-y, x];
  }
  const r = (degrees * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [x * c + y * s, -x * s + y * c];
}

/** Absolute centre of a pad under a placement. */
export function padPosition(board: SimBoard, p: Placement, fp: number, pad: number): [number, number] {
  const f = board.footprints[fp]!;
  const d = f.pads[pad]!;
  const [rx, ry] = rotatePoint(d.x, d.y, p.rotation[fp]!);
  return [p.x[fp]! + rx, p.y[fp]! + ry];
}

/** Absolute axis-aligned extent of a pad's copper (a rotated pad uses the box around it). */
export function padRect(board: SimBoard, p: Placement, fp: number, pad: number): Rect {
  const d = board.footprints[fp]!.pads[pad]!;
  const [cx, cy] = padPosition(board, p, fp, pad);
  const turned = Math.abs(Math.round((p.rotation[fp]! + d.rotation) / 90)) % 2 === 1;
  const hw = (turned ? d.height : d.width) / 2;
  const hh = (turned ? d.width : d.height) / 2;
  return { minX: cx - hw, minY: cy - hh, maxX: cx + hw, maxY: cy + hh };
}

/**
 * Whether a point lies inside a pad's copper, at least `margin` from its edge. Shapes other than rect,
 * roundrect, circle and oval count by the rectangle at half their size, so the answer stays safe.
 */
export function padContains(
  board: SimBoard,
  p: Placement,
  fp: number,
  pad: number,
  x: number,
  y: number,
  margin = 0.01,
): boolean {
  const d = board.footprints[fp]!.pads[pad]!;
  const [cx, cy] = padPosition(board, p, fp, pad);
  const [lx, ly] = rotatePoint(x - cx, y - cy, -(p.rotation[fp]! + d.rotation));
  const hw = d.width / 2 - margin;
  const hh = d.height / 2 - margin;
  const ax = Math.abs(lx);
  const ay = Math.abs(ly);
  switch (d.shape) {
    case 'rect':
      return ax <= hw && ay <= hh;
    case 'roundrect': {
      const r = d.roundrectRatio * Math.min(d.width, d.height);
      if (ax > hw || ay > hh) return false;
      if (ax <= hw - r || ay <= hh - r) return true;
      return Math.hypot(ax - (hw - r), ay - (hh - r)) <= r;
    }
    case 'circle':
      return Math.hypot(lx, ly) <= Math.min(hw, hh);
    case 'oval': {
      const r = Math.min(hw, hh);
      const along = Math.max(hw, hh) - r;
      return hw >= hh
        ? Math.hypot(Math.max(0, ax - along), ay) <= r
        : Math.hypot(ax, Math.max(0, ay - along)) <= r;
    }
    default:
      return ax <= hw / 2 && ay <= hh / 2;
  }
}

/** Absolute courtyard box of a footprint under a placement. */
export function courtyard(board: SimBoard, p: Placement, fp: number): Rect {
  const f = board.footprints[fp]!;
  const [cx, cy] = rotatePoint(f.centerX, f.centerY, p.rotation[fp]!);
  const turned = Math.abs(Math.round(p.rotation[fp]! / 90)) % 2 === 1;
  const hw = turned ? f.halfHeight : f.halfWidth;
  const hh = turned ? f.halfWidth : f.halfHeight;
  const x = p.x[fp]! + cx;
  const y = p.y[fp]! + cy;
  return { minX: x - hw, minY: y - hh, maxX: x + hw, maxY: y + hh };
}

/** Groups pads by net (nets with fewer than two pads need no routing and are left out). */
export function indexNets(footprints: SimFootprint[]): {
  nets: string[];
  netPads: Map<string, [number, number][]>;
} {
  const netPads = new Map<string, [number, number][]>();
  footprints.forEach((f, fi) =>
    f.pads.forEach((pad, pi) => {
      if (!pad.net) return;
      const list = netPads.get(pad.net) ?? [];
      list.push([fi, pi]);
      netPads.set(pad.net, list);
    }),
  );
  for (const [net, pads] of netPads) if (pads.length < 2) netPads.delete(net);
  return { nets: [...netPads.keys()].sort(), netPads };
}
