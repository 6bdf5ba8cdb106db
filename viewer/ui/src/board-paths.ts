// SPDX-License-Identifier: AGPL-3.0-or-later
// Turns a board's geometry (rr-board-geometry-v1) into SVG path data, one fill path per copper layer
// and one stroke path per layer and track width, so even a large board is a few dozen SVG elements.
// Each part of the layered geometry (docs/viewer-geometry.md) is drawn on its own, so a board is drawn
// as its parts arrive, and the pieces combine into exactly the drawing of the whole geometry.
// Coordinates stay board millimetres (y down, like SVG); angles are counter-clockwise on screen.
import { splitGeometry } from '../../src/geometry/geometry-split.js';
import type {
  BoardGeometry,
  Footprint,
  GraphicShape,
  LayerPart,
  Pad,
  PlacedFootprint,
  Point,
  Via,
} from './api-types.js';

/** Strokes of one width on one layer. */
export interface StrokeGroup {
  width: number;
  d: string;
}

/** Everything drawn on one layer. */
export interface LayerPaths {
  layer: string;
  /** Pads, zone fills, filled copper graphics. */
  fill: string;
  /** Tracks, arcs and stroked copper graphics, grouped by width. */
  strokes: StrokeGroup[];
}

/** A footprint as drawn: where it is and the box around its pads, for picking and note targets. */
export interface PlacedPart {
  ref: string;
  value: string;
  center: Point;
  box: { minX: number; minY: number; maxX: number; maxY: number };
  /** Nets of its pads, for picking a net. */
  pads: { number: string; at: Point; half: number; net: string | null }[];
  moved: boolean;
}

/** The drawable board: copper per layer, vias, holes and outline, as far as they arrived. */
export interface BoardPaths {
  /** Copper layers front to back, as the geometry lists them; only those whose parts arrived. */
  copper: LayerPaths[];
  /** The vias' copper, or null while the vias are still to come. */
  vias: string | null;
  holes: string;
  /** The outline, or null while it is still to come. */
  outline: StrokeGroup[] | null;
  parts: PlacedPart[];
}

/** Rotates a local vector by a KiCad angle (counter-clockwise on screen, y down). */
export function rotate([x, y]: Point, degrees: number): Point {
  const r = (degrees * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [x * c + y * s, -x * s + y * c];
}

const fmt = (v: number) => (Math.round(v * 10000) / 10000).toString();
const pt = ([x, y]: Point) => `${fmt(x)} ${fmt(y)}`;

/** Path data of a closed polygon given as points. */
function polygonPath(points: Point[]): string {
  if (points.length < 2) return '';
  return `M${points.map(pt).join('L')}Z`;
}

/** Path data of a flat x0, y0, x1, y1, … polygon (built straight into the string: zone fills are big). */
export function flatPolygonPath(flat: readonly number[]): string {
  if (flat.length < 4) return '';
  let d = `M${fmt(flat[0]!)} ${fmt(flat[1]!)}`;
  for (let i = 2; i + 1 < flat.length; i += 2) d += `L${fmt(flat[i]!)} ${fmt(flat[i + 1]!)}`;
  return `${d}Z`;
}

function circlePath([cx, cy]: Point, r: number): string {
  return `M${fmt(cx - r)} ${fmt(cy)}a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(-2 * r)} 0Z`;
}

/** A rectangle of half sizes (hw, hh) with corner radius r, centred at `at`, turned by `angle`. */
function roundedRectPath(at: Point, angle: number, hw: number, hh: number, r: number): string {
  // rotate()'s arithmetic with its sine and cosine taken once per pad (a large board has thousands).
  const turn = (angle * Math.PI) / 180;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  const place = ([x, y]: Point): Point => [at[0] + (x * c + y * s), at[1] + (-x * s + y * c)];
  const radius = Math.max(0, Math.min(r, hw, hh));
  if (radius <= 1e-6)
    return polygonPath([place([-hw, -hh]), place([hw, -hh]), place([hw, hh]), place([-hw, hh])]);
  // Clockwise on screen; a rotation keeps the arcs circular and their sweep direction.
  const arc = (p: Point) => `A${fmt(radius)} ${fmt(radius)} 0 0 1 ${pt(place(p))}`;
  return [
    `M${pt(place([-hw + radius, -hh]))}`,
    `L${pt(place([hw - radius, -hh]))}`,
    arc([hw, -hh + radius]),
    `L${pt(place([hw, hh - radius]))}`,
    arc([hw - radius, hh]),
    `L${pt(place([-hw + radius, hh]))}`,
    arc([-hw, hh - radius]),
    `L${pt(place([-hw, -hh + radius]))}`,
    arc([-hw + radius, -hh]),
    'Z',
  ].join('');
}

/** SVG arc path through three points (a straight line when they are collinear). */
export function arcThrough(start: Point, mid: Point, end: Point): string {
  const [ax, ay] = start;
  const [bx, by] = mid;
  const [cx, cy] = end;
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  if (Math.abs(d) < 1e-12) return `M${pt(start)}L${pt(end)}`;
  const ux =
    ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) / d;
  const uy =
    ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) / d;
  const r = Math.hypot(ax - ux, ay - uy);
  // Sweep: which way round the circle passes mid. Large arc: mid lies on the far side of the chord.
  const cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const sweep = cross > 0 ? 1 : 0;
  const chordSide = (ux - ax) * (cy - ay) - (uy - ay) * (cx - ax);
  const large = chordSide * cross > 0 ? 1 : 0;
  return `M${pt(start)}A${fmt(r)} ${fmt(r)} 0 ${large} ${sweep} ${pt(end)}`;
}

/** Path data of a pad's copper. */
export function padPath(pad: Pad): string {
  const [w, h] = pad.size;
  const hw = w / 2;
  const hh = h / 2;
  switch (pad.shape) {
    case 'circle':
      return circlePath(pad.at, hw);
    case 'oval':
      return roundedRectPath(pad.at, pad.angle, hw, hh, Math.min(hw, hh));
    case 'roundrect':
      return roundedRectPath(pad.at, pad.angle, hw, hh, (pad.roundrectRatio ?? 0.25) * Math.min(w, h));
    case 'custom': {
      const parts = [roundedRectPath(pad.at, pad.angle, hw, hh, 0)];
      for (const shape of pad.primitives ?? []) {
        const placed = transformShape(shape, (p) => {
          const [x, y] = rotate(p, pad.angle);
          return [pad.at[0] + x, pad.at[1] + y];
        });
        const d = shapePath(placed);
        if (d && ('filled' in placed ? placed.filled : false)) parts.push(d);
      }
      return parts.join('');
    }
    default:
      return roundedRectPath(pad.at, pad.angle, hw, hh, 0);
  }
}

/** A shape with every point moved by `f` (radii kept). */
function transformShape(shape: GraphicShape, f: (p: Point) => Point): GraphicShape {
  switch (shape.kind) {
    case 'line':
      return { ...shape, start: f(shape.start), end: f(shape.end) };
    case 'arc':
      return { ...shape, start: f(shape.start), mid: f(shape.mid), end: f(shape.end) };
    case 'circle':
      return { ...shape, center: f(shape.center) };
    case 'rect': {
      // A turned rectangle is no longer axis-aligned: make it a polygon.
      const [x0, y0] = shape.start;
      const [x1, y1] = shape.end;
      const points = [f([x0, y0]), f([x1, y0]), f([x1, y1]), f([x0, y1])].flat();
      return { kind: 'polygon', points, width: shape.width, filled: shape.filled };
    }
    case 'polygon': {
      const points: number[] = [];
      for (let i = 0; i + 1 < shape.points.length; i += 2)
        points.push(...f([shape.points[i]!, shape.points[i + 1]!]));
      return { ...shape, points };
    }
    case 'bezier':
      return { ...shape, points: shape.points.map(f) as [Point, Point, Point, Point] };
  }
}

/** Path data of a shape's outline (closed shapes are closed). */
export function shapePath(shape: GraphicShape): string {
  switch (shape.kind) {
    case 'line':
      return `M${pt(shape.start)}L${pt(shape.end)}`;
    case 'arc':
      return arcThrough(shape.start, shape.mid, shape.end);
    case 'circle':
      return circlePath(shape.center, shape.radius);
    case 'rect': {
      const [x0, y0] = shape.start;
      const [x1, y1] = shape.end;
      return polygonPath([
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ]);
    }
    case 'polygon':
      return flatPolygonPath(shape.points);
    case 'bezier': {
      const [p0, c1, c2, p1] = shape.points;
      return `M${pt(p0)}C${pt(c1)} ${pt(c2)} ${pt(p1)}`;
    }
  }
}

/** Footprints moved to a placement event's positions (footprints it does not name stay). */
export function placeFootprints(
  footprints: readonly Footprint[],
  placement?: readonly PlacedFootprint[],
): Footprint[] {
  if (!placement) return [...footprints];
  const byRef = new Map(placement.map((p) => [p.ref, p]));
  return footprints.map((fp) => {
    const to = byRef.get(fp.reference);
    if (!to) return fp;
    const turn = to.rotation - fp.angle;
    if (to.x === fp.at[0] && to.y === fp.at[1] && turn === 0) return fp;
    const pads = fp.pads.map((pad) => {
      const local = rotate([pad.at[0] - fp.at[0], pad.at[1] - fp.at[1]], turn);
      return {
        ...pad,
        at: [to.x + local[0], to.y + local[1]] as Point,
        angle: (((pad.angle + turn) % 360) + 360) % 360,
      };
    });
    return { ...fp, at: [to.x, to.y] as Point, angle: to.rotation, pads };
  });
}

function addStroke(byWidth: Map<number, string[]>, width: number, d: string): void {
  let list = byWidth.get(width);
  if (!list) byWidth.set(width, (list = []));
  list.push(d);
}

function strokeGroups(byWidth: Map<number, string[]>): StrokeGroup[] {
  return [...byWidth].sort((a, b) => a[0] - b[0]).map(([width, ds]) => ({ width, d: ds.join('') }));
}

/** What one layer part draws: its zone fills and filled graphics, and its strokes by width. */
export interface LayerPartPaths {
  fill: string;
  strokes: StrokeGroup[];
}

/** The drawing of one layer's part (tracks, arcs, copper graphics, zone fills). */
export function layerPartPaths(part: LayerPart): LayerPartPaths {
  const fills: string[] = [];
  const strokes = new Map<number, string[]>();
  for (const fill of part.fills) fills.push(...fill.polygons.map(flatPolygonPath));
  for (const s of part.segments) addStroke(strokes, s.width, `M${pt(s.start)}L${pt(s.end)}`);
  for (const a of part.arcs) addStroke(strokes, a.width, arcThrough(a.start, a.mid, a.end));
  for (const g of part.graphics) {
    const d = shapePath(g.shape);
    if ('filled' in g.shape && g.shape.filled) fills.push(d);
    if (g.shape.width > 0) addStroke(strokes, g.shape.width, d);
  }
  return { fill: fills.join(''), strokes: strokeGroups(strokes) };
}

/** What the footprints draw: pad copper per copper layer, drill holes, and the parts to pick and mark. */
export interface FootprintPaths {
  /** The pads' copper on a layer ('' for none), joined when first asked for. */
  padFill(layer: string): string;
  holes: string;
  parts: PlacedPart[];
}

/** The drawing of the footprints, at `placement` when given. */
export function footprintPaths(
  footprints: readonly Footprint[],
  placement?: readonly PlacedFootprint[],
): FootprintPaths {
  const fills = new Map<string, string[]>();
  const holes: string[] = [];
  const parts: PlacedPart[] = [];
  const moved = new Set(placement?.map((p) => p.ref));
  for (const fp of placeFootprints(footprints, placement)) {
    const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const padMarks: PlacedPart['pads'] = [];
    for (const pad of fp.pads) {
      const d = padPath(pad);
      for (const layer of pad.layers) {
        if (!layer.endsWith('.Cu')) continue; // only copper is drawn
        let list = fills.get(layer);
        if (!list) fills.set(layer, (list = []));
        list.push(d);
      }
      if (pad.drill) holes.push(circlePath(pad.at, Math.min(...pad.drill.size) / 2));
      const half = Math.max(...pad.size) / 2;
      box.minX = Math.min(box.minX, pad.at[0] - half);
      box.minY = Math.min(box.minY, pad.at[1] - half);
      box.maxX = Math.max(box.maxX, pad.at[0] + half);
      box.maxY = Math.max(box.maxY, pad.at[1] + half);
      padMarks.push({ number: pad.number, at: pad.at, half, net: pad.net });
    }
    if (!Number.isFinite(box.minX))
      Object.assign(box, { minX: fp.at[0], minY: fp.at[1], maxX: fp.at[0], maxY: fp.at[1] });
    parts.push({
      ref: fp.reference,
      value: fp.value,
      center: fp.at,
      box,
      pads: padMarks,
      moved: moved.has(fp.reference),
    });
  }
  // A through-hole pad is on every copper layer; each layer's path is made when that layer is drawn.
  const joined = new Map<string, string>();
  const padFill = (layer: string): string => {
    let d = joined.get(layer);
    if (d === undefined) joined.set(layer, (d = fills.get(layer)?.join('') ?? ''));
    return d;
  };
  return { padFill, holes: holes.join(''), parts };
}

/** What the vias draw: their copper and their holes. */
export interface ViaPaths {
  vias: string;
  holes: string;
}

/** The drawing of the vias. */
export function viaPaths(vias: readonly Via[]): ViaPaths {
  return {
    vias: vias.map((v) => circlePath(v.at, v.diameter / 2)).join(''),
    holes: vias.map((v) => circlePath(v.at, v.drill / 2)).join(''),
  };
}

/** The board outline by stroke width (at least 0.05 mm, so a zero-width edge still shows). */
export function outlinePaths(outline: readonly GraphicShape[]): StrokeGroup[] {
  const byWidth = new Map<number, string[]>();
  for (const shape of outline) addStroke(byWidth, Math.max(shape.width, 0.05), shapePath(shape));
  return strokeGroups(byWidth);
}

/** The drawings of the parts that arrived; a missing member is a part still to come. */
export interface BoardPieces {
  /** Copper layers front to back, as the geometry lists them. */
  copperNames: readonly string[];
  /** Layers that have a part of their own (the others have only pads). */
  withPart: ReadonlySet<string>;
  footprints?: FootprintPaths;
  layers: ReadonlyMap<string, LayerPartPaths>;
  vias?: ViaPaths;
  outline?: StrokeGroup[];
}

/** One copper layer drawn: pad copper first, then the layer's own fills; strokes from its part. */
export function copperLayerPaths(
  layer: string,
  padFill: string,
  part: LayerPartPaths | undefined,
): LayerPaths {
  return { layer, fill: padFill + (part?.fill ?? ''), strokes: part?.strokes ?? [] };
}

/** The board as far as it arrived: a copper layer once its pads and its own part are there. */
export function combinePieces(
  pieces: BoardPieces,
  layerPaths: (
    layer: string,
    padFill: string,
    part: LayerPartPaths | undefined,
  ) => LayerPaths = copperLayerPaths,
): BoardPaths {
  const fp = pieces.footprints;
  const copper = fp
    ? pieces.copperNames
        .filter((layer) => !pieces.withPart.has(layer) || pieces.layers.has(layer))
        .map((layer) => layerPaths(layer, fp.padFill(layer), pieces.layers.get(layer)))
    : [];
  return {
    copper,
    vias: pieces.vias?.vias ?? null,
    holes: (fp?.holes ?? '') + (pieces.vias?.holes ?? ''),
    outline: pieces.outline ?? null,
    parts: fp?.parts ?? [],
  };
}

/** The pieces of a whole geometry, all there. */
export function geometryPieces(geometry: BoardGeometry, placement?: readonly PlacedFootprint[]): BoardPieces {
  const { parts } = splitGeometry(geometry);
  const layers = new Map<string, LayerPartPaths>();
  let outline: StrokeGroup[] = [];
  for (const part of parts)
    if (part.kind === 'layer') {
      layers.set(part.name, layerPartPaths(part));
      if (part.name === 'Edge.Cuts') outline = outlinePaths(part.outline);
    }
  return {
    copperNames: geometry.layers.filter((l) => l.name.endsWith('.Cu')).map((l) => l.name),
    withPart: new Set(layers.keys()),
    footprints: footprintPaths(geometry.footprints, placement),
    layers,
    vias: viaPaths(geometry.vias),
    outline,
  };
}

/** The board's drawing, with footprints at `placement` when given. */
export function boardPaths(geometry: BoardGeometry, placement?: readonly PlacedFootprint[]): BoardPaths {
  return combinePieces(geometryPieces(geometry, placement));
}
