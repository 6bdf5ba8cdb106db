// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic model GET /api/schematic serves (its body is a payload, GET /api/schematic/payload/<key>):
// components with their symbols (a library symbol's real pins, or a generic box), nets with their pins
// and constraints, and the hierarchy by instance address. The page lays it out (elkjs) and draws it.
// Lengths are millimetres, y down, relative to a symbol's top-left corner.

/** The model's schema identifier. */
export const SCHEMATIC_SCHEMA = 'rr-schematic-v1';

/** The side of a symbol a pin sticks out of. */
export type PinSide = 'WEST' | 'EAST' | 'NORTH' | 'SOUTH';

/** A pin of a drawn symbol: its connection point (the outer end) and its side. */
export interface SymbolPin {
  pad: string;
  name?: string;
  type?: string;
  x: number;
  y: number;
  side: PinSide;
  /** Length of the pin line from the connection point towards the body. */
  length: number;
}

/** A symbol as drawn: its size, body rectangles and pins. */
export interface SchematicSymbol {
  /** `library`: from a --parts library; `generic`: a box with the component's pins. */
  kind: 'library' | 'generic';
  /** For library symbols: "library:name". */
  id?: string;
  width: number;
  height: number;
  bodies: { x: number; y: number; width: number; height: number }[];
  pins: SymbolPin[];
}

export interface SchematicComponent {
  ref: string;
  address: string;
  /** The address of the block holding it ("" for the root). */
  block: string;
  value: string;
  footprint: string;
  description?: string;
  symbol: SchematicSymbol;
}

export interface SchematicNet {
  name: string;
  class?: string;
  /** `ref:pad` of each pin. */
  pins: string[];
  /** Constraint sentences from the constraints file ("net class Power: clearance 0.3 mm"). */
  constraints?: string[];
}

export interface SchematicBlock {
  address: string;
  name: string;
  /** "" for blocks directly under the root. */
  parent: string;
  file?: string;
  type?: string;
}

/** The whole model. */
export interface SchematicModel {
  schema: typeof SCHEMATIC_SCHEMA;
  /** What it was built from: the design's netlist graph, or the board of a lane's checkpoint. */
  scope: 'design' | 'board';
  design: { name?: string; source?: string; tool?: string };
  blocks: SchematicBlock[];
  components: SchematicComponent[];
  nets: SchematicNet[];
  /** Things the builder could not use (a constraint naming an unknown net, an unreadable library). */
  problems: string[];
  stats: { components: number; nets: number; pins: number; librarySymbols: number; genericSymbols: number };
}
