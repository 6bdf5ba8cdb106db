// SPDX-License-Identifier: AGPL-3.0-or-later
// Lays a schematic model out with elkjs in a web worker: elkjs's own API script and worker, served
// unmodified from the assembled page (vendor/elkjs/), are loaded on first use; the layout comes back as
// what the panel draws, in layout pixels: blocks, placed components, wires per net and net labels.
import type { ELK, ElkNode } from 'elkjs/lib/elk-api.js';
import {
  wiredNets,
  LAYOUT_SCALE,
  netIndexOfEdge,
  schematicLayoutGraph,
} from '../../src/schematic/schematic-layout-graph.js';
import type { SchematicComponent, SchematicModel, PinSide } from '../../src/schematic/schematic-model.js';

declare global {
  interface Window {
    ELK?: new (options: { workerUrl: string }) => ELK;
  }
}

const ELK_API = 'vendor/elkjs/lib/elk-api.js';
const ELK_WORKER = 'vendor/elkjs/lib/elk-worker.min.js';

let elk: Promise<ELK> | undefined;

/** elkjs, its API script loaded once; layouts run in its worker. */
function elkInstance(): Promise<ELK> {
  elk ??= new Promise<ELK>((resolve, reject) => {
    const make = () =>
      window.ELK
        ? resolve(new window.ELK({ workerUrl: ELK_WORKER }))
        : reject(new Error(`${ELK_API} did not define ELK`));
    if (window.ELK) return make();
    const script = document.createElement('script');
    script.src = ELK_API;
    script.onload = make;
    script.onerror = () => reject(new Error(`the graph-layout library (${ELK_API}) could not be loaded`));
    document.head.append(script);
  }).catch((error: unknown) => {
    elk = undefined;
    throw error;
  });
  return elk;
}

export interface PlacedBlock {
  address: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
}

export interface PlacedComponent {
  component: SchematicComponent;
  x: number;
  y: number;
}

export interface Wire {
  net: number;
  points: [number, number][];
}

export interface NetLabel {
  net: number;
  x: number;
  y: number;
  side: PinSide;
}

/** A laid-out schematic, in layout pixels. */
export interface SchematicLayout {
  width: number;
  height: number;
  blocks: PlacedBlock[];
  components: PlacedComponent[];
  wires: Wire[];
  junctions: { net: number; x: number; y: number }[];
  labels: NetLabel[];
  /** Where each pin is: `ref:pad` to its point. */
  pins: Map<string, [number, number]>;
  ms: number;
}

/** Lays the model out (in elkjs's worker). */
export async function layOutSchematic(model: SchematicModel): Promise<SchematicLayout> {
  const start = performance.now();
  const engine = await elkInstance();
  const laid = await engine.layout(schematicLayoutGraph(model));
  const byRef = new Map(model.components.map((c) => [c.ref, c]));
  const blockName = new Map(model.blocks.map((b) => [b.address, b.name]));
  const layout: SchematicLayout = {
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    blocks: [],
    components: [],
    wires: [],
    junctions: [],
    labels: [],
    pins: new Map(),
    ms: 0,
  };
  const visit = (node: ElkNode, depth: number) => {
    // Edges sit in the root (a joint layout) or in their block (a block-by-block one); coordinates are global.
    for (const edge of node.edges ?? []) {
      const net = netIndexOfEdge(edge.id);
      for (const section of edge.sections ?? [])
        layout.wires.push({
          net,
          points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => [
            p.x,
            p.y,
          ]),
        });
      for (const j of edge.junctionPoints ?? []) layout.junctions.push({ net, x: j.x, y: j.y });
    }
    for (const child of node.children ?? []) {
      if (child.id.startsWith('b:')) {
        const address = child.id.slice(2);
        layout.blocks.push({
          address,
          name: blockName.get(address) ?? address,
          x: child.x ?? 0,
          y: child.y ?? 0,
          width: child.width ?? 0,
          height: child.height ?? 0,
          depth,
        });
        visit(child, depth + 1);
      } else {
        const component = byRef.get(child.id.slice(2))!;
        const x = child.x ?? 0;
        const y = child.y ?? 0;
        layout.components.push({ component, x, y });
        for (const pin of component.symbol.pins)
          layout.pins.set(`${component.ref}:${pin.pad}`, [
            x + pin.x * LAYOUT_SCALE,
            y + pin.y * LAYOUT_SCALE,
          ]);
      }
    }
  };
  visit(laid, 0);
  const sideOf = new Map<string, PinSide>();
  for (const c of model.components) for (const p of c.symbol.pins) sideOf.set(`${c.ref}:${p.pad}`, p.side);
  const wired = wiredNets(model);
  model.nets.forEach((net, index) => {
    // A net on one pin connects nothing (KiCad's unconnected-(…) nets): it gets no label.
    if (wired[index] !== undefined || net.pins.length < 2) return;
    for (const pin of net.pins) {
      const at = layout.pins.get(pin);
      if (at) layout.labels.push({ net: index, x: at[0], y: at[1], side: sideOf.get(pin) ?? 'WEST' });
    }
  });
  layout.ms = performance.now() - start;
  return layout;
}
