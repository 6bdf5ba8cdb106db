// A parent with many children in the trace graph: its leaf children (entities with no other edge in the
// drawing) are laid out as one block of rows under it, CHILDREN_PER_ROW to a row, instead of one line
// hundreds of boxes wide. dagre places the block like a node; the children's edges run up the gaps
// between the columns to a bus along the block's top and on to the parent along the block's edge.
import type { TraceEdge, TraceNode } from './trace-graph.js';
import type { LayoutNode, LayoutPoint } from './dagre-layout.js';

/** A node's leaf children wrap into rows of this many boxes. */
export const CHILDREN_PER_ROW = 8;

const COLUMN_GAP = 24;
const ROW_GAP = 24;
/** The band along the block's top where the children's edges meet. */
const BUS = 24;

/** The leaf children of one parent, laid out as a block. */
export interface ChildGrid {
  /** the block's id in the layout graph */
  id: string;
  parent: string;
  /** the edges from each child to the parent, in the order the children are placed */
  edges: TraceEdge[];
  columns: number;
  columnWidth: number;
  nodeHeight: number;
  width: number;
  height: number;
}

/** The parents whose leaf children are more than a row, and those children's block. */
export function childGrids(
  nodes: readonly TraceNode[],
  edges: readonly TraceEdge[],
  widthOf: (id: string) => number,
  nodeHeight: number,
): ChildGrid[] {
  const degree = new Map<string, number>();
  for (const e of edges) for (const id of [e.from, e.to]) degree.set(id, (degree.get(id) ?? 0) + 1);
  const leavesOf = new Map<string, TraceEdge[]>();
  for (const e of edges) {
    if (degree.get(e.from) !== 1 || e.from === e.to) continue;
    const list = leavesOf.get(e.to);
    if (list) list.push(e);
    else leavesOf.set(e.to, [e]);
  }
  const known = new Set(nodes.map((n) => n.id));
  const grids: ChildGrid[] = [];
  for (const [parent, list] of leavesOf) {
    if (list.length <= CHILDREN_PER_ROW || !known.has(parent)) continue;
    // In id order, numbers as numbers: ZEP-SRS-5-2 before ZEP-SRS-5-10.
    list.sort((a, b) => a.from.localeCompare(b.from, 'en', { numeric: true }));
    const columns = CHILDREN_PER_ROW;
    const rows = Math.ceil(list.length / columns);
    const columnWidth = Math.max(...list.map((e) => widthOf(e.from)));
    grids.push({
      id: `rr-children-of:${parent}`,
      parent,
      edges: list,
      columns,
      columnWidth,
      nodeHeight,
      width: COLUMN_GAP + columns * columnWidth + (columns - 1) * COLUMN_GAP,
      height: BUS + rows * nodeHeight + (rows - 1) * ROW_GAP,
    });
  }
  return grids;
}

/**
 * The children's boxes and edge lines once the block is placed: `block` is its box after layout,
 * `toParent` the line dagre drew from the block to the parent.
 */
export function placeChildGrid(
  grid: ChildGrid,
  block: LayoutNode,
  toParent: readonly LayoutPoint[],
): { boxes: Map<string, LayoutNode>; lines: Map<TraceEdge, LayoutPoint[]> } {
  const left = block.x - block.width / 2;
  const top = block.y - block.height / 2;
  const busY = top + BUS / 2;
  const boxes = new Map<string, LayoutNode>();
  const lines = new Map<TraceEdge, LayoutPoint[]>();
  const onward = toParent.length > 0 ? toParent : [{ x: block.x, y: top }];
  grid.edges.forEach((e, k) => {
    const row = Math.floor(k / grid.columns);
    const column = k % grid.columns;
    const boxLeft = left + COLUMN_GAP / 2 + column * (grid.columnWidth + COLUMN_GAP);
    const boxTop = top + BUS + row * (grid.nodeHeight + ROW_GAP);
    const x = boxLeft + grid.columnWidth / 2;
    boxes.set(e.from, {
      x,
      y: boxTop + grid.nodeHeight / 2,
      width: grid.columnWidth,
      height: grid.nodeHeight,
    });
    const start = { x, y: boxTop };
    const up: LayoutPoint[] =
      row === 0
        ? [start, { x, y: busY }]
        : [
            start,
            { x, y: boxTop - ROW_GAP / 2 },
            { x: boxLeft - COLUMN_GAP / 2, y: boxTop - ROW_GAP / 2 },
            { x: boxLeft - COLUMN_GAP / 2, y: busY },
          ];
    lines.set(e, [...up, { x: block.x, y: busY }, ...onward]);
  });
  return { boxes, lines };
}
