// SPDX-License-Identifier: AGPL-3.0-or-later
// The graph elkjs lays a schematic out from: blocks as nested compound nodes, components as nodes with
// their symbol's size and pins as ports on the symbol's sides (library symbols at their real positions),
// and each wired net as edges from its first pin to the others, routed orthogonally. Power and large nets
// are not wired: they are drawn as labels at their pins, as schematics do; a large design is laid out
// block by block, with the nets between blocks as labels. Pure data, shared by the page (which runs the layout
// in elkjs's web worker) and the benchmark (which runs elkjs in Node).

import type { ElkNode, ElkPort } from 'elkjs/lib/elk-api.js';
import type { SchematicModel } from './schematic-model.js';

/** Pixels per millimetre of symbol geometry in the layout. */
export const LAYOUT_SCALE = 4;

/** Nets with more pins than this are drawn as labels, not wires. */
export const MAX_WIRED_PINS = 8;

/**
 * Designs with more components than this are laid out block by block: each block on its own (ELK's
 * SEPARATE_CHILDREN), nets that leave a block drawn as labels, as on a hierarchical schematic's sheets.
 * Laid out as one graph, KiCad's largest demo (1,507 components) takes about a minute.
 */
export const MAX_JOINT_LAYOUT = 200;

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

/** Whether the model is laid out block by block (see MAX_JOINT_LAYOUT). */
export function laidOutByBlock(model: SchematicModel): boolean {
  return model.components.length > MAX_JOINT_LAYOUT;
}

/**
 * For each net of the model, the block whose layout routes it as wires ("" for the root), or undefined
 * when it is drawn as labels: a label net, and in a block-by-block layout a net whose pins are in
 * several blocks.
 */
export function wiredNets(model: SchematicModel): (string | undefined)[] {
  const blockOf = new Map(model.components.map((c) => [c.ref, c.block]));
  const byBlock = laidOutByBlock(model);
  return model.nets.map((net) => {
    if (isLabelNet(net)) return undefined;
    if (!byBlock) return '';
    const blocks = new Set(net.pins.map((p) => blockOf.get(p.slice(0, p.indexOf(':')))));
    return blocks.size === 1 ? [...blocks][0] : undefined;
  });
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
      'elk.hierarchyHandling': laidOutByBlock(model) ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.spacing.nodeNode': '30',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.edgeNode': '12',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=20,left=20,bottom=20,right=20]',
    },
    children: [],
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
  const wired = wiredNets(model);
  model.nets.forEach((net, index) => {
    const block = wired[index];
    if (block === undefined) return;
    const ports = net.pins.map((pin) => {
      const cut = pin.indexOf(':');
      return portId(pin.slice(0, cut), pin.slice(cut + 1));
    });
    // The edges of a block laid out on its own belong to the block; a joint layout keeps them at the root.
    const owner = container(block);
    owner.edges ??= [];
    // ELK Layered routes two-ended edges only: a net is a star from its first pin to each other pin.
    for (let i = 1; i < ports.length; i++)
      owner.edges.push({ id: edgeId(index, i), sources: [ports[0]!], targets: [ports[i]!] });
  });
  return root;
}

function parentOf(address: string): string {
  const cut = address.lastIndexOf('.');
  return cut === -1 ? '' : address.slice(0, cut);
}
