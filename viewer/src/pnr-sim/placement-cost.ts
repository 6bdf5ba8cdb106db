// SPDX-License-Identifier: AGPL-3.0-or-later
// Placement cost: half-perimeter wirelength of every net, plus penalties for courtyards that overlap each
// other or leave the board. Weights make one square millimetre of overlap cost like 10 mm of wire.
import { courtyard, padPosition, type Placement, type Rect, type SimBoard } from './board-model.js';

/** Penalty weights per unit of each term. */
export const COST_WEIGHTS = { wirelength: 1, overlap: 10, outside: 20 } as const;

export interface CostTerms {
  wirelength: number;
  overlap: number;
  outside: number;
}

export interface PlacementCost {
  total: number;
  terms: CostTerms;
}

/** Net index lists per footprint, precomputed once per board for incremental costs. */
export interface CostIndex {
  netsOfFootprint: number[][];
}

/** Precomputes which nets touch each footprint. */
export function costIndex(board: SimBoard): CostIndex {
  const netsOfFootprint: number[][] = board.footprints.map(() => []);
  board.nets.forEach((net, ni) => {
    for (const [fp] of board.netPads.get(net)!) {
      const list = netsOfFootprint[fp]!;
      if (list[list.length - 1] !== ni) list.push(ni);
    }
  });
  return { netsOfFootprint };
}

/** Half-perimeter of the box around a net's pads (mm). */
export function netWirelength(board: SimBoard, p: Placement, net: string): number {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [fp, pad] of board.netPads.get(net)!) {
    const [x, y] = padPosition(board, p, fp, pad);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return maxX - minX + (maxY - minY);
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const h = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  return w > 0 && h > 0 ? w * h : 0;
}

function outsideArea(r: Rect, outline: Rect): number {
  const inside = overlapArea(r, outline);
  return (r.maxX - r.minX) * (r.maxY - r.minY) - inside;
}

function total(terms: CostTerms): number {
  return (
    terms.wirelength * COST_WEIGHTS.wirelength +
    terms.overlap * COST_WEIGHTS.overlap +
    terms.outside * COST_WEIGHTS.outside
  );
}

/** The whole placement's cost. */
export function placementCost(board: SimBoard, p: Placement): PlacementCost {
  const terms: CostTerms = { wirelength: 0, overlap: 0, outside: 0 };
  for (const net of board.nets) terms.wirelength += netWirelength(board, p, net);
  const boxes = board.footprints.map((_, i) => courtyard(board, p, i));
  for (let i = 0; i < boxes.length; i++) {
    terms.outside += outsideArea(boxes[i]!, board.outline);
    for (let j = i + 1; j < boxes.length; j++) terms.overlap += overlapArea(boxes[i]!, boxes[j]!);
  }
  return { total: total(terms), terms };
}

/**
 * The part of the cost that depends on one footprint: its nets' wirelength, its overlaps and its area
 * outside the board. A move of that footprint changes the total by exactly the change of this part.
 */
export function footprintCost(board: SimBoard, index: CostIndex, p: Placement, fp: number): PlacementCost {
  const terms: CostTerms = { wirelength: 0, overlap: 0, outside: 0 };
  for (const ni of index.netsOfFootprint[fp]!) terms.wirelength += netWirelength(board, p, board.nets[ni]!);
  const box = courtyard(board, p, fp);
  terms.outside = outsideArea(box, board.outline);
  for (let j = 0; j < board.footprints.length; j++) {
    if (j !== fp) terms.overlap += overlapArea(box, courtyard(board, p, j));
  }
  return { total: total(terms), terms };
}

/**
 * The part of the total that depends on the given footprints (their nets, overlaps involving them, their
 * area outside the board), each term counted once: moving only these footprints changes the total by
 * exactly the change of this value.
 */
export function movedCost(board: SimBoard, index: CostIndex, p: Placement, moved: number[]): number {
  const terms: CostTerms = { wirelength: 0, overlap: 0, outside: 0 };
  const nets = new Set<number>();
  for (const fp of moved) for (const ni of index.netsOfFootprint[fp]!) nets.add(ni);
  for (const ni of nets) terms.wirelength += netWirelength(board, p, board.nets[ni]!);
  const boxes = moved.map((fp) => courtyard(board, p, fp));
  boxes.forEach((box, k) => {
    terms.outside += outsideArea(box, board.outline);
    for (let j = 0; j < board.footprints.length; j++) {
      const other = moved.indexOf(j);
      if (other === k || (other >= 0 && other < k)) continue;
      terms.overlap += overlapArea(box, other >= 0 ? boxes[other]! : courtyard(board, p, j));
    }
  });
  return total(terms);
}

/** Cost per footprint for inspection: its share of wirelength (each net split over its footprints) and penalties. */
export function costPerFootprint(
  board: SimBoard,
  index: CostIndex,
  p: Placement,
): { ref: string; total: number; terms: CostTerms }[] {
  const share = new Float64Array(board.footprints.length);
  board.nets.forEach((net) => {
    const fps = new Set(board.netPads.get(net)!.map(([fp]) => fp));
    const hpwl = netWirelength(board, p, net);
    for (const fp of fps) share[fp] = share[fp]! + hpwl / fps.size;
  });
  return board.footprints.map((f, fp) => {
    const own = footprintCost(board, index, p, fp);
    // An overlap is shared by two footprints; count half here so the shares add up to the total.
    const terms = { wirelength: share[fp]!, overlap: own.terms.overlap / 2, outside: own.terms.outside };
    return { ref: f.ref, total: total(terms), terms };
  });
}
