// SPDX-License-Identifier: AGPL-3.0-or-later
// Cost replay: the placement cost terms of one footprint, recomputed by this engine's cost model on a
// board file (its footprints, pads, nets and outline: the graph extracted from the board) at a given
// placement (an event's footprint positions), or at the board's own placement for a routed checkpoint.
// Runs in the engine's subprocess (src/engine-runtime), so a frozen engine copy replays with
// its own cost model.
import { readFileSync } from 'node:fs';
import type { PlacedFootprint } from '../telemetry/live-event.js';
import {
  COST_WEIGHTS,
  costIndex,
  costPerFootprint,
  footprintCost,
  netWirelength,
  placementCost,
  type CostTerms,
} from './placement-cost.js';
import { readSimBoard } from './sim-board-reader.js';

/** What to replay. */
export interface CostReplayInput {
  /** The board file (absolute path). */
  board: string;
  /** Footprint positions to apply (an event's placement); absent: the board's own. */
  placement?: PlacedFootprint[];
  ref: string;
}

/** The replayed cost of one footprint. */
export interface CostReplay {
  ref: string;
  /** Its share of the placement cost, as placement_cost events report per footprint. */
  share: { total: number; terms: CostTerms };
  /** Everything that depends on it: a move of it changes the total by the change of this. */
  own: { total: number; terms: CostTerms };
  /** The whole placement. */
  placement: { total: number; terms: CostTerms };
  weights: Record<keyof CostTerms, number>;
  position: { x: number; y: number; rotation: number; side: 'front' | 'back' };
  /** The nets it is on, with their half-perimeter wirelength. */
  nets: { name: string; wirelength: number }[];
  /** Footprints of the placement that the board does not have (they are left out). */
  unknownRefs: string[];
}

/** Replays the cost terms of `ref`; throws when the board cannot be read or has no such footprint. */
export function componentCostReplay(input: CostReplayInput): CostReplay {
  const text = readFileSync(input.board, 'utf8');
  const kb = readSimBoard(text, input.board);
  const board = kb.board;
  const p = kb.placement;
  const byRef = new Map(board.footprints.map((f, i) => [f.ref, i]));
  const unknownRefs: string[] = [];
  for (const f of input.placement ?? []) {
    const i = byRef.get(f.ref);
    if (i === undefined) {
      unknownRefs.push(f.ref);
      continue;
    }
    p.x[i] = f.x;
    p.y[i] = f.y;
    p.rotation[i] = f.rotation;
  }
  const fp = byRef.get(input.ref);
  if (fp === undefined) throw new Error(`the board ${input.board} has no footprint ${input.ref}`);
  const index = costIndex(board);
  const share = costPerFootprint(board, index, p)[fp]!;
  const own = footprintCost(board, index, p, fp);
  const round = (t: CostTerms) => ({
    wirelength: round3(t.wirelength),
    overlap: round3(t.overlap),
    outside: round3(t.outside),
  });
  const whole = placementCost(board, p);
  return {
    ref: input.ref,
    share: { total: round3(share.total), terms: round(share.terms) },
    own: { total: round3(own.total), terms: round(own.terms) },
    placement: { total: round3(whole.total), terms: round(whole.terms) },
    weights: { ...COST_WEIGHTS },
    position: { x: p.x[fp]!, y: p.y[fp]!, rotation: p.rotation[fp]!, side: board.footprints[fp]!.side },
    nets: index.netsOfFootprint[fp]!.map((ni) => ({
      name: board.nets[ni]!,
      wirelength: round3(netWirelength(board, p, board.nets[ni]!)),
    })),
    unknownRefs,
  };
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
