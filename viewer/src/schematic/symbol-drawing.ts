// SPDX-License-Identifier: AGPL-3.0-or-later
// How a component's symbol is drawn: a library symbol with its real pins (units side by side, in y-down
// millimetres from the top-left corner), or, when no symbol covers the component's pads, a generic box
// with inputs on the left and outputs on the right.

import type { NetlistPin } from '../netlist/netlist-graph.js';
import type { LibraryPin, LibrarySymbol } from './kicad-symbol-library.js';
import type { PinSide, SchematicSymbol, SymbolPin } from './schematic-model.js';

const GRID = 2.54;
const UNIT_GAP = 5.08;

/** The side a library pin sticks out of: a pin pointing right (angle 0) towards the body is on the west. */
function sideOf(angle: number): PinSide {
  const a = ((Math.round(angle / 90) % 4) + 4) % 4;
  return (['WEST', 'SOUTH', 'EAST', 'NORTH'] as const)[a]!;
}

/**
 * The library symbol drawn for a component, or undefined when the symbol lacks one of the component's
 * pads (then the symbol is not the component's, and a generic box is drawn instead).
 */
export function libraryDrawing(
  symbol: LibrarySymbol,
  pins: readonly NetlistPin[],
): SchematicSymbol | undefined {
  const numbers = new Set(symbol.pins.map((p) => p.number));
  if (symbol.pins.length === 0 || pins.some((p) => !numbers.has(p.pad))) return undefined;
  const units = [...new Set([...symbol.pins.map((p) => p.unit), ...symbol.boxes.map((b) => b.unit)])]
    .filter((u) => u > 0)
    .sort((a, b) => a - b);
  if (units.length === 0) units.push(0);
  // Unit 0 is common to every unit: its pins go with the first unit, its shapes with each.
  const unitOf = (u: number) => (u === 0 ? units[0]! : u);
  const drawnPins: SymbolPin[] = [];
  const bodies: SchematicSymbol['bodies'] = [];
  const seen = new Set<string>();
  let offset = 0;
  let height = 0;
  const frames = units.map((unit) => {
    const unitPins = symbol.pins.filter((p) => unitOf(p.unit) === unit);
    const boxes = symbol.boxes.filter((b) => b.unit === unit || b.unit === 0);
    const xs = [
      ...unitPins.map((p) => p.x),
      ...boxes.flatMap((b) => [b.minX, b.maxX]),
      ...unitPins.map((p) => innerEnd(p)[0]),
    ];
    const ys = [
      ...unitPins.map((p) => p.y),
      ...boxes.flatMap((b) => [b.minY, b.maxY]),
      ...unitPins.map((p) => innerEnd(p)[1]),
    ];
    return {
      unit,
      unitPins,
      boxes,
      minX: Math.min(...xs),
      maxX: Math.max(...xs),
      minY: Math.min(...ys),
      maxY: Math.max(...ys),
    };
  });
  for (const f of frames) height = Math.max(height, f.maxY - f.minY);
  for (const f of frames) {
    // KiCad's y points up; the drawing's down.
    const tx = (x: number) => round(x - f.minX + offset);
    const ty = (y: number) => round(f.maxY - y);
    for (const pin of f.unitPins) {
      if (seen.has(pin.number)) continue;
      seen.add(pin.number);
      drawnPins.push({
        pad: pin.number,
        ...(pin.name && pin.name !== '~' && pin.name !== pin.number ? { name: pin.name } : {}),
        type: pin.type,
        x: tx(pin.x),
        y: ty(pin.y),
        side: sideOf(pin.angle),
        length: pin.length,
      });
    }
    const body = bodyOf(f);
    bodies.push({
      x: tx(body.minX),
      y: ty(body.maxY),
      width: round(body.maxX - body.minX),
      height: round(body.maxY - body.minY),
    });
    offset += f.maxX - f.minX + UNIT_GAP;
  }
  return {
    kind: 'library',
    id: symbol.id,
    width: round(offset - UNIT_GAP),
    height: round(height),
    bodies,
    pins: drawnPins,
  };
}

/** The body of a unit: its shapes' bounds, or the box the pins' inner ends enclose. */
function bodyOf(f: {
  boxes: { minX: number; minY: number; maxX: number; maxY: number }[];
  unitPins: LibraryPin[];
}) {
  const source =
    f.boxes.length > 0
      ? f.boxes
      : f.unitPins.map((p) => {
          const [x, y] = innerEnd(p);
          return { minX: x, maxX: x, minY: y, maxY: y };
        });
  return {
    minX: Math.min(...source.map((b) => b.minX)),
    maxX: Math.max(...source.map((b) => b.maxX)),
    minY: Math.min(...source.map((b) => b.minY)),
    maxY: Math.max(...source.map((b) => b.maxY)),
  };
}

function innerEnd(p: LibraryPin): [number, number] {
  const r = (p.angle * Math.PI) / 180;
  return [p.x + Math.cos(r) * p.length, p.y + Math.sin(r) * p.length];
}

const RIGHT_TYPES = new Set(['output', 'power_out', 'tri_state', 'open_collector', 'open_emitter']);
const LEFT_TYPES = new Set(['input', 'power_in']);

/** A generic box for a component: inputs west, outputs east, the rest balancing the two sides. */
export function genericDrawing(pins: readonly NetlistPin[]): SchematicSymbol {
  const sorted = [...pins].sort((a, b) => a.pad.localeCompare(b.pad, undefined, { numeric: true }));
  const west: NetlistPin[] = [];
  const east: NetlistPin[] = [];
  const free: NetlistPin[] = [];
  for (const pin of sorted) {
    if (pin.type && RIGHT_TYPES.has(pin.type)) east.push(pin);
    else if (pin.type && LEFT_TYPES.has(pin.type)) west.push(pin);
    else free.push(pin);
  }
  // Two-pin parts (resistors, capacitors) get a pin on each side; others fill the shorter side first.
  for (const pin of free) (west.length <= east.length ? west : east).push(pin);
  const label = (p: NetlistPin) => (p.name ?? p.pad).length;
  const longest = (side: NetlistPin[]) => Math.max(0, ...side.map(label));
  const pinLength = GRID;
  const bodyWidth = Math.max(2 * GRID, Math.ceil(((longest(west) + longest(east)) * 1.0 + 2) / GRID) * GRID);
  const rows = Math.max(west.length, east.length, 1);
  const bodyHeight = (rows + 1) * GRID;
  const drawn: SymbolPin[] = [];
  west.forEach((p, i) => drawn.push(pinAt(p, 0, (i + 1) * GRID, 'WEST', pinLength)));
  east.forEach((p, i) => drawn.push(pinAt(p, bodyWidth + 2 * pinLength, (i + 1) * GRID, 'EAST', pinLength)));
  return {
    kind: 'generic',
    width: round(bodyWidth + 2 * pinLength),
    height: round(bodyHeight),
    bodies: [{ x: pinLength, y: 0, width: round(bodyWidth), height: round(bodyHeight) }],
    pins: drawn,
  };
}

function pinAt(p: NetlistPin, x: number, y: number, side: PinSide, length: number): SymbolPin {
  return {
    pad: p.pad,
    ...(p.name ? { name: p.name } : {}),
    ...(p.type ? { type: p.type } : {}),
    x: round(x),
    y: round(y),
    side,
    length,
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
