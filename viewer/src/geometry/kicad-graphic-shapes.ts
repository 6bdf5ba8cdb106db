// SPDX-License-Identifier: AGPL-3.0-or-later
// Graphic items of a board file (gr_line, fp_arc, a pad's gr_poly, …) as GraphicShape values.

import type { FlatPolygon, GraphicShape, Point } from './board-geometry.js';
import { PlacementTransform, toNanometre } from './placement-transform.js';
import {
  BoardFormatError,
  child,
  childNumber,
  childText,
  numberAt,
  requiredChild,
  type SexprList,
} from './sexpr-list.js';

/** The shape kind of a graphic item's head without its gr_/fp_ prefix, or undefined for others. */
export function graphicKind(head: string): string | undefined {
  if (!(head.startsWith('gr_') || head.startsWith('fp_'))) return undefined;
  const kind = head.slice(3);
  return kind === 'line' ||
    kind === 'arc' ||
    kind === 'circle' ||
    kind === 'rect' ||
    kind === 'poly' ||
    kind === 'curve'
    ? kind
    : undefined;
}

/** The point of a child such as `(start 1 2)`. */
export function pointOf(list: SexprList, head: string): Point {
  const found = requiredChild(list, head);
  return [numberAt(found, 0), numberAt(found, 1)];
}

/** The stroke width: `(stroke (width w))` since KiCad 7, `(width w)` before. */
function strokeWidth(list: SexprList): number {
  const stroke = child(list, 'stroke');
  return childNumber(stroke ?? list, 'width', 0);
}

/** Filled: `(fill yes|solid)` (`no`/`none` is not); KiCad 5's polygons were always filled. */
function isFilled(list: SexprList, defaultFilled: boolean): boolean {
  const fill = childText(list, 'fill');
  if (fill === undefined) return defaultFilled;
  return fill === 'yes' || fill === 'solid';
}

/** The flat outline of `(pts (xy x y) …)`; arcs inside the list contribute their three points. */
export function flatPoints(pts: SexprList, transform: PlacementTransform): FlatPolygon {
  // The item stream already flattened every well-formed point; a child left over is malformed.
  for (const item of pts.items) {
    if (typeof item === 'object' && (item.head === 'xy' || item.head === 'arc')) {
      if (item.head === 'xy') numberAt(item, 1);
      throw new BoardFormatError(`(${item.head} …) inside (pts …) needs numeric coordinates`, item.line);
    }
  }
  const points = pts.points ?? [];
  if (transform === PlacementTransform.identity) return points;
  const flat: number[] = new Array<number>(points.length);
  for (let i = 0; i + 1 < points.length; i += 2) {
    const [x, y] = transform.apply(points[i]!, points[i + 1]!);
    flat[i] = x;
    flat[i + 1] = y;
  }
  return flat;
}

/**
 * Converts a graphic item to a shape in board coordinates. Footprint items are given in the
 * footprint's frame and placed with its transform; board items use the identity.
 */
export function graphicShape(list: SexprList, transform: PlacementTransform): GraphicShape | undefined {
  const kind = graphicKind(list.head);
  const width = toNanometre(strokeWidth(list));
  const at = (head: string): Point => transform.apply(...pointOf(list, head));
  switch (kind) {
    case 'line':
      return { kind: 'line', start: at('start'), end: at('end'), width };
    case 'arc':
      return { kind: 'arc', ...arcPoints(list, transform), width };
    case 'circle': {
      const center = pointOf(list, 'center');
      const end = pointOf(list, 'end');
      const radius = toNanometre(Math.hypot(end[0] - center[0], end[1] - center[1]));
      return { kind: 'circle', center: at('center'), radius, width, filled: isFilled(list, false) };
    }
    case 'rect':
      return rectShape(list, transform, width);
    case 'poly': {
      const pts = requiredChild(list, 'pts');
      return { kind: 'polygon', points: flatPoints(pts, transform), width, filled: isFilled(list, true) };
    }
    case 'curve': {
      const flat = flatPoints(requiredChild(list, 'pts'), transform);
      if (flat.length !== 8)
        throw new BoardFormatError(`(${list.head} …) needs four (xy …) points`, list.line);
      const p = (i: number): Point => [flat[2 * i]!, flat[2 * i + 1]!];
      return { kind: 'bezier', points: [p(0), p(1), p(2), p(3)], width };
    }
    default:
      return undefined;
  }
}

/** A rectangle stays one under right-angle rotations; otherwise KiCad turns it into a polygon. */
function rectShape(list: SexprList, transform: PlacementTransform, width: number): GraphicShape {
  const [x0, y0] = pointOf(list, 'start');
  const [x1, y1] = pointOf(list, 'end');
  const filled = isFilled(list, false);
  if (transform.isRightAngle) {
    return { kind: 'rect', start: transform.apply(x0, y0), end: transform.apply(x1, y1), width, filled };
  }
  const corners = [
    transform.apply(x0, y0),
    transform.apply(x1, y0),
    transform.apply(x1, y1),
    transform.apply(x0, y1),
  ];
  return { kind: 'polygon', points: corners.flat(), width, filled };
}

/**
 * An arc's three points. Since KiCad 6 they are written as start/mid/end; KiCad 5 wrote the centre
 * as `start`, the arc's start as `end`, and a sweep `angle`, which KiCad turns clockwise on screen.
 */
function arcPoints(list: SexprList, transform: PlacementTransform): { start: Point; mid: Point; end: Point } {
  if (child(list, 'mid') !== undefined) {
    return {
      start: transform.apply(...pointOf(list, 'start')),
      mid: transform.apply(...pointOf(list, 'mid')),
      end: transform.apply(...pointOf(list, 'end')),
    };
  }
  const center = pointOf(list, 'start');
  const start = pointOf(list, 'end');
  const sweep = childNumber(list, 'angle', NaN);
  if (!Number.isFinite(sweep))
    throw new BoardFormatError(`(${list.head} …) has neither (mid …) nor (angle …)`, list.line);
  const around = (degrees: number): Point => {
    const turn = new PlacementTransform(center, -degrees);
    return turn.apply(start[0] - center[0], start[1] - center[1]);
  };
  const mid = around(sweep / 2);
  const end = around(sweep);
  return {
    start: transform.apply(...start),
    mid: transform.apply(...mid),
    end: transform.apply(...end),
  };
}
