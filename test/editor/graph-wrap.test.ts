// The trace graph of a parent with many children wraps them into rows of at most CHILDREN_PER_ROW
// boxes (docs/editor.md, "Trace graph"), so it stays a picture rather than one line hundreds of boxes wide.
import { describe, expect, it } from 'vitest';
import { CHILDREN_PER_ROW } from '../../tools/report/child-grid.js';
import { traceSvg } from '../../tools/report/graph-svg.js';
import type { TraceEdge, TraceNode } from '../../tools/report/trace-graph.js';
import { drawnBoxes, rowsOf } from './graph-svg-rows.js';

function fan(children: number): { nodes: TraceNode[]; edges: TraceEdge[] } {
  const nodes: TraceNode[] = [{ id: 'SYS-1', kind: 'requirement', title: 'Semaphores', verdict: null }];
  const edges: TraceEdge[] = [];
  for (let i = 1; i <= children; i++) {
    nodes.push({ id: `SW-1-${i}`, kind: 'requirement', title: `Semaphore rule ${i}`, verdict: 'UNVERIFIED' });
    edges.push({ from: `SW-1-${i}`, to: 'SYS-1', relation: 'refines' });
  }
  return { nodes, edges };
}

describe('a parent with many children', () => {
  it('its 20 children stand in rows of at most 8 under it, every edge drawn', () => {
    const graph = fan(20);
    const svg = traceSvg(graph);
    const boxes = drawnBoxes(svg);
    const children = graph.nodes.slice(1).map((n) => n.id);
    expect(CHILDREN_PER_ROW).toBe(8);
    expect(rowsOf(boxes, children)).toEqual([8, 8, 4]);
    const parent = boxes.get('SYS-1')!;
    // Ranks run bottom to top: every child is below its parent.
    for (const id of children) expect(boxes.get(id)!.y).toBeGreaterThan(parent.y);
    expect(svg.match(/<g class="edge edge-refines"/g)).toHaveLength(20);
    // Three rows are narrower than one line of twenty boxes.
    const width = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)![1]);
    const oneLine = children.reduce((sum, id) => sum + boxes.get(id)!.width, 0);
    expect(width).toBeLessThan(oneLine / 2);
  });

  it('up to 8 children stay on one row', () => {
    const graph = fan(8);
    const boxes = drawnBoxes(traceSvg(graph));
    expect(
      rowsOf(
        boxes,
        graph.nodes.slice(1).map((n) => n.id),
      ),
    ).toEqual([8]);
  });
});
