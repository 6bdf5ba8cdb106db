// SPDX-License-Identifier: AGPL-3.0-or-later
// Turns a KiCad netlist export into a netlist graph: a component's address is its sheet path's sheet
// names and its reference ("pic_sockets.U5"), its pins are its library part's pins (so unconnected pads
// are there too) plus any pin a net names, and each sheet becomes a block of the hierarchy.
import {
  NetlistFormatError,
  type ExportComponent,
  type ExportLibPart,
  type KicadNetlistExport,
} from './kicad-netlist-export.js';
import {
  ADDRESS_SEPARATOR,
  addressSegment,
  NETLIST_GRAPH_SCHEMA,
  type NetlistBlock,
  type NetlistComponent,
  type NetlistGraph,
  type NetlistPin,
  type PinType,
} from './netlist-graph.js';

const PIN_TYPES = new Set<string>([
  'input',
  'output',
  'bidirectional',
  'tri_state',
  'passive',
  'free',
  'unspecified',
  'power_in',
  'power_out',
  'open_collector',
  'open_emitter',
  'no_connect',
]);

/** KiCad's pin type as the graph's: `passive+no_connect` (a pin with a no-connect flag) is `passive`. */
export function pinTypeOf(kicadType: string): PinType | undefined {
  const base = kicadType.split('+')[0]!;
  return PIN_TYPES.has(base) ? (base as PinType) : undefined;
}

/** The sheet names of a sheet path "/a/b/" as address segments, with the names as written. */
function sheetSegments(names: string): { segment: string; name: string }[] {
  return names
    .split('/')
    .filter((n) => n !== '')
    .map((name) => ({ segment: addressSegment(name), name }));
}

/** The netlist graph of a KiCad netlist export; `name` is the design's name (the project's). */
export function graphFromKicadExport(exported: KicadNetlistExport, name: string): NetlistGraph {
  const blocks = new Map<string, NetlistBlock>();
  const addBlocks = (names: string, file?: string) => {
    const parts = sheetSegments(names);
    for (let i = 0; i < parts.length; i++) {
      const address = parts
        .slice(0, i + 1)
        .map((p) => p.segment)
        .join(ADDRESS_SEPARATOR);
      const block = blocks.get(address) ?? { address, name: parts[i]!.name };
      if (i === parts.length - 1 && file) block.file = file;
      blocks.set(address, block);
    }
  };
  for (const sheet of exported.sheets) addBlocks(sheet.names, sheet.file);

  const parts = new Map<string, ExportLibPart>();
  for (const part of exported.libparts) parts.set(`${part.lib}\u0000${part.part}`, part);

  const components = new Map<string, NetlistComponent>();
  const componentLines = new Map<string, number>();
  // The pads each component has so far: a net's node looks its pad up here, not in the component's
  // pins, which a large part (a BGA, a backplane connector) has thousands of.
  const padsOf = new Map<string, Set<string>>();
  for (const comp of exported.components) {
    if (components.has(comp.ref))
      throw new NetlistFormatError(
        `component ${comp.ref} is listed twice (first at line ${componentLines.get(comp.ref)}); annotate the schematic so references are unique`,
        comp.line,
      );
    addBlocks(comp.sheetNames);
    const built = component(comp, parts.get(`${comp.lib}\u0000${comp.part}`));
    components.set(comp.ref, built);
    componentLines.set(comp.ref, comp.line);
    padsOf.set(comp.ref, new Set(built.pins.map((p) => p.pad)));
  }

  const classes = new Set<string>();
  const nets = exported.nets.map((net) => {
    if (net.netClass !== '') classes.add(net.netClass);
    const pins = net.nodes.map((node) => {
      const owner = components.get(node.ref);
      if (owner === undefined)
        throw new NetlistFormatError(
          `net "${net.name}" names component ${node.ref}, which the export's components do not list; export the netlist again`,
          node.line,
        );
      const pads = padsOf.get(node.ref)!;
      if (!pads.has(node.pin)) {
        pads.add(node.pin);
        owner.pins.push(pinOfNode(node));
      }
      return { ref: node.ref, pad: node.pin };
    });
    return { name: net.name, ...(net.netClass !== '' ? { class: net.netClass } : {}), pins };
  });

  return {
    schema: NETLIST_GRAPH_SCHEMA,
    design: { name, source: exported.source, tool: exported.tool },
    hierarchy: [...blocks.values()],
    components: [...components.values()],
    nets,
    net_classes: [...classes].map((c) => ({ name: c })),
  };
}

function component(comp: ExportComponent, part: ExportLibPart | undefined): NetlistComponent {
  const address = [...sheetSegments(comp.sheetNames).map((s) => s.segment), addressSegment(comp.ref)].join(
    ADDRESS_SEPARATOR,
  );
  const pins: NetlistPin[] = [];
  const seen = new Set<string>();
  for (const pin of part?.pins ?? []) {
    // Stacked pins (several pins with one number) are one pad.
    if (seen.has(pin.num)) continue;
    seen.add(pin.num);
    pins.push(pinOf(pin.num, pin.name, pin.type));
  }
  return {
    ref: comp.ref,
    address,
    value: comp.value,
    footprint: comp.footprint,
    ...(comp.part !== ''
      ? { symbol: { ...(comp.lib !== '' ? { library: comp.lib } : {}), name: comp.part } }
      : {}),
    ...(comp.description !== '' ? { description: comp.description } : {}),
    ...(Object.keys(comp.fields).length > 0 ? { fields: comp.fields } : {}),
    pins,
  };
}

function pinOf(pad: string, name: string, kicadType: string): NetlistPin {
  const type = pinTypeOf(kicadType);
  // KiCad writes a pin without a name as "~" or "", and a connector's pin function as its number.
  const named = name !== '' && name !== '~' && name !== pad;
  return { pad, ...(named ? { name } : {}), ...(type ? { type } : {}) };
}

function pinOfNode(node: { pin: string; pinfunction: string; pintype: string }): NetlistPin {
  return pinOf(node.pin, node.pinfunction, node.pintype);
}
