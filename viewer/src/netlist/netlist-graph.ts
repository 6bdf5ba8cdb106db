// SPDX-License-Identifier: AGPL-3.0-or-later
// TypeScript shape of schemas/pnr-netlist-graph-v1.schema.json; the schema is the contract, these types
// follow it (docs/viewer-netlist.md).

/** The schema identifier a netlist graph file carries. */
export const NETLIST_GRAPH_SCHEMA = 'pnr-netlist-graph-v1';

/** The file `rr pnr-sim` writes the graph into, in the live directory; the viewer's default --graph. */
export const NETLIST_GRAPH_FILE = 'netlist-graph.json';

/** KiCad's electrical pin types, which the graph uses for every source. */
export type PinType =
  | 'input'
  | 'output'
  | 'bidirectional'
  | 'tri_state'
  | 'passive'
  | 'free'
  | 'unspecified'
  | 'power_in'
  | 'power_out'
  | 'open_collector'
  | 'open_emitter'
  | 'no_connect';

/** One pad of a component. */
export interface NetlistPin {
  /** Pad number as the footprint names it. */
  pad: string;
  /** Function name ("SDA"); absent when the pin has none beyond its number. */
  name?: string;
  type?: PinType;
}

/** One component (a footprint on the board). */
export interface NetlistComponent {
  /** Reference designator, unique in the graph. */
  ref: string;
  /** Path in the instance tree, segments joined by "."; unique in the graph. */
  address: string;
  value: string;
  /** library:name, or empty. */
  footprint: string;
  symbol?: { library?: string; name: string };
  description?: string;
  fields?: Record<string, string>;
  /** Every pad, connected or not. */
  pins: NetlistPin[];
}

/** A pin as a net names it. */
export interface NetPin {
  ref: string;
  pad: string;
}

/** One net and the pins it connects. */
export interface NetlistNet {
  name: string;
  class?: string;
  pins: NetPin[];
}

/** A block of the instance tree above the components (sheet, module instance). */
export interface NetlistBlock {
  address: string;
  name?: string;
  type?: string;
  file?: string;
}

export interface NetClass {
  name: string;
  description?: string;
}

/** A whole pnr-netlist-graph-v1 file. */
export interface NetlistGraph {
  schema: typeof NETLIST_GRAPH_SCHEMA;
  design?: { name?: string; source?: string; tool?: string };
  hierarchy?: NetlistBlock[];
  components: NetlistComponent[];
  nets: NetlistNet[];
  net_classes?: NetClass[];
  ext?: Record<string, unknown>;
}

/** The separator of address segments. */
export const ADDRESS_SEPARATOR = '.';

/** The address of the block that holds an address ("" for the root). */
export function parentAddress(address: string): string {
  const cut = address.lastIndexOf(ADDRESS_SEPARATOR);
  return cut === -1 ? '' : address.slice(0, cut);
}

/** A key for a pin, unique in the graph: `ref:pad`. */
export function pinKey(ref: string, pad: string): string {
  return `${ref}:${pad}`;
}

/** A name as one address segment: a "." (the separator) in it becomes "_", and an empty name "_". */
export function addressSegment(name: string): string {
  const cleaned = name.split(ADDRESS_SEPARATOR).join('_');
  return cleaned === '' ? '_' : cleaned;
}
