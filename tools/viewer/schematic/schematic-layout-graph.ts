// SPDX-License-Identifier: AGPL-3.0-or-later
// The graph elkjs lays a schematic out from: blocks as nested compound nodes, components as nodes with
// their symbol's size and pins as ports on the symbol's sides (library symbols at their real positions),
// and each wired net as edges from its first pin to the others, routed orthogonally. Power and large nets are not wired: they are
// drawn as labels at their pins, as schematics do. Pure data, shared by the page (which runs the layout
// in elkjs's web worker) and the benchmark (which runs elkjs in Node).
import type { ElkExtendedEdge, ElkNode, ElkPort } from 'elkjs/lib/elk-api.js';
import type { SchematicModel } from './schematic-model.js';

/** Pixels per millimetre of symbol geometry in the layout. */
export const LAYOUT_SCALE = 4;

/** Nets with more pins than this are drawn as labels, not wires. */
export const MAX_WIRED_PINS = 8;

const POWER_NET =
  /^(?:.*\/)?(?:[+-]?\d+(?:[.,]\d+)?V\d*|V(?:CC|DD|SS|EE|BUS|IN|BAT)\w*|A?GND\w*|DGND|PGND|EARTH)$/i;

/** Whether a net is drawn as labels at its pins rather than wired. */
export function isLabelNet(net: { name: string; pins: readonly string[]; class?: string }): boolean {
  return (
    net.pins.length > MAX_WIRED_PINS ||
    net.pins.length < 2 ||
    POWER_NET.test(net.name) ||
    net.class === 'Power'
  );
}

/** Node ids: components `c:<ref>`, blocks `b:<address>`, ports `p:<ref>:<pad>`; edges `n:<net index>:<branch>`. */
export const componentId = (ref: string) => `c:${ref}`;
export const blockId = (address: string) => `b:${address}`;
export const portId = (ref: string, pad: string) => `p:${ref}:${pad}`;
export const edgeId = (net: number, branch: number) => `n:${net}:${branch}`;

/** The index in the model's nets of the net an edge id belongs to. */
export function netIndexOfEdge(id: string): number {
  return Number(id.split(':')[1]);
}

/** The elkjs input graph of a schematic model. */
export function schematicLayoutGraph(model: SchematicModel): ElkNode {
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.spacing.nodeNode': '30',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.edgeNode': '12',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=20,left=20,bottom=20,right=20]',
    },
    children: [],
    edges: [],
  };
  const containers = new Map<string, ElkNode>([['', root]]);
  const container = (address: string): ElkNode => {
    const found = containers.get(address);
    if (found) return found;
    const block = model.blocks.find((b) => b.address === address);
    const node: ElkNode = {
      id: blockId(address),
      labels: [{ text: block?.name ?? address, width: (block?.name ?? address).length * 7 + 8, height: 14 }],
      layoutOptions: {
        'elk.padding': '[top=28,left=14,bottom=14,right=14]',
        'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
      },
      children: [],
    };
    containers.set(address, node);
    container(block?.parent ?? parentOf(address)).children!.push(node);
    return node;
  };
  for (const block of model.blocks) container(block.address);
  for (const c of model.components) {
    const s = c.symbol;
    const ports: ElkPort[] = s.pins.map((p) => ({
      id: portId(c.ref, p.pad),
      x: p.x * LAYOUT_SCALE,
      y: p.y * LAYOUT_SCALE,
      width: 0,
      height: 0,
      layoutOptions: { 'elk.port.side': p.side },
    }));
    container(c.block).children!.push({
      id: componentId(c.ref),
      width: Math.max(s.width * LAYOUT_SCALE, 1),
      height: Math.max(s.height * LAYOUT_SCALE, 1),
      ports,
      // Pins stay where the symbol draws them (a library symbol's real positions, a generic box's sides).
      layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
    });
  }
  const edges: ElkExtendedEdge[] = [];
  model.nets.forEach((net, index) => {
    if (isLabelNet(net)) return;
    const ports = net.pins.map((pin) => {
      const cut = pin.indexOf(':');
      return portId(pin.slice(0, cut), pin.slice(cut + 1));
    });
    // ELK Layered routes two-ended edges only: a net is a star from its first pin to each other pin.
    for (let i = 1; i < ports.length; i++)
      edges.push({ id: edgeId(index, i), sources: [ports[0]!], targets: [ports[i]!] });
  });
  root.edges = edges;
  return root;
}

function parentOf(address: string): string {
  const cut = address.lastIndexOf('.');
  return cut === -1 ? '' : address.slice(0, cut);
}
