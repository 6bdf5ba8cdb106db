// SPDX-License-Identifier: AGPL-3.0-or-later
// The netlist graph a KiCad board holds: each footprint is a component (reference, value, library id),
// each numbered pad a pin (with the pin function and type KiCad copies onto pads from the schematic) and
// the pads' nets the nets. `rr pnr-sim` writes it for every experiment, and the viewer draws a lane's
// board this way (scope=board) when no design graph is configured. A footprint's address is its sheet
// path (from the footprint's `sheetname`) and its reference; a board keeps only the footprint's own
// sheet, so the hierarchy is as deep as the board records it. A footprint an HDL placed carries its
// address in the design (atopile's `atopile_address` property), which is used instead.
import { basename, extname } from 'node:path';
import { atomText, child, children, type SList } from '../geometry/sexpr-source-tree.js';
import { pinTypeOf } from './kicad-netlist-graph.js';
import {
  ADDRESS_SEPARATOR,
  addressSegment,
  NETLIST_GRAPH_SCHEMA,
  type NetlistBlock,
  type NetlistComponent,
  type NetlistGraph,
  type NetlistNet,
} from './netlist-graph.js';

/** Where the graph comes from, for its `design` member. */
export interface BoardGraphSource {
  /** The board file's name (its stem names the design and its root sheet). */
  file: string;
  tool: string;
}

/** The netlist graph of a board read as a source tree (readKicadBoardTree). */
export function graphFromBoardTree(tree: SList, source: BoardGraphSource): NetlistGraph {
  const stem = basename(source.file, extname(source.file));
  const components: NetlistComponent[] = [];
  const blocks = new Map<string, NetlistBlock>();
  const nets = new Map<string, NetlistNet>();
  const refs = new Set<string>();
  children(tree, 'footprint').forEach((node, index) => {
    let ref = property(node, 'Reference') ?? fpText(node, 'reference') ?? '';
    // Unreferenced or repeated references (logos, copies) still need a unique name.
    if (ref === '' || refs.has(ref)) ref = `${ref || 'FP'}#${index + 1}`;
    refs.add(ref);
    const address =
      designAddress(node) ??
      [...sheetSegments(node, stem).map((s) => s.segment), addressSegment(ref)].join(ADDRESS_SEPARATOR);
    addBlocks(blocks, node, address, stem);
    const pins: NetlistComponent['pins'] = [];
    const seen = new Set<string>();
    for (const pad of children(node, 'pad')) {
      const number = atomText(pad[1]) ?? '';
      // Unnumbered pads (mounting holes) and the second pad of a stacked pair are not pins of their own.
      if (number === '' || seen.has(number)) continue;
      seen.add(number);
      const name = atomText(child(pad, 'pinfunction')?.[1]);
      const type = pinTypeOf(atomText(child(pad, 'pintype')?.[1]) ?? '');
      pins.push({
        pad: number,
        ...(name && name !== number ? { name } : {}),
        ...(type ? { type } : {}),
      });
      const netNode = child(pad, 'net');
      const net = netNode ? atomText(netNode.length >= 3 ? netNode[2] : netNode[1]) : undefined;
      if (!net) continue;
      if (!nets.has(net)) nets.set(net, { name: net, pins: [] });
      nets.get(net)!.pins.push({ ref, pad: number });
    }
    components.push({
      ref,
      address,
      value: property(node, 'Value') ?? fpText(node, 'value') ?? '',
      footprint: atomText(node[1]) ?? '',
      pins,
    });
  });
  return {
    schema: NETLIST_GRAPH_SCHEMA,
    design: { name: stem, source: source.file, tool: source.tool },
    hierarchy: [...blocks.values()],
    components,
    nets: [...nets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}

/** Sheets (or HDL blocks) above a component become the hierarchy; a sheet's name and file as KiCad has them. */
function addBlocks(blocks: Map<string, NetlistBlock>, node: SList, address: string, stem: string): void {
  const segments = address.split(ADDRESS_SEPARATOR).slice(0, -1);
  const sheet = sheetSegments(node, stem);
  const sheetFile = atomText(child(node, 'sheetfile')?.[1]);
  for (let i = 1; i <= segments.length; i++) {
    const at = segments.slice(0, i).join(ADDRESS_SEPARATOR);
    const sheetHere = sheet[i - 1]?.segment === segments[i - 1] ? sheet[i - 1] : undefined;
    if (!blocks.has(at)) blocks.set(at, { address: at, name: sheetHere?.name ?? segments[i - 1]! });
    if (i === segments.length && sheetHere && sheetFile) blocks.get(at)!.file = sheetFile;
  }
}

const ADDRESS = /^[^.]+(\.[^.]+)*$/;

/**
 * The footprint's address in the design's instance tree when an HDL put it on the board (atopile keeps it
 * in a footprint property `atopile_address`); undefined when it has none or it is not an address.
 */
function designAddress(node: SList): string | undefined {
  const address = property(node, 'atopile_address');
  return address !== undefined && ADDRESS.test(address) ? address : undefined;
}

function property(node: SList, name: string): string | undefined {
  const found = children(node, 'property').find((p) => atomText(p[1]) === name);
  return found ? atomText(found[2]) : undefined;
}

function fpText(node: SList, kind: string): string | undefined {
  const found = children(node, 'fp_text').find((t) => t[1] === kind);
  return found ? atomText(found[2]) : undefined;
}

/**
 * The sheet a footprint sits on, as address segments. KiCad writes `sheetname` as a path ("/a/b/") or,
 * in older boards, as the sheet's own name; the root sheet is "/" or the sheet whose file is the
 * board's own schematic.
 */
function sheetSegments(node: SList, stem: string): { segment: string; name: string }[] {
  const name = atomText(child(node, 'sheetname')?.[1]) ?? '';
  const file = atomText(child(node, 'sheetfile')?.[1]) ?? '';
  if (name === '' || name === '/' || file === `${stem}.kicad_sch`) return [];
  const names = name.startsWith('/') ? name.split('/').filter((n) => n !== '') : [name];
  return names.map((n) => ({ segment: addressSegment(n), name: n }));
}
