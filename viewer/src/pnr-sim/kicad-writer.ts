// SPDX-License-Identifier: AGPL-3.0-or-later
// Writes a board checkpoint: the input board's tree with footprints moved and turned to a placement and
// its tracks and vias replaced by the router's. Everything else is printed as it was read.
import { child, head, numberAt, type SList } from '../geometry/sexpr-source-tree.js';
import { numberAtom, printSExpr, quoted } from './sexpr-printer.js';
import type { Placement } from './board-model.js';
import type { KicadBoard } from './sim-board-reader.js';
import type { RoutedNet } from './maze-router.js';
import { stableUuid } from './seeded-random.js';

const ROUTING = new Set(['segment', 'arc', 'via']);

/** The .kicad_pcb text of the board under a placement with the given routes. */
export function boardText(kb: KicadBoard, placement: Placement, routes: RoutedNet[]): string {
  const moved = new Map<SList, SList>();
  kb.footprintNodes.forEach((node, i) =>
    moved.set(node, placedFootprint(node, placement.x[i]!, placement.y[i]!, placement.rotation[i]!)),
  );
  const out: SList = [];
  for (const item of kb.tree) {
    if (Array.isArray(item) && ROUTING.has(head(item) ?? '')) continue;
    if (Array.isArray(item) && head(item) === 'embedded_fonts') out.push(...routeItems(kb, routes));
    out.push(Array.isArray(item) ? (moved.get(item) ?? item) : item);
  }
  if (!kb.tree.some((item) => head(item) === 'embedded_fonts')) out.push(...routeItems(kb, routes));
  return printSExpr(out);
}

/** A footprint node at a new position and angle; pads and texts, which KiCad stores with absolute angles, turn with it. */
function placedFootprint(node: SList, x: number, y: number, rotation: number): SList {
  const at = child(node, 'at');
  const delta = rotation - (numberAt(at, 3) ?? 0);
  return node.map((c) => {
    if (!Array.isArray(c)) return c;
    const name = head(c);
    if (c === at) return atNode(x, y, rotation);
    if (name === 'pad' || name === 'property' || name === 'fp_text') {
      if (delta === 0) return c;
      return c.map((g) => {
        if (!Array.isArray(g) || head(g) !== 'at') return g;
        return atNode(numberAt(g, 1) ?? 0, numberAt(g, 2) ?? 0, (numberAt(g, 3) ?? 0) + delta);
      });
    }
    return c;
  });
}

function atNode(x: number, y: number, angle: number): SList {
  const a = ((angle % 360) + 360) % 360;
  return a === 0 ? ['at', numberAtom(x), numberAtom(y)] : ['at', numberAtom(x), numberAtom(y), numberAtom(a)];
}

function routeItems(kb: KicadBoard, routes: RoutedNet[]): SList[] {
  const items: SList[] = [];
  for (const route of routes) {
    const code = kb.netCodes.get(route.net);
    const net: SList = code !== undefined ? ['net', String(code)] : ['net', quoted(route.net)];
    for (const track of route.tracks) {
      for (let i = 1; i < track.points.length; i++) {
        const [x1, y1] = track.points[i - 1]!;
        const [x2, y2] = track.points[i]!;
        items.push([
          'segment',
          ['start', numberAtom(x1), numberAtom(y1)],
          ['end', numberAtom(x2), numberAtom(y2)],
          ['width', numberAtom(track.width)],
          ['layer', quoted(track.layer)],
          net,
          ['uuid', quoted(stableUuid(`segment:${route.net}:${track.layer}:${x1},${y1},${x2},${y2}`))],
        ]);
      }
    }
    for (const via of route.vias) {
      items.push([
        'via',
        ['at', numberAtom(via.x), numberAtom(via.y)],
        ['size', numberAtom(via.size)],
        ['drill', numberAtom(via.drill)],
        ['layers', quoted('F.Cu'), quoted('B.Cu')],
        net,
        ['uuid', quoted(stableUuid(`via:${route.net}:${via.x},${via.y}`))],
      ]);
    }
  }
  return items;
}

/** The extension checkpoints of this board get (`kicad_pcb`). */
export const BOARD_EXTENSION = 'kicad_pcb';
