// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads what the simulator needs from a .kicad_pcb file: footprints, pads, nets and the outline. The text
// is read by the geometry layer (its tokenizer, checks and errors) as a tree of atoms as written, which
// is kept so checkpoints can be written as the same board with new positions and tracks.
import {
  indexNets,
  type PadLayers,
  type Placement,
  type Rect,
  type SimBoard,
  type SimFootprint,
  type SimPad,
} from './board-model.js';
import { BoardReadError } from '../geometry/board-read-error.js';
import { readKicadBoardTree } from '../geometry/kicad-board-tree.js';
import { atomText, child, children, head, numberAt, type SList } from '../geometry/sexpr-source-tree.js';

/** A board file read for the simulator. */
export interface KicadBoard {
  board: SimBoard;
  /** The initial placement: the positions in the file. */
  placement: Placement;
  tree: SList;
  /** The footprint list nodes, by footprint index. */
  footprintNodes: SList[];
  /** Net codes by name, from the file's net declarations. */
  netCodes: Map<string, number>;
}

/** Reads .kicad_pcb text for the simulator; `file` names it in errors (BoardReadError). */
export function readSimBoard(text: string, file: string): KicadBoard {
  const tree = readKicadBoardTree(text, file);

  const netCodes = new Map<string, number>();
  for (const n of children(tree, 'net')) {
    const code = numberAt(n, 1);
    const name = atomText(n[2]);
    if (code !== undefined && name !== undefined && name !== '') netCodes.set(name, code);
  }

  const footprintNodes = children(tree, 'footprint');
  const footprints: SimFootprint[] = [];
  const x: number[] = [];
  const y: number[] = [];
  const rotation: number[] = [];
  footprintNodes.forEach((node, index) => {
    const at = child(node, 'at');
    x.push(numberAt(at, 1) ?? 0);
    y.push(numberAt(at, 2) ?? 0);
    const angle = numberAt(at, 3) ?? 0;
    rotation.push(angle);
    footprints.push(readFootprint(node, angle, index));
  });
  if (footprints.length === 0)
    throw new BoardReadError(`${file}: the board has no footprints to place`, file, undefined);

  const { nets, netPads } = indexNets(footprints);
  const placement: Placement = {
    x: Float64Array.from(x),
    y: Float64Array.from(y),
    rotation: Float64Array.from(rotation),
  };
  const outline = edgeCutsBox(tree) ?? footprintsBox(footprints, placement);
  return { board: { outline, footprints, nets, netPads }, placement, tree, footprintNodes, netCodes };
}

function readFootprint(node: SList, angle: number, index: number): SimFootprint {
  const ref =
    children(node, 'property').find((p) => atomText(p[1]) === 'Reference')?.[2] ??
    children(node, 'fp_text').find((t) => t[1] === 'reference')?.[2];
  const side = atomText(child(node, 'layer')?.[1]) === 'B.Cu' ? 'back' : 'front';
  const locked = node.includes('locked') || atomText(child(node, 'locked')?.[1]) === 'yes';
  const pads = children(node, 'pad').map((p) => readPad(p, angle));
  const box = courtyardBox(node) ?? padsBox(pads);
  return {
    ref: atomText(ref) || `FP${index + 1}`,
    side,
    pads,
    halfWidth: (box.maxX - box.minX) / 2,
    halfHeight: (box.maxY - box.minY) / 2,
    centerX: (box.maxX + box.minX) / 2,
    centerY: (box.maxY + box.minY) / 2,
    locked,
  };
}

function readPad(node: SList, footprintAngle: number): SimPad {
  const at = child(node, 'at');
  const size = child(node, 'size');
  const layerNames = (child(node, 'layers') ?? []).slice(1).map((l) => atomText(l) ?? '');
  const front = layerNames.some((l) => l === 'F.Cu' || l === '*.Cu' || l === 'F&B.Cu');
  const back = layerNames.some((l) => l === 'B.Cu' || l === '*.Cu' || l === 'F&B.Cu');
  const layers: PadLayers = front && back ? 'both' : back ? 'back' : 'front';
  const netNode = child(node, 'net');
  // KiCad 9 writes (net <code> "<name>"); a bare (net "<name>") is read the same way.
  const netName = netNode ? atomText(netNode.length >= 3 ? netNode[2] : netNode[1]) : undefined;
  const width = numberAt(size, 1) ?? 0.5;
  return {
    number: atomText(node[1]) ?? '',
    x: numberAt(at, 1) ?? 0,
    y: numberAt(at, 2) ?? 0,
    width,
    height: numberAt(size, 2) ?? width,
    // The file holds the pad's absolute angle; the model keeps it relative to the footprint.
    rotation: (numberAt(at, 3) ?? 0) - footprintAngle,
    shape: atomText(node[3]) ?? 'rect',
    roundrectRatio: numberAt(child(node, 'roundrect_rratio'), 1) ?? 0.25,
    layers,
    net: netName ? netName : null,
  };
}

const COURTYARDS = new Set(['F.CrtYd', 'B.CrtYd']);

function courtyardBox(node: SList): Rect | undefined {
  const points: [number, number][] = [];
  for (const item of node) {
    if (!Array.isArray(item)) continue;
    const kind = head(item);
    if (!kind?.startsWith('fp_') || !COURTYARDS.has(atomText(child(item, 'layer')?.[1]) ?? '')) continue;
    collectPoints(item, points);
  }
  return boxOf(points);
}

function edgeCutsBox(tree: SList): Rect | undefined {
  const points: [number, number][] = [];
  for (const item of tree) {
    if (!Array.isArray(item) || !head(item)?.startsWith('gr_')) continue;
    if (atomText(child(item, 'layer')?.[1]) !== 'Edge.Cuts') continue;
    if (head(item) === 'gr_circle') {
      const c = child(item, 'center');
      const e = child(item, 'end');
      const cx = numberAt(c, 1) ?? 0;
      const cy = numberAt(c, 2) ?? 0;
      const r = Math.hypot((numberAt(e, 1) ?? cx) - cx, (numberAt(e, 2) ?? cy) - cy);
      points.push([cx - r, cy - r], [cx + r, cy + r]);
    } else collectPoints(item, points);
  }
  return boxOf(points);
}

function collectPoints(item: SList, out: [number, number][]): void {
  for (const name of ['start', 'end', 'mid', 'center']) {
    const p = child(item, name);
    const px = numberAt(p, 1);
    const py = numberAt(p, 2);
    if (px !== undefined && py !== undefined) out.push([px, py]);
  }
  for (const xy of children(child(item, 'pts') ?? [], 'xy')) {
    const px = numberAt(xy, 1);
    const py = numberAt(xy, 2);
    if (px !== undefined && py !== undefined) out.push([px, py]);
  }
}

function boxOf(points: [number, number][]): Rect | undefined {
  if (points.length === 0) return undefined;
  const r = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [px, py] of points) {
    r.minX = Math.min(r.minX, px);
    r.minY = Math.min(r.minY, py);
    r.maxX = Math.max(r.maxX, px);
    r.maxY = Math.max(r.maxY, py);
  }
  return r.maxX > r.minX && r.maxY > r.minY ? r : undefined;
}

function padsBox(pads: SimPad[]): Rect {
  const points: [number, number][] = [];
  for (const p of pads) {
    const turned = Math.abs(Math.round(p.rotation / 90)) % 2 === 1;
    const hw = (turned ? p.height : p.width) / 2 + 0.25;
    const hh = (turned ? p.width : p.height) / 2 + 0.25;
    points.push([p.x - hw, p.y - hh], [p.x + hw, p.y + hh]);
  }
  return boxOf(points) ?? { minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5 };
}

function footprintsBox(footprints: SimFootprint[], p: Placement): Rect {
  const points: [number, number][] = [];
  footprints.forEach((f, i) => {
    points.push([p.x[i]! - f.halfWidth - 2, p.y[i]! - f.halfHeight - 2]);
    points.push([p.x[i]! + f.halfWidth + 2, p.y[i]! + f.halfHeight + 2]);
  });
  return boxOf(points)!;
}
