import type { TraceEdge, TraceNode } from './trace-graph.js';
import { appendTo } from '../model/multi-map.js';

const SHAPE: Record<TraceNode['kind'], [string, string]> = {
  user_need: ['([', '])'],
  requirement: ['[', ']'],
  mitigation: ['{{', '}}'],
  risk: ['[/', '/]'],
  test_method: ['[[', ']]'],
};

/** The graph as Mermaid flowchart text: one shape per kind, a class per verdict, labelled edges. */
export function traceMermaid(graph: { nodes: TraceNode[]; edges: TraceEdge[] }): string {
  const key = new Map(graph.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart BT'];
  for (const n of graph.nodes) {
    const [open, close] = SHAPE[n.kind];
    const label = `${n.id}: ${n.title}`.replace(/"/g, '#quot;');
    lines.push(`  ${key.get(n.id)}${open}"${label}"${close}`);
  }
  for (const e of graph.edges) lines.push(`  ${key.get(e.from)} -->|${e.relation}| ${key.get(e.to)}`);
  const byVerdict = new Map<string, string[]>();
  for (const n of graph.nodes) {
    if (!n.verdict) continue;
    appendTo(byVerdict, n.verdict, key.get(n.id)!);
  }
  for (const [verdict, ids] of byVerdict) lines.push(`  class ${ids.join(',')} ${verdict.toLowerCase()}`);
  return lines.join('\n') + '\n';
}
