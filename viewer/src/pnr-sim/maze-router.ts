// SPDX-License-Identifier: AGPL-3.0-or-later
// A grid maze router in Lee's tradition, searched with A*: two copper layers, four-way steps, vias between
// layers. Each net is grown as a tree, one pad at a time, from everything already connected to the
// nearest unconnected pad. Routed copper blocks other nets; pads and board edges are obstacles.

import type { NetRouteStatus, TrackPolyline, ViaMark } from '../telemetry/live-event.js';
import {
  padContains,
  padPosition,
  padRect,
  type Placement,
  type Rect,
  type SimBoard,
} from './board-model.js';

export interface RouterOptions {
  /** Grid pitch (mm): track centre lines lie on cell centres. */
  pitch: number;
  trackWidth: number;
  clearance: number;
  viaSize: number;
  viaDrill: number;
  /** Cost of a via in grid steps. */
  viaCost: number;
  /** Search budget per connection, in expanded grid states. */
  maxExpansions: number;
}

export const DEFAULT_ROUTER_OPTIONS: RouterOptions = {
  pitch: 0.5,
  trackWidth: 0.25,
  clearance: 0.2,
  viaSize: 0.6,
  viaDrill: 0.3,
  viaCost: 8,
  maxExpansions: 2_000_000,
};

/** The copper of one net after routing, with how far it got. */
export interface RoutedNet {
  net: string;
  status: NetRouteStatus;
  tracks: TrackPolyline[];
  vias: ViaMark[];
  /** Track length (mm). */
  length: number;
  reason?: string;
}

const LAYERS = ['F.Cu', 'B.Cu'] as const;
const FREE = -1;
const BLOCKED = -2;

/** Routes nets over one placement; nets routed earlier are obstacles for later ones. */
export class MazeRouter {
  private readonly cols: number;
  private readonly rows: number;
  private readonly owner: Int32Array;
  private readonly terminals: number[][][];
  private readonly netIndex = new Map<string, number>();
  private readonly g: Float64Array;
  private readonly from: Int32Array;
  private readonly stamp: Uint32Array;
  private search = 0;
  /** Pad centres to extend a track to, for pads smaller than a grid cell. */
  private readonly leads = new Map<number, [number, number]>();

  constructor(
    private readonly board: SimBoard,
    private readonly placement: Placement,
    private readonly options: RouterOptions = DEFAULT_ROUTER_OPTIONS,
  ) {
    const o = board.outline;
    this.cols = Math.max(1, Math.floor((o.maxX - o.minX) / options.pitch));
    this.rows = Math.max(1, Math.floor((o.maxY - o.minY) / options.pitch));
    const size = 2 * this.cols * this.rows;
    this.owner = new Int32Array(size).fill(FREE);
    this.g = new Float64Array(size);
    this.from = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    board.nets.forEach((n, i) => this.netIndex.set(n, i));
    this.blockEdges();
    this.terminals = board.footprints.map((_, fp) =>
      board.footprints[fp]!.pads.map((__, pad) => this.padCells(fp, pad)),
    );
    this.blockPads();
  }

  /** Routes one net and commits its copper; later nets route around it. */
  routeNet(net: string): RoutedNet {
    const ni = this.netIndex.get(net);
    const pads = this.board.netPads.get(net);
    if (ni === undefined || !pads)
      return { net, status: 'failed', tracks: [], vias: [], length: 0, reason: 'not a net of the board' };
    const cellsOf = pads.map(([fp, pad]) => this.terminals[fp]![pad]!);
    const missing = cellsOf.findIndex((c) => c.length === 0);
    if (missing >= 0) {
      const [fp, pad] = pads[missing]!;
      return this.result(
        net,
        'failed',
        [],
        [],
        0,
        `pad ${this.board.footprints[fp]!.ref}.${this.board.footprints[fp]!.pads[pad]!.number} is off the routing grid`,
      );
    }
    const tree = new Set<number>(cellsOf[0]);
    const open = new Set(cellsOf.keys());
    open.delete(0);
    const tracks: TrackPolyline[] = [];
    const vias: ViaMark[] = [];
    let length = 0;
    while (open.size > 0) {
      const targets = new Map<number, number>();
      for (const k of open) for (const c of cellsOf[k]!) targets.set(c, k);
      const path = this.findPath(ni, tree, targets);
      if (!path) break;
      const reached = targets.get(path[path.length - 1]!)!;
      open.delete(reached);
      for (const c of cellsOf[reached]!) tree.add(c);
      for (const c of path) tree.add(c);
      length += this.commit(ni, path, tracks, vias);
    }
    if (open.size === 0) return this.result(net, 'routed', tracks, vias, length);
    const names = [...open].map((k) => {
      const [fp, pad] = pads[k]!;
      return `${this.board.footprints[fp]!.ref}.${this.board.footprints[fp]!.pads[pad]!.number}`;
    });
    const status = open.size === pads.length - 1 ? 'failed' : 'partial';
    return this.result(net, status, tracks, vias, length, `no path to ${names.join(', ')}`);
  }

  private result(
    net: string,
    status: NetRouteStatus,
    tracks: TrackPolyline[],
    vias: ViaMark[],
    length: number,
    reason?: string,
  ): RoutedNet {
    return reason === undefined
      ? { net, status, tracks, vias, length }
      : { net, status, tracks, vias, length, reason };
  }

  private cell(layer: number, ix: number, iy: number): number {
    return (layer * this.rows + iy) * this.cols + ix;
  }

  private coords(cell: number): [number, number, number] {
    const ix = cell % this.cols;
    const rest = (cell - ix) / this.cols;
    const iy = rest % this.rows;
    return [(rest - iy) / this.rows, ix, iy];
  }

  private centre(ix: number, iy: number): [number, number] {
    const o = this.board.outline;
    return [o.minX + (ix + 0.5) * this.options.pitch, o.minY + (iy + 0.5) * this.options.pitch];
  }

  /** Cells whose centres lie in a rectangle, as [ix, iy] ranges. */
  private cellRange(r: Rect): [number, number, number, number] {
    const o = this.board.outline;
    const p = this.options.pitch;
    return [
      Math.max(0, Math.ceil((r.minX - o.minX) / p - 0.5)),
      Math.min(this.cols - 1, Math.floor((r.maxX - o.minX) / p - 0.5)),
      Math.max(0, Math.ceil((r.minY - o.minY) / p - 0.5)),
      Math.min(this.rows - 1, Math.floor((r.maxY - o.minY) / p - 0.5)),
    ];
  }

  private padLayers(fp: number, pad: number): number[] {
    const l = this.board.footprints[fp]!.pads[pad]!.layers;
    return l === 'both' ? [0, 1] : l === 'back' ? [1] : [0];
  }

  /** Cells whose centres lie inside a pad's copper (the nearest cell when none does). */
  private padCells(fp: number, pad: number): number[] {
    const r = padRect(this.board, this.placement, fp, pad);
    const [x0, x1, y0, y1] = this.cellRange(r);
    const cells: number[] = [];
    const layers = this.padLayers(fp, pad);
    for (let iy = y0; iy <= y1; iy++)
      for (let ix = x0; ix <= x1; ix++) {
        const [x, y] = this.centre(ix, iy);
        if (padContains(this.board, this.placement, fp, pad, x, y))
          for (const layer of layers) cells.push(this.cell(layer, ix, iy));
      }
    if (cells.length === 0) {
      const [px, py] = padPosition(this.board, this.placement, fp, pad);
      const o = this.board.outline;
      const ix = Math.floor((px - o.minX) / this.options.pitch);
      const iy = Math.floor((py - o.minY) / this.options.pitch);
      if (ix >= 0 && iy >= 0 && ix < this.cols && iy < this.rows) {
        for (const layer of layers) {
          const c = this.cell(layer, ix, iy);
          cells.push(c);
          // A track ending on this cell would stop outside the pad: lead it on to the pad's centre.
          this.leads.set(c, [round(px), round(py)]);
        }
      }
    }
    return cells;
  }

  private blockEdges(): void {
    const keep = this.options.trackWidth / 2 + this.options.clearance;
    const margin = Math.ceil(keep / this.options.pitch - 0.5);
    for (let layer = 0; layer < 2; layer++)
      for (let iy = 0; iy < this.rows; iy++)
        for (let ix = 0; ix < this.cols; ix++)
          if (ix < margin || iy < margin || ix >= this.cols - margin || iy >= this.rows - margin)
            this.owner[this.cell(layer, ix, iy)] = BLOCKED;
  }

  /** Pad copper plus clearance belongs to the pad's net; where two nets' margins meet, nobody may route. */
  private blockPads(): void {
    const grow = this.options.clearance + this.options.trackWidth / 2;
    this.board.footprints.forEach((f, fp) =>
      f.pads.forEach((pad, pi) => {
        const ni = pad.net !== null ? (this.netIndex.get(pad.net) ?? BLOCKED) : BLOCKED;
        const r = padRect(this.board, this.placement, fp, pi);
        const [x0, x1, y0, y1] = this.cellRange({
          minX: r.minX - grow,
          minY: r.minY - grow,
          maxX: r.maxX + grow,
          maxY: r.maxY + grow,
        });
        for (const layer of this.padLayers(fp, pi))
          for (let iy = y0; iy <= y1; iy++)
            for (let ix = x0; ix <= x1; ix++) {
              const c = this.cell(layer, ix, iy);
              const cur = this.owner[c]!;
              this.owner[c] = cur === FREE || cur === ni ? ni : BLOCKED;
            }
      }),
    );
    // A pad's own copper stays reachable for its net even where a neighbour's margin reaches into it.
    this.board.footprints.forEach((f, fp) =>
      f.pads.forEach((pad, pi) => {
        const ni = pad.net !== null ? this.netIndex.get(pad.net) : undefined;
        if (ni !== undefined) for (const c of this.terminals[fp]![pi]!) this.owner[c] = ni;
      }),
    );
  }

  private usable(ni: number, cell: number): boolean {
    const o = this.owner[cell]!;
    return o === FREE || o === ni;
  }

  /** A via needs its cell and the four neighbours free (or the net's own) on both layers. */
  private viaFits(ni: number, ix: number, iy: number): boolean {
    for (let layer = 0; layer < 2; layer++) {
      if (!this.usable(ni, this.cell(layer, ix, iy))) return false;
      for (const [dx, dy] of STEPS) {
        const x = ix + dx;
        const y = iy + dy;
        if (x >= 0 && y >= 0 && x < this.cols && y < this.rows && !this.usable(ni, this.cell(layer, x, y)))
          return false;
      }
    }
    return true;
  }

  private findPath(ni: number, sources: Set<number>, targets: Map<number, number>): number[] | undefined {
    for (const t of targets.keys()) if (sources.has(t)) return [t];
    this.search++;
    const stamp = this.search;
    // Distance in steps to the box of target cells of each open pad: never more than the real path.
    const boxes = new Map<number, [number, number, number, number]>();
    for (const [c, k] of targets) {
      const [, ix, iy] = this.coords(c);
      const b = boxes.get(k);
      if (!b) boxes.set(k, [ix, ix, iy, iy]);
      else {
        b[0] = Math.min(b[0], ix);
        b[1] = Math.max(b[1], ix);
        b[2] = Math.min(b[2], iy);
        b[3] = Math.max(b[3], iy);
      }
    }
    const goals = [...boxes.values()];
    const estimate = (ix: number, iy: number): number => {
      let best = Infinity;
      for (const [x0, x1, y0, y1] of goals) {
        const d = Math.max(0, x0 - ix, ix - x1) + Math.max(0, y0 - iy, iy - y1);
        if (d < best) best = d;
      }
      return best;
    };
    const heap = new MinHeap();
    for (const s of sources) {
      this.stamp[s] = stamp;
      this.g[s] = 0;
      this.from[s] = -1;
      const [, ix, iy] = this.coords(s);
      heap.push(estimate(ix, iy), s);
    }
    let expansions = 0;
    while (heap.size > 0) {
      const [f, cur] = heap.pop();
      const [layer, ix, iy] = this.coords(cur);
      const gc = this.g[cur]!;
      if (f > gc + estimate(ix, iy) + 1e-9) continue;
      if (targets.has(cur)) return this.trace(cur);
      if (++expansions > this.options.maxExpansions) return undefined;
      const next: [number, number][] = [];
      for (const [dx, dy] of STEPS) {
        const x = ix + dx;
        const y = iy + dy;
        if (x >= 0 && y >= 0 && x < this.cols && y < this.rows) next.push([this.cell(layer, x, y), 1]);
      }
      if (this.viaFits(ni, ix, iy)) next.push([this.cell(1 - layer, ix, iy), this.options.viaCost]);
      for (const [n, cost] of next) {
        if (!this.usable(ni, n)) continue;
        const gn = gc + cost;
        if (this.stamp[n] === stamp && this.g[n]! <= gn) continue;
        this.stamp[n] = stamp;
        this.g[n] = gn;
        this.from[n] = cur;
        const [, nx, ny] = this.coords(n);
        heap.push(gn + estimate(nx, ny), n);
      }
    }
    return undefined;
  }

  private trace(end: number): number[] {
    const path: number[] = [];
    for (let c = end; c !== -1; c = this.from[c]!) path.push(c);
    return path.reverse();
  }

  /** Marks a path as the net's copper and turns it into polylines and vias; returns its length (mm). */
  private commit(ni: number, path: number[], tracks: TrackPolyline[], vias: ViaMark[]): number {
    let run: [number, number][] = [];
    let runLayer = -1;
    let length = 0;
    const flush = () => {
      const points = run.filter((p, i) => i === 0 || p[0] !== run[i - 1]![0] || p[1] !== run[i - 1]![1]);
      if (points.length >= 2)
        tracks.push({ layer: LAYERS[runLayer]!, width: this.options.trackWidth, points: corners(points) });
      run = [];
    };
    const first = path[0]!;
    const last = path[path.length - 1]!;
    for (const c of path) {
      const [layer, ix, iy] = this.coords(c);
      const lead = c === first ? this.leads.get(c) : undefined;
      if (lead) run.push(lead);
      this.owner[c] = ni;
      if (layer !== runLayer && runLayer !== -1) {
        flush();
        const [x, y] = this.centre(ix, iy);
        vias.push({ x: round(x), y: round(y), size: this.options.viaSize, drill: this.options.viaDrill });
        for (let l = 0; l < 2; l++) {
          this.owner[this.cell(l, ix, iy)] = ni;
          for (const [dx, dy] of STEPS) {
            const x2 = ix + dx;
            const y2 = iy + dy;
            if (x2 >= 0 && y2 >= 0 && x2 < this.cols && y2 < this.rows) this.owner[this.cell(l, x2, y2)] = ni;
          }
        }
      } else if (run.length > 0) length += this.options.pitch;
      runLayer = layer;
      const [x, y] = this.centre(ix, iy);
      run.push([round(x), round(y)]);
      const tail = c === last ? this.leads.get(c) : undefined;
      if (tail) run.push(tail);
    }
    flush();
    return length;
  }
}

const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** Drops the points of a grid walk that lie on a straight line between their neighbours. */
function corners(points: [number, number][]): [number, number][] {
  const out: [number, number][] = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const [ax, ay] = out[out.length - 1]!;
    const [bx, by] = points[i]!;
    const [cx, cy] = points[i + 1]!;
    const straight = (ax === bx && bx === cx) || (ay === by && by === cy);
    if (!straight) out.push(points[i]!);
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** A binary min-heap of (priority, value) pairs. */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    const k = this.keys;
    const v = this.values;
    let i = k.length;
    k.push(key);
    v.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (k[parent]! <= key) break;
      k[i] = k[parent]!;
      v[i] = v[parent]!;
      i = parent;
    }
    k[i] = key;
    v[i] = value;
  }

  pop(): [number, number] {
    const k = this.keys;
    const v = this.values;
    const top: [number, number] = [k[0]!, v[0]!];
    const lastKey = k.pop()!;
    const lastValue = v.pop()!;
    if (k.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k.length) break;
        const r = l + 1;
        const m = r < k.length && k[r]! < k[l]! ? r : l;
        if (k[m]! >= lastKey) break;
        k[i] = k[m]!;
        v[i] = v[m]!;
        i = m;
      }
      k[i] = lastKey;
      v[i] = lastValue;
    }
    return top;
  }
}
