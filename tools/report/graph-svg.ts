// The trace graph as SVG, laid out by dagre (layered, edges from the specific entity up to what it
// serves). Each connected part is laid out on its own and the parts are packed in rows, so a whole
// model reads as a picture about as wide as it is tall rather than one long strip. The SVG carries
// classes only, never inline styles: the editor's stylesheet colours kinds and verdicts, and the
// strict content security policy forbids inline styles anyway.
import { escapeMarkup } from '../xml/markup-escape.js';
import type { TraceEdge, TraceNode } from './trace-graph.js';
import { childGrids, placeChildGrid } from './child-grid.js';
import { layout, layoutGraph, type LayoutNode, type LayoutPoint } from './dagre-layout.js';

const CHAR_WIDTH = 7;
const NODE_HEIGHT = 44;
const MIN_WIDTH = 90;
const MAX_LABEL = 40;
const MARGIN = 16;
/** Space between packed parts. */
const GAP = 32;
/** The packed drawing aims at this width-to-height ratio (a landscape window). */
const ASPECT = 2;

type Graph = { nodes: TraceNode[]; edges: TraceEdge[] };

/** A connected part after layout: its size, node boxes and edge polylines, from its own origin. */
interface PartLayout {
  width: number;
  height: number;
  boxes: Map<string, LayoutNode>;
  lines: Map<TraceEdge, LayoutPoint[]>;
  /** edges drawn without their label (a block's children share one bus and one label) */
  unlabelled: Set<TraceEdge>;
}

/** The graph laid out bottom to top and drawn as an SVG document. */
export function traceSvg(graph: Graph): string {
  const labels = new Map<string, string>();
  for (const n of graph.nodes)
    labels.set(n.id, n.title.length > MAX_LABEL ? `${n.title.slice(0, MAX_LABEL - 1)}…` : n.title);
  const parts = connectedParts(graph).map((part) => layoutPart(part, labels));
  const { width, height, boxes, lines } = pack(parts);
  const unlabelled = new Set(parts.flatMap((p) => [...p.unlabelled]));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="rr-graph" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    '<defs><marker id="rr-arrow" class="rr-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>',
  ];
  for (const e of graph.edges) {
    const points = lines.get(e) ?? [];
    if (points.length === 0) continue;
    const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${num(p.x)} ${num(p.y)}`).join(' ');
    const mid = points[Math.floor(points.length / 2)]!;
    const label = unlabelled.has(e)
      ? ''
      : `<text x="${num(mid.x)}" y="${num(mid.y)}" class="edge-label">${e.relation}</text>`;
    out.push(
      `<g class="edge edge-${e.relation}" data-from="${escapeMarkup(e.from)}" data-to="${escapeMarkup(e.to)}">` +
        `<path d="${d}" marker-end="url(#rr-arrow)"/>${label}</g>`,
    );
  }
  for (const n of graph.nodes) {
    const box = boxes.get(n.id);
    if (!box) continue;
    const x = box.x - box.width / 2;
    const y = box.y - box.height / 2;
    const verdict = n.verdict ? ` verdict-${n.verdict.toLowerCase()}` : '';
    out.push(
      `<g class="node kind-${n.kind.replace(/_/g, '-')}${verdict}" data-id="${escapeMarkup(n.id)}">` +
        `<title>${escapeMarkup(`${n.id}: ${n.title}`)}</title>` +
        `<rect x="${num(x)}" y="${num(y)}" width="${num(box.width)}" height="${num(box.height)}" rx="6"/>` +
        `<text x="${num(box.x)}" y="${num(box.y - 4)}" class="node-id">${escapeMarkup(n.id)}</text>` +
        `<text x="${num(box.x)}" y="${num(box.y + 12)}" class="node-title">${escapeMarkup(labels.get(n.id) ?? '')}</text></g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The graph's connected parts, largest first (then in the order of their first node). */
function connectedParts(graph: Graph): Graph[] {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.id]));
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  for (const e of graph.edges)
    if (parent.has(e.from) && parent.has(e.to)) parent.set(root(e.from), root(e.to));
  const parts = new Map<string, Graph>();
  for (const n of graph.nodes) {
    const key = root(n.id);
    if (!parts.has(key)) parts.set(key, { nodes: [], edges: [] });
    parts.get(key)!.nodes.push(n);
  }
  for (const e of graph.edges) if (parent.has(e.from)) parts.get(root(e.from))?.edges.push(e);
  return [...parts.values()].sort((a, b) => b.nodes.length - a.nodes.length);
}

function layoutPart(part: Graph, labels: ReadonlyMap<string, string>): PartLayout {
  const g = layoutGraph();
  g.setGraph({ rankdir: 'BT', nodesep: 24, ranksep: 56, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  const widthOf = (id: string) =>
    Math.max(MIN_WIDTH, Math.max(id.length, (labels.get(id) ?? '').length) * CHAR_WIDTH + 20);
  const grids = childGrids(part.nodes, part.edges, widthOf, NODE_HEIGHT);
  const inGrid = new Set(grids.flatMap((grid) => grid.edges));
  const gridded = new Set([...inGrid].map((e) => e.from));
  for (const n of part.nodes)
    if (!gridded.has(n.id)) g.setNode(n.id, { width: widthOf(n.id), height: NODE_HEIGHT });
  for (const grid of grids) {
    g.setNode(grid.id, { width: grid.width, height: grid.height });
    g.setEdge(grid.id, grid.parent, {}, 'rr-children');
  }
  for (const e of part.edges) if (!inGrid.has(e)) g.setEdge(e.from, e.to, {}, e.relation);
  layout(g);
  const size = g.graph();
  const boxes = new Map(part.nodes.filter((n) => !gridded.has(n.id)).map((n) => [n.id, g.node(n.id)]));
  const lines = new Map(
    part.edges.filter((e) => !inGrid.has(e)).map((e) => [e, g.edge(e.from, e.to, e.relation)?.points ?? []]),
  );
  for (const grid of grids) {
    const placed = placeChildGrid(
      grid,
      g.node(grid.id),
      g.edge(grid.id, grid.parent, 'rr-children')?.points ?? [],
    );
    for (const [id, box] of placed.boxes) boxes.set(id, box);
    for (const [e, points] of placed.lines) lines.set(e, points);
  }
  // A block's edges share the bus to the parent: one label there says what they all are.
  const unlabelled = new Set(grids.flatMap((grid) => grid.edges.slice(1)));
  return { width: size.width ?? 0, height: size.height ?? 0, boxes, lines, unlabelled };
}

/** Packs the parts in rows (shelves) to a width that makes the whole about ASPECT times as wide as tall. */
function pack(parts: PartLayout[]): {
  width: number;
  height: number;
  boxes: Map<string, LayoutNode>;
  lines: Map<TraceEdge, LayoutPoint[]>;
} {
  const area = parts.reduce((sum, p) => sum + (p.width + GAP) * (p.height + GAP), 0);
  const widest = Math.max(0, ...parts.map((p) => p.width));
  const rowWidth = Math.max(widest, Math.sqrt(area * ASPECT));
  const boxes = new Map<string, LayoutNode>();
  const lines = new Map<TraceEdge, LayoutPoint[]>();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const p of parts) {
    if (x > 0 && x + p.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    const dx = MARGIN + x;
    const dy = MARGIN + y;
    for (const [id, b] of p.boxes) boxes.set(id, { ...b, x: b.x + dx, y: b.y + dy });
    for (const [e, points] of p.lines)
      lines.set(
        e,
        points.map((pt) => ({ x: pt.x + dx, y: pt.y + dy })),
      );
    x += p.width + GAP;
    rowHeight = Math.max(rowHeight, p.height);
    width = Math.max(width, x - GAP);
  }
  return {
    width: Math.ceil(width + MARGIN * 2),
    height: Math.ceil(y + rowHeight + MARGIN * 2),
    boxes,
    lines,
  };
}

function num(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}
