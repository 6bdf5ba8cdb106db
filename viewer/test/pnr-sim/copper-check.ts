// SPDX-License-Identifier: AGPL-3.0-or-later
// A small design-rule check for the simulator's checkpoints: copper of different nets must keep a
// clearance (tracks against tracks on the same layer, tracks and vias against pads and other vias).
import { padRect, type Rect } from '../../src/pnr-sim/board-model.js';
import type { KicadBoard } from '../../src/pnr-sim/sim-board-reader.js';
import { atomText, child, children, numberAt } from '../../src/geometry/sexpr-source-tree.js';

interface Copper {
  net: string;
  layers: string[];
  /** A capsule: segment from a to b with a radius (a circle when a = b), or a rectangle. */
  a?: [number, number];
  b?: [number, number];
  radius?: number;
  rect?: Rect;
  what: string;
}

/** Pairs of copper items of different nets closer than `clearance` (mm), described for a failure message. */
export function clearanceViolations(kb: KicadBoard, clearance: number): string[] {
  const names = new Map<number, string>([...kb.netCodes].map(([n, c]) => [c, n]));
  const items: Copper[] = [];
  kb.board.footprints.forEach((f, fi) =>
    f.pads.forEach((p, pi) => {
      if (p.net === null) return;
      const layers = p.layers === 'both' ? ['F.Cu', 'B.Cu'] : p.layers === 'back' ? ['B.Cu'] : ['F.Cu'];
      items.push({
        net: p.net,
        layers,
        rect: padRect(kb.board, kb.placement, fi, pi),
        what: `pad ${f.ref}.${p.number}`,
      });
    }),
  );
  for (const s of children(kb.tree, 'segment')) {
    const a = child(s, 'start');
    const b = child(s, 'end');
    items.push({
      net: names.get(numberAt(child(s, 'net'), 1)!)!,
      layers: [atomText(child(s, 'layer')?.[1])!],
      a: [numberAt(a, 1)!, numberAt(a, 2)!],
      b: [numberAt(b, 1)!, numberAt(b, 2)!],
      radius: numberAt(child(s, 'width'), 1)! / 2,
      what: `segment ${numberAt(a, 1)},${numberAt(a, 2)}-${numberAt(b, 1)},${numberAt(b, 2)}`,
    });
  }
  for (const v of children(kb.tree, 'via')) {
    const at = child(v, 'at');
    const p: [number, number] = [numberAt(at, 1)!, numberAt(at, 2)!];
    items.push({
      net: names.get(numberAt(child(v, 'net'), 1)!)!,
      layers: ['F.Cu', 'B.Cu'],
      a: p,
      b: p,
      radius: numberAt(child(v, 'size'), 1)! / 2,
      what: `via ${p.join(',')}`,
    });
  }
  const problems: string[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const x = items[i]!;
      const y = items[j]!;
      if (x.net === y.net || !x.layers.some((l) => y.layers.includes(l))) continue;
      if (x.rect && y.rect) continue; // pad against pad is the footprint's and the placement's business
      const gap = distance(x, y);
      if (gap < clearance - 1e-6)
        problems.push(`${x.what} (${x.net}) and ${y.what} (${y.net}) are ${gap.toFixed(3)} mm apart`);
    }
  return problems;
}

function distance(x: Copper, y: Copper): number {
  if (x.rect) return segmentRect(y.a!, y.b!, x.rect) - y.radius!;
  if (y.rect) return segmentRect(x.a!, x.b!, y.rect) - x.radius!;
  return segmentSegment(x.a!, x.b!, y.a!, y.b!) - x.radius! - y.radius!;
}

function pointSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function segmentSegment(
  a: [number, number],
  b: [number, number],
  c: [number, number],
  d: [number, number],
): number {
  // Grid tracks are axis-parallel, so crossing segments show up as a zero endpoint distance or are caught
  // by the crossing test below.
  if (crosses(a, b, c, d)) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

function crosses(
  a: [number, number],
  b: [number, number],
  c: [number, number],
  d: [number, number],
): boolean {
  const o = (p: [number, number], q: [number, number], r: [number, number]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

function segmentRect(a: [number, number], b: [number, number], r: Rect): number {
  const inside = (p: [number, number]) =>
    p[0] >= r.minX && p[0] <= r.maxX && p[1] >= r.minY && p[1] <= r.maxY;
  if (inside(a) || inside(b)) return 0;
  const corners: [number, number][] = [
    [r.minX, r.minY],
    [r.maxX, r.minY],
    [r.maxX, r.maxY],
    [r.minX, r.maxY],
  ];
  let best = Infinity;
  for (let k = 0; k < 4; k++) {
    const c = corners[k]!;
    const d = corners[(k + 1) % 4]!;
    best = Math.min(best, segmentSegment(a, b, c, d));
  }
  return best;
}
