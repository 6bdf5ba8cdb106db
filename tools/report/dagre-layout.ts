// @dagrejs/dagre with types. Its own declarations import their siblings without file extensions, which
// NodeNext cannot resolve, so `Graph` and `layout` arrive as `any` (skipLibCheck hides the error). This
// module states the part of dagre's multigraph the editor uses, asserted once below; everything else
// goes through it. (The UIs' Bundler resolution does read dagre's declarations, hence `as unknown`.)
import { Graph as DagreGraph, layout as dagreLayout } from '@dagrejs/dagre';

/** A point of the layout, in SVG user units. */
export interface LayoutPoint {
  x: number;
  y: number;
}

/** A node after layout: its centre and size. */
export interface LayoutNode extends LayoutPoint {
  width: number;
  height: number;
}

/** An edge after layout: the polyline from its source to its target. */
export interface LayoutEdge {
  points?: LayoutPoint[];
}

/** Settings of the whole graph; after layout `width` and `height` hold the drawing's size. */
export interface GraphSettings {
  rankdir?: 'TB' | 'BT' | 'LR' | 'RL';
  nodesep?: number;
  ranksep?: number;
  marginx?: number;
  marginy?: number;
  width?: number;
  height?: number;
}

/** The methods of dagre's graph the editor calls (a multigraph: edges are told apart by name). */
export interface LayoutGraph {
  setGraph(settings: GraphSettings): LayoutGraph;
  graph(): GraphSettings;
  setDefaultEdgeLabel(label: () => object): LayoutGraph;
  setNode(id: string, size: { width: number; height: number }): LayoutGraph;
  setEdge(from: string, to: string, label: object, name: string): LayoutGraph;
  node(id: string): LayoutNode;
  edge(from: string, to: string, name: string): LayoutEdge | undefined;
}

const Graph = DagreGraph as unknown as new (options: { multigraph: boolean }) => LayoutGraph;
const runLayout = dagreLayout as unknown as (graph: LayoutGraph) => void;

/** A new, empty multigraph for layout. */
export function layoutGraph(): LayoutGraph {
  return new Graph({ multigraph: true });
}

/** Lays the graph out in place: node centres and edge points. */
export function layout(graph: LayoutGraph): void {
  runLayout(graph);
}
