// SPDX-License-Identifier: AGPL-3.0-or-later
// Simulated annealing of footprint positions: random displacements, quarter turns and swaps, accepted by
// the Metropolis rule under a temperature that cools geometrically.
import { clonePlacement, type Placement, type SimBoard } from './board-model.js';
import { costIndex, movedCost, placementCost, type CostIndex } from './placement-cost.js';
import type { SeededRandom } from './seeded-random.js';

/** How one annealing trial cools. */
export interface AnnealingSchedule {
  /** Starting temperature, in cost units. */
  startTemperature: number;
  /** Factor the temperature is multiplied by per step. */
  cooling: number;
  /** Positions snap to this grid (mm), so pads line up with the router's grid. */
  grid: number;
}

/** Counts since the last report. */
export interface MoveCounts {
  accepted: number;
  rejected: number;
}

/** One annealing run over a board; `step()` makes one move. */
export class Annealer {
  readonly index: CostIndex;
  placement: Placement;
  cost: number;
  best: Placement;
  bestCost: number;
  temperature: number;
  steps = 0;
  counts: MoveCounts = { accepted: 0, rejected: 0 };
  private readonly movable: number[];

  constructor(
    readonly board: SimBoard,
    start: Placement,
    private readonly random: SeededRandom,
    private readonly schedule: AnnealingSchedule,
  ) {
    this.index = costIndex(board);
    this.placement = clonePlacement(start);
    this.cost = placementCost(board, this.placement).total;
    this.best = clonePlacement(this.placement);
    this.bestCost = this.cost;
    this.temperature = schedule.startTemperature;
    this.movable = board.footprints.flatMap((f, i) => (f.locked ? [] : [i]));
  }

  /** Makes one move and cools; returns whether the move was kept. */
  step(): boolean {
    this.steps++;
    this.temperature *= this.schedule.cooling;
    if (this.movable.length === 0) return false;
    const p = this.placement;
    const a = this.movable[this.random.below(this.movable.length)]!;
    const kind = this.random.next();
    const swap = kind < 0.15 && this.movable.length > 1;
    let b = a;
    if (swap) {
      while (b === a) b = this.movable[this.random.below(this.movable.length)]!;
    }
    const before = this.localCost(a, b);
    const saved = [p.x[a]!, p.y[a]!, p.rotation[a]!, p.x[b]!, p.y[b]!];
    if (swap) {
      p.x[a] = saved[3]!;
      p.y[a] = saved[4]!;
      p.x[b] = saved[0]!;
      p.y[b] = saved[1]!;
    } else if (kind < 0.3) {
      p.rotation[a] = (p.rotation[a]! + 90) % 360;
    } else {
      // Displacements shrink as the search cools, from a third of the board to a grid step.
      const o = this.board.outline;
      const reach = Math.max(
        this.schedule.grid,
        ((o.maxX - o.minX) / 3) * Math.min(1, this.temperature / this.schedule.startTemperature),
      );
      p.x[a] = this.snap(clamp(p.x[a]! + this.random.between(-reach, reach), o.minX, o.maxX));
      p.y[a] = this.snap(clamp(p.y[a]! + this.random.between(-reach, reach), o.minY, o.maxY));
    }
    const delta = this.localCost(a, b) - before;
    const keep = delta <= 0 || this.random.next() < Math.exp(-delta / Math.max(this.temperature, 1e-9));
    if (keep) {
      this.cost += delta;
      this.counts.accepted++;
      if (this.cost < this.bestCost - 1e-9) {
        this.bestCost = this.cost;
        this.best = clonePlacement(p);
      }
    } else {
      p.x[a] = saved[0]!;
      p.y[a] = saved[1]!;
      p.rotation[a] = saved[2]!;
      p.x[b] = saved[3]!;
      p.y[b] = saved[4]!;
      this.counts.rejected++;
    }
    return keep;
  }

  /** Returns and resets the accept/reject counts. */
  takeCounts(): MoveCounts {
    const c = this.counts;
    this.counts = { accepted: 0, rejected: 0 };
    return c;
  }

  /** The part of the cost a move of `a` (and `b`, for a swap) can change. */
  private localCost(a: number, b: number): number {
    return movedCost(this.board, this.index, this.placement, a === b ? [a] : [a, b]);
  }

  /** Recomputes the running cost from scratch, dropping rounding drift of the incremental updates. */
  resync(): void {
    this.cost = placementCost(this.board, this.placement).total;
  }

  private snap(v: number): number {
    return Math.round(v / this.schedule.grid) * this.schedule.grid;
  }
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
