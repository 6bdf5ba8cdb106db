// SPDX-License-Identifier: AGPL-3.0-or-later
// Joins the instance tree of the design sources to the netlist graph: a component by its address (the
// graph's `address`, or its `atopile_address` field), a net by its set of pads. The joined net gets the
// title the sources give it and a summary made from its pads and the lines that connect them, so both
// are mechanical: derived, not written by anyone.

import type { NetlistGraph } from '../netlist/netlist-graph.js';
import type { InstanceTree, SourceInstance, SourceLocation, SourceNet } from './instance-tree.js';

/** An instance with what it joined in the netlist. */
export interface JoinedInstance extends Omit<SourceInstance, 'children'> {
  /** The graph component of a component instance. */
  ref?: string;
  /** Graph components at or under this instance. */
  components: string[];
  /** Graph nets that touch this instance or what is under it. */
  nets: string[];
  children: JoinedInstance[];
}

/** A graph net with its name and summary from the sources. */
export interface JoinedNet {
  net: string;
  title: string;
  summary: string;
  /** `exact` when the pads of both agree; `partial` lists the differences. */
  match: 'exact' | 'partial';
  /** Pads (`REF.pad`) the graph has on the net but the sources do not, and the other way round. */
  onlyInGraph: string[];
  onlyInSources: string[];
  signals: string[];
  connections: SourceLocation[];
}

/** The joined tree and nets, and what could not be joined. */
export interface SourceJoin {
  root: JoinedInstance;
  nets: JoinedNet[];
  /** Source nets no graph net shares a pad with. */
  sourceOnlyNets: { title: string; pads: string[] }[];
  unjoined: { graphComponents: string[]; sourceComponents: string[] };
}

const LISTED_PADS = 12;

/** Joins the tree to the graph (without a graph, nothing joins and every list says so). */
export function joinSourceToNetlist(tree: InstanceTree, graph: NetlistGraph | undefined): SourceJoin {
  const byAddress = new Map<string, string>();
  for (const c of graph?.components ?? []) {
    byAddress.set(c.address, c.ref);
    const field = c.fields?.['atopile_address'];
    if (field) byAddress.set(field, c.ref);
  }
  const refOf = new Map<string, string>();
  const sourceComponents: string[] = [];
  visit(tree.root, (node) => {
    if (node.kind !== 'component') return;
    const ref = byAddress.get(node.address);
    if (ref) refOf.set(node.address, ref);
    else sourceComponents.push(node.address);
  });
  const joinedRefs = new Set(refOf.values());

  const netOfPin = new Map<string, string>();
  const graphPads = new Map<string, Set<string>>();
  for (const n of graph?.nets ?? []) {
    const pads = new Set(n.pins.map((p) => `${p.ref}.${p.pad}`));
    graphPads.set(n.name, pads);
    for (const p of pads) netOfPin.set(p, n.name);
  }

  const nets: JoinedNet[] = [];
  const sourceOnlyNets: SourceJoin['sourceOnlyNets'] = [];
  const netsOfAddress = new Map<string, Set<string>>();
  const taken = new Set<string>();
  for (const sn of tree.nets) {
    const pads = sn.pads.flatMap((p) => {
      const ref = refOf.get(p.component);
      return ref ? [`${ref}.${p.pad}`] : [];
    });
    const votes = new Map<string, number>();
    for (const p of pads) {
      const n = netOfPin.get(p);
      if (n) votes.set(n, (votes.get(n) ?? 0) + 1);
    }
    const best = [...votes]
      .filter(([n]) => !taken.has(n))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!best) {
      sourceOnlyNets.push({ title: sn.title, pads: sn.pads.map((p) => `${p.component}.${p.pad}`) });
      continue;
    }
    const name = best[0];
    taken.add(name);
    const inGraph = graphPads.get(name)!;
    const inSources = new Set(pads);
    const onlyInGraph = [...inGraph].filter((p) => !inSources.has(p)).sort();
    const onlyInSources = [...inSources].filter((p) => !inGraph.has(p)).sort();
    nets.push({
      net: name,
      title: sn.title,
      summary: summary(name, sn, refOf),
      match: onlyInGraph.length === 0 && onlyInSources.length === 0 ? 'exact' : 'partial',
      onlyInGraph,
      onlyInSources,
      signals: sn.signals,
      connections: sn.connections,
    });
    for (const address of [...sn.signals, ...sn.pads.map((p) => p.component)])
      for (const prefix of prefixes(address)) {
        const set = netsOfAddress.get(prefix) ?? new Set();
        set.add(name);
        netsOfAddress.set(prefix, set);
      }
  }

  const join = (node: SourceInstance): JoinedInstance => {
    const children = node.children.map(join);
    const ref = refOf.get(node.address);
    return {
      ...node,
      ...(ref ? { ref } : {}),
      components: [...(ref ? [ref] : []), ...children.flatMap((c) => c.components)],
      nets: [...(netsOfAddress.get(node.address) ?? [])].sort(),
      children,
    };
  };
  return {
    root: join(tree.root),
    nets: nets.sort((a, b) => a.net.localeCompare(b.net)),
    sourceOnlyNets,
    unjoined: {
      graphComponents: (graph?.components ?? []).map((c) => c.ref).filter((r) => !joinedRefs.has(r)),
      sourceComponents,
    },
  };
}

/** `+3V3 is supply.rail.vcc in the sources: 9 pads, U1 pad 8 (mcu.ic.vcc), …; connected at power.ato:17, …` */
function summary(net: string, sn: SourceNet, refOf: Map<string, string>): string {
  const pads = sn.pads.map((p) => {
    const ref = refOf.get(p.component);
    return `${ref ? `${ref} pad ${p.pad} ` : ''}(${p.component}.${p.pad})`;
  });
  const listed =
    pads.slice(0, LISTED_PADS).join(', ') +
    (pads.length > LISTED_PADS ? `, and ${pads.length - LISTED_PADS} more` : '');
  const places = [...new Set(sn.connections.map((c) => `${c.file}:${c.line}`))];
  const where = places.length
    ? `; connected at ${places.slice(0, 4).join(', ')}${places.length > 4 ? ` and ${places.length - 4} more places` : ''}`
    : '';
  return `${net} is ${sn.title} in the sources: ${pads.length} pad${pads.length === 1 ? '' : 's'}, ${listed}${where}`;
}

/** An address and every address above it, ending with '' (the entry module). */
function prefixes(address: string): string[] {
  const out = [address];
  for (let i = address.lastIndexOf('.'); i > 0; i = address.lastIndexOf('.', i - 1))
    out.push(address.slice(0, i));
  if (address !== '') out.push('');
  return out;
}

/** The instance at `address` in a joined tree, if any. */
export function findInstance(node: JoinedInstance, address: string): JoinedInstance | undefined {
  if (node.address === address) return node;
  for (const c of node.children) {
    const found = findInstance(c, address);
    if (found) return found;
  }
  return undefined;
}

function visit(node: SourceInstance, f: (n: SourceInstance) => void): void {
  f(node);
  node.children.forEach((c) => visit(c, f));
}
