import type { TraceEdge, TraceNode } from './trace-graph.js';
import { appendTo } from '../model/multi-map.js';

const SHAPE: Record<TraceNode['kind'], [string, string]> = {
  user_need: ['([', '])'],
  requirement: ['[', ']'],
  mitigation: ['{{', '}}'],
  risk: ['[/', '/]'],
  test_method: ['[[', ']]'],
};

const VERDICT_STYLE: Record<string, string> = {
  VERIFIED: 'fill:#d4f4dd,stroke:#1a7f37',
  ACCEPTED: 'fill:#e6f0ff,stroke:#0550ae',
  PARTIAL: 'fill:#fff4c2,stroke:#9a6700',
  UNVERIFIED: 'fill:#eeeeee,stroke:#6e7781',
  FAILED: 'fill:#ffd8d3,stroke:#cf222e',
  INVALID: 'fill:#ffd8d3,stroke:#82071e,stroke-width:3px',
};

/** The graph as Mermaid flowchart text: one shape per kind, a class per verdict, labelled edges. */
export function traceMermaid(graph: { nodes: TraceNode[]; edges: TraceEdge[] }): string {
  const key = new Map(graph.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart BT'];
  for (const n of graph.nodes) {
    const [open, close] = SHAPE[n.kind];
    // Quotes and line breaks would end the label early.
    const label = `${n.id}: ${n.title}`.replace(/"/g, '#quot;').replace(/\s*[\r\n]+\s*/g, ' ');
    lines.push(`  ${key.get(n.id)}${open}"${label}"${close}`);
  }
  for (const e of graph.edges) lines.push(`  ${key.get(e.from)} -->|${e.relation}| ${key.get(e.to)}`);
  const byVerdict = new Map<string, string[]>();
  for (const n of graph.nodes) {
    if (!n.verdict) continue;
    appendTo(byVerdict, n.verdict, key.get(n.id)!);
  }
  for (const [verdict, ids] of byVerdict) {
    // A class without its classDef would leave the graph unstyled in every renderer.
    lines.push(`  classDef ${verdict.toLowerCase()} ${VERDICT_STYLE[verdict] ?? 'stroke-width:1px'}`);
    lines.push(`  class ${ids.join(',')} ${verdict.toLowerCase()}`);
  }
  return lines.join('\n') + '\n';
}
