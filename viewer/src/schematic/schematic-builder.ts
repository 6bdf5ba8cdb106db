// SPDX-License-Identifier: AGPL-3.0-or-later
// Builds the schematic model of a netlist graph: each component with the symbol drawn for it (its
// library symbol from --parts when one covers its pads, else a generic box), nets with their pins and
// the constraints that apply to them, and the hierarchy's blocks with their parents.
import { parentAddress, type NetlistComponent, type NetlistGraph } from '../netlist/netlist-graph.js';
import { constrainedNets } from './constrained-nets.js';
import type { DesignConstraints } from './design-constraints.js';
import type { LibrarySymbol, SymbolIndex } from './kicad-symbol-library.js';
import { SCHEMATIC_SCHEMA, type SchematicBlock, type SchematicModel } from './schematic-model.js';
import { genericDrawing, libraryDrawing } from './symbol-drawing.js';

/** What the model is built from besides the graph. */
export interface SchematicInputs {
  scope: 'design' | 'board';
  constraints?: DesignConstraints;
  symbols?: SymbolIndex;
  /** Problems found before building (an unreadable constraints file), shown with the model. */
  problems?: string[];
}

/** The schematic model of a graph. */
export function buildSchematic(graph: NetlistGraph, inputs: SchematicInputs): SchematicModel {
  const problems = [...(inputs.problems ?? []), ...(inputs.symbols?.problems ?? [])];
  let library = 0;
  const components = graph.components.map((c) => {
    const found = inputs.symbols ? findSymbol(inputs.symbols, c) : undefined;
    const drawn = found ? libraryDrawing(found, c.pins) : undefined;
    if (drawn) library++;
    return {
      ref: c.ref,
      address: c.address,
      block: parentAddress(c.address),
      value: c.value,
      footprint: c.footprint,
      ...(c.description ? { description: c.description } : {}),
      symbol: drawn ?? genericDrawing(c.pins),
    };
  });
  const constrained = inputs.constraints
    ? constrainedNets(
        inputs.constraints,
        graph.nets.map((n) => n.name),
      )
    : undefined;
  if (constrained) problems.push(...constrained.problems);
  const nets = graph.nets.map((n) => {
    const cls = constrained?.classOf.get(n.name) ?? n.class;
    const rules = constrained?.byNet.get(n.name);
    return {
      name: n.name,
      ...(cls ? { class: cls } : {}),
      pins: n.pins.map((p) => `${p.ref}:${p.pad}`),
      ...(rules ? { constraints: rules } : {}),
    };
  });
  return {
    schema: SCHEMATIC_SCHEMA,
    scope: inputs.scope,
    design: graph.design ?? {},
    blocks: blocksOf(graph),
    components,
    nets,
    problems,
    stats: {
      components: components.length,
      nets: nets.length,
      pins: graph.components.reduce((n, c) => n + c.pins.length, 0),
      librarySymbols: library,
      genericSymbols: components.length - library,
    },
  };
}

/** The symbol named by the component (library:name, then the bare name), or one named as its value. */
function findSymbol(index: SymbolIndex, c: NetlistComponent): LibrarySymbol | undefined {
  if (c.symbol) {
    const exact = c.symbol.library ? index.byId.get(`${c.symbol.library}:${c.symbol.name}`) : undefined;
    const named = exact ?? index.byName.get(c.symbol.name) ?? undefined;
    if (named) return named;
  }
  return c.value ? (index.byName.get(c.value) ?? undefined) : undefined;
}

/** Every block: the graph's, and every prefix of a component address (the graph may leave them implicit). */
function blocksOf(graph: NetlistGraph): SchematicBlock[] {
  const blocks = new Map<string, SchematicBlock>();
  const add = (address: string) => {
    if (address === '' || blocks.has(address)) return;
    const parent = parentAddress(address);
    blocks.set(address, { address, name: address.slice(parent === '' ? 0 : parent.length + 1), parent });
    add(parent);
  };
  for (const b of graph.hierarchy ?? []) {
    add(b.address);
    const block = blocks.get(b.address)!;
    if (b.name) block.name = b.name;
    if (b.file) block.file = b.file;
    if (b.type) block.type = b.type;
  }
  for (const c of graph.components) add(parentAddress(c.address));
  return [...blocks.values()].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}
