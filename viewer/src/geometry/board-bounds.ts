// SPDX-License-Identifier: AGPL-3.0-or-later
// The bounding box of a board: the extent of its Edge.Cuts outline, or of its copper when it has
// none (an unrouted fragment). Stroke widths are left out, so the box is the board's own size.

import type { BoardGeometry, BoundingBox, GraphicShape, Point } from './board-geometry.js';

class BoundsBuilder {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;

  add(x: number, y: number): void {
    if (x < this.minX) this.minX = x;
    if (y < this.minY) this.minY = y;
    if (x > this.maxX) this.maxX = x;
    if (y > this.maxY) this.maxY = y;
  }

  addFlat(points: number[]): void {
    for (let i = 0; i + 1 < points.length; i += 2) this.add(points[i]!, points[i + 1]!);
  }

  addSquare(center: Point, halfSide: number): void {
    this.add(center[0] - halfSide, center[1] - halfSide);
    this.add(center[0] + halfSide, center[1] + halfSide);
  }

  result(): BoundingBox | null {
    if (this.minX > this.maxX) return null;
    return { minX: this.minX, minY: this.minY, maxX: this.maxX, maxY: this.maxY };
  }
}

/** The centre of the circle through three points, or undefined when they are on one line. */
export function circleThrough(a: Point, b: Point, c: Point): Point | undefined {
  const d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]));
  if (Math.abs(d) < 1e-12) return undefined;
  const a2 = a[0] * a[0] + a[1] * a[1];
  const b2 = b[0] * b[0] + b[1] * b[1];
  const c2 = c[0] * c[0] + c[1] * c[1];
  return [
    (a2 * (b[1] - c[1]) + b2 * (c[1] - a[1]) + c2 * (a[1] - b[1])) / d,
    (a2 * (c[0] - b[0]) + b2 * (a[0] - c[0]) + c2 * (b[0] - a[0])) / d,
  ];
}

/** Adds an arc: its end points and every axis extreme its sweep passes. */
function addArc(bounds: BoundsBuilder, start: Point, mid: Point, end: Point): void {
  bounds.add(...start);
  bounds.add(...end);
  const center = circleThrough(start, mid, end);
  if (center === undefined) {
    bounds.add(...mid);
    return;
  }
  const radius = Math.hypot(start[0] - center[0], start[1] - center[1]);
  const angleOf = (p: Point) => Math.atan2(p[1] - center[1], p[0] - center[0]);
  const full = 2 * Math.PI;
  const norm = (a: number) => ((a % full) + full) % full;
  const a0 = angleOf(start);
  // Sweep from start towards end, in the direction that passes mid.
  const toMid = norm(angleOf(mid) - a0);
  const toEnd = norm(angleOf(end) - a0);
  const counter = toMid <= toEnd;
  const sweep = counter ? toEnd : full - toEnd;
  for (let k = 0; k < 4; k++) {
    const axis = (k * Math.PI) / 2;
    const along = counter ? norm(axis - a0) : norm(a0 - axis);
    if (along <= sweep) bounds.add(center[0] + radius * Math.cos(axis), center[1] + radius * Math.sin(axis));
  }
}

function addShape(bounds: BoundsBuilder, shape: GraphicShape): void {
  switch (shape.kind) {
    case 'line':
    case 'rect':
      bounds.add(...shape.start);
      bounds.add(...shape.end);
      return;
    case 'arc':
      addArc(bounds, shape.start, shape.mid, shape.end);
      return;
    case 'circle':
      bounds.addSquare(shape.center, shape.radius);
      return;
    case 'polygon':
      bounds.addFlat(shape.points);
      return;
    case 'bezier':
      // The control points hold the curve (a Bézier lies in their convex hull).
      for (const point of shape.points) bounds.add(...point);
  }
}

/** The board's bounds: its outline, or its copper when there is no outline; null when empty. */
export function boardBoundingBox(geometry: Omit<BoardGeometry, 'boundingBox'>): BoundingBox | null {
  const bounds = new BoundsBuilder();
  if (geometry.outline.length > 0) {
    for (const shape of geometry.outline) addShape(bounds, shape);
    return rounded(bounds.result());
  }
  for (const footprint of geometry.footprints) {
    for (const pad of footprint.pads) bounds.addSquare(pad.at, Math.hypot(pad.size[0], pad.size[1]) / 2);
  }
  for (const segment of geometry.segments) {
    bounds.add(...segment.start);
    bounds.add(...segment.end);
  }
  for (const arc of geometry.arcs) addArc(bounds, arc.start, arc.mid, arc.end);
  for (const via of geometry.vias) bounds.addSquare(via.at, via.diameter / 2);
  for (const zone of geometry.zones)
    for (const fill of zone.fills) for (const p of fill.polygons) bounds.addFlat(p);
  return rounded(bounds.result());
}

function rounded(box: BoundingBox | null): BoundingBox | null {
  if (box === null) return null;
  const nm = (v: number) => Math.round(v * 1e6) / 1e6;
  return { minX: nm(box.minX), minY: nm(box.minY), maxX: nm(box.maxX), maxY: nm(box.maxY) };
}
