// SPDX-License-Identifier: AGPL-3.0-or-later
// A footprint item of a board file, `(footprint …)` (KiCad 6+) or `(module …)` (KiCad 5), as a
// Footprint with pads in board coordinates plus its Edge.Cuts shapes.

import type {
  CopperGraphic,
  Footprint,
  GraphicShape,
  Pad,
  PadShape,
  PadType,
  Point,
} from './board-geometry.js';
import { graphicKind, graphicShape } from './kicad-graphic-shapes.js';
import type { KicadNetTable } from './kicad-net-table.js';
import { normaliseAngle, PlacementTransform } from './placement-transform.js';
import type { TextPool } from './text-pool.js';
import {
  atoms,
  child,
  childNumber,
  childText,
  hasAtom,
  numberAt,
  optionalNumberAt,
  requiredChild,
  textAt,
  type SexprList,
} from './sexpr-list.js';

const PAD_TYPES = new Set<string>(['thru_hole', 'smd', 'connect', 'np_thru_hole']);
const PAD_SHAPES = new Set<string>(['circle', 'rect', 'oval', 'trapezoid', 'roundrect', 'custom']);

/** A footprint read from a board, with the Edge.Cuts and copper shapes it draws. */
export interface ReadFootprint {
  footprint: Footprint;
  edgeCuts: GraphicShape[];
  copper: CopperGraphic[];
}

/** Reads `(at x y [angle])`: a position and an angle (0 when omitted). */
function placement(list: SexprList): { at: Point; angle: number } {
  const at = requiredChild(list, 'at');
  return { at: [numberAt(at, 0), numberAt(at, 1)], angle: optionalNumberAt(at, 2, 0) };
}

/** A footprint field: `(property "Reference" "R1")` since KiCad 8, `(fp_text reference "R1")` before. */
function field(list: SexprList, name: 'Reference' | 'Value'): string {
  for (const item of list.items) {
    if (typeof item !== 'object') continue;
    if (item.head === 'property' && textAt(item, 0) === name) return textAt(item, 1) ?? '';
    if (item.head === 'fp_text' && textAt(item, 0) === name.toLowerCase()) return textAt(item, 1) ?? '';
  }
  return '';
}

/** Reads a footprint; pads are placed on the board, Edge.Cuts graphics are collected. */
export function readFootprint(list: SexprList, nets: KicadNetTable, pool: TextPool): ReadFootprint {
  const { at, angle } = placement(list);
  const transform = new PlacementTransform(at, angle);
  const pads: Pad[] = [];
  const edgeCuts: GraphicShape[] = [];
  const copper: CopperGraphic[] = [];
  for (const item of list.items) {
    if (typeof item !== 'object') continue;
    if (item.head === 'pad') {
      pads.push(readPad(item, transform, nets, pool));
      continue;
    }
    if (graphicKind(item.head) === undefined) continue;
    const layer = childText(item, 'layer');
    if (layer === 'Edge.Cuts') {
      const shape = graphicShape(item, transform);
      if (shape !== undefined) edgeCuts.push(shape);
    } else if (layer !== undefined && layer.endsWith('.Cu')) {
      const shape = graphicShape(item, transform);
      if (shape !== undefined)
        copper.push({ layer: pool.text(layer), net: nets.nameOf(child(item, 'net')), shape });
    }
  }
  const footprint: Footprint = {
    reference: pool.text(field(list, 'Reference')),
    value: pool.text(field(list, 'Value')),
    libId: pool.text(textAt(list, 0) ?? ''),
    at: transform.apply(0, 0),
    angle: normaliseAngle(angle),
    layer: pool.text(childText(list, 'layer') ?? 'F.Cu'),
    pads,
  };
  return { footprint, edgeCuts, copper };
}

/**
 * Reads a pad. Its (at x y) is in the footprint's frame, but the angle a board file stores is
 * already absolute: KiCad writes the footprint's rotation plus the pad's own (a .kicad_mod library
 * file, by contrast, stores the pad's own rotation only).
 */
function readPad(list: SexprList, transform: PlacementTransform, nets: KicadNetTable, pool: TextPool): Pad {
  const number = pool.text(textAt(list, 0) ?? '');
  const typeText = textAt(list, 1) ?? '';
  const shapeText = textAt(list, 2) ?? '';
  const type: PadType = PAD_TYPES.has(typeText) ? (typeText as PadType) : 'smd';
  let shape: PadShape = PAD_SHAPES.has(shapeText) ? (shapeText as PadShape) : 'rect';
  const { at, angle } = placement(list);
  const sizeList = requiredChild(list, 'size');
  const pad: Pad = {
    number,
    type,
    shape,
    at: transform.apply(at[0], at[1]),
    angle: normaliseAngle(angle),
    size: [numberAt(sizeList, 0), optionalNumberAt(sizeList, 1, numberAt(sizeList, 0))],
    layers: atoms(requiredChild(list, 'layers')).map((layer) => pool.text(layer)),
    net: nets.nameOf(child(list, 'net')),
  };
  const drill = readDrill(child(list, 'drill'));
  if (drill !== undefined && (type === 'thru_hole' || type === 'np_thru_hole')) pad.drill = drill;
  if (shape === 'roundrect') {
    pad.roundrectRatio = childNumber(list, 'roundrect_rratio', 0);
    // KiCad writes a chamfered rectangle as a roundrect with chamfered corners named.
    const chamfer = child(list, 'chamfer');
    if (chamfer !== undefined && chamfer.items.length > 0) shape = pad.shape = 'chamfered_rect';
  }
  if (shape === 'custom') pad.primitives = readPrimitives(child(list, 'primitives'));
  return pad;
}

/** `(drill d)`, `(drill oval w h)` or `(drill oval d)`, each with an optional `(offset …)`. */
function readDrill(drill: SexprList | undefined): Pad['drill'] {
  if (drill === undefined) return undefined;
  const oval = hasAtom(drill, 'oval');
  const numbers = drill.items.filter(
    (item): item is number | string => typeof item !== 'object' && item !== 'oval',
  );
  const width = Number(numbers[0] ?? 0);
  const height = numbers[1] === undefined ? width : Number(numbers[1]);
  if (!(width > 0)) return undefined;
  return { shape: oval ? 'oval' : 'circle', size: [width, height] };
}

/** A custom pad's primitives, in the pad's own frame. */
function readPrimitives(primitives: SexprList | undefined): GraphicShape[] {
  const shapes: GraphicShape[] = [];
  if (primitives === undefined) return shapes;
  for (const item of primitives.items) {
    if (typeof item !== 'object') continue;
    const shape = graphicShape(item, PlacementTransform.identity);
    if (shape !== undefined) shapes.push(shape);
  }
  return shapes;
}
