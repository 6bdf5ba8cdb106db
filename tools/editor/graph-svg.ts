// The trace graph as SVG, laid out by dagre (layered, edges from the specific entity up to what it
// serves). The SVG carries classes only, never inline styles: the editor's stylesheet colours kinds
// and verdicts, and the strict content security policy forbids inline styles anyway.
import type { TraceEdge, TraceNode } from '../report/trace-graph.js';
import { layout, layoutGraph } from './dagre-layout.js';

const CHAR_WIDTH = 7;
const NODE_HEIGHT = 44;
const MIN_WIDTH = 90;
const MAX_LABEL = 40;
const MARGIN = 16;

/** The graph laid out bottom to top and drawn as an SVG document. */
export function traceSvg(graph: { nodes: TraceNode[]; edges: TraceEdge[] }): string {
  const g = layoutGraph();
  g.setGraph({ rankdir: 'BT', nodesep: 24, ranksep: 56, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  const labels = new Map<string, string>();
  for (const n of graph.nodes) {
    const title = n.title.length > MAX_LABEL ? `${n.title.slice(0, MAX_LABEL - 1)}…` : n.title;
    labels.set(n.id, title);
    const width = Math.max(MIN_WIDTH, Math.max(n.id.length, title.length) * CHAR_WIDTH + 20);
    g.setNode(n.id, { width, height: NODE_HEIGHT });
  }
  for (const e of graph.edges) g.setEdge(e.from, e.to, {}, e.relation);
  layout(g);
  const size = g.graph();
  const width = Math.ceil(size.width ?? MARGIN * 2);
  const height = Math.ceil(size.height ?? MARGIN * 2);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="rr-graph" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    '<defs><marker id="rr-arrow" class="rr-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>',
  ];
  for (const e of graph.edges) {
    const points = g.edge(e.from, e.to, e.relation)?.points ?? [];
    if (points.length === 0) continue;
    const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${num(p.x)} ${num(p.y)}`).join(' ');
    const mid = points[Math.floor(points.length / 2)]!;
    out.push(
      `<g class="edge edge-${e.relation}" data-from="${xml(e.from)}" data-to="${xml(e.to)}">` +
        `<path d="${d}" marker-end="url(#rr-arrow)"/>` +
        `<text x="${num(mid.x)}" y="${num(mid.y)}" class="edge-label">${e.relation}</text></g>`,
    );
  }
  for (const n of graph.nodes) {
    const box = g.node(n.id);
    const x = box.x - box.width / 2;
    const y = box.y - box.height / 2;
    const verdict = n.verdict ? ` verdict-${n.verdict.toLowerCase()}` : '';
    out.push(
      `<g class="node kind-${n.kind.replace(/_/g, '-')}${verdict}" data-id="${xml(n.id)}">` +
        `<title>${xml(`${n.id}: ${n.title}`)}</title>` +
        `<rect x="${num(x)}" y="${num(y)}" width="${num(box.width)}" height="${num(box.height)}" rx="6"/>` +
        `<text x="${num(box.x)}" y="${num(box.y - 4)}" class="node-id">${xml(n.id)}</text>` +
        `<text x="${num(box.x)}" y="${num(box.y + 12)}" class="node-title">${xml(labels.get(n.id) ?? '')}</text></g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function num(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Text and attribute values escaped for XML. */
function xml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) =>
    ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : ch === '"' ? '&quot;' : '&#39;',
  );
}
