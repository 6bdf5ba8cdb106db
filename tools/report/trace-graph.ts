import { stringList, type Entity, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { appendTo } from '../model/multi-map.js';

/** A node of the trace graph. */
export interface TraceNode {
  id: string;
  kind: EntityKind;
  title: string;
  verdict?: string | null;
}

/** An edge, pointing from the more specific entity to what it serves. */
export interface TraceEdge {
  from: string;
  to: string;
  relation: 'satisfies' | 'refines' | 'implements' | 'mitigates';
}

/** Which part of the graph to show. */
export interface TraceGraphOptions {
  focus?: string;
  /** hops from the focus, in either direction (default 2) */
  depth?: number;
  kinds?: EntityKind[];
  verdicts?: ReadonlyMap<string, string | null>;
}

const GRAPH_KINDS: EntityKind[] = ['user_need', 'requirement', 'mitigation', 'risk'];

/** The trace graph over needs, requirements, mitigations and risks; links count from either side. */
export function traceGraph(
  model: Model,
  options: TraceGraphOptions = {},
): { nodes: TraceNode[]; edges: TraceEdge[] } {
  const kinds = new Set(options.kinds?.length ? options.kinds : GRAPH_KINDS);
  const edges = new Map<string, TraceEdge>();
  const add = (from: string, to: string, relation: TraceEdge['relation']) => {
    if (model.byId.has(from) && model.byId.has(to))
      edges.set(`${from}\u0000${to}\u0000${relation}`, { from, to, relation });
  };
  for (const e of model.entities) {
    if (e.kind === 'requirement') {
      for (const id of stringList(e.data.satisfies)) add(e.id, id, 'satisfies');
      for (const id of stringList(e.data.refines)) add(e.id, id, 'refines');
    } else if (e.kind === 'mitigation') {
      for (const id of stringList(e.data.implemented_by)) add(id, e.id, 'implements');
      for (const id of stringList(e.data.mitigates)) add(e.id, id, 'mitigates');
    } else if (e.kind === 'risk') {
      for (const id of stringList(e.data.mitigated_by)) add(id, e.id, 'mitigates');
    }
  }
  let included: Set<string>;
  if (options.focus && model.byId.has(options.focus)) {
    included = neighbourhood(options.focus, options.depth ?? 2, [...edges.values()]);
  } else {
    included = new Set(model.entities.map((e) => e.id));
  }
  const keep = (e: Entity | undefined): e is Entity => !!e && kinds.has(e.kind) && included.has(e.id);
  const nodes = model.entities
    .filter((e) => keep(e))
    .map((e) => {
      const node: TraceNode = {
        id: e.id,
        kind: e.kind,
        title: typeof e.data.title === 'string' ? e.data.title : '',
      };
      if (options.verdicts?.has(e.id)) node.verdict = options.verdicts.get(e.id) ?? null;
      return node;
    });
  const ids = new Set(nodes.map((n) => n.id));
  return { nodes, edges: [...edges.values()].filter((e) => ids.has(e.from) && ids.has(e.to)) };
}

function neighbourhood(focus: string, depth: number, edges: TraceEdge[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    appendTo(next, e.from, e.to);
    appendTo(next, e.to, e.from);
  }
  const seen = new Set([focus]);
  let frontier = [focus];
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const following: string[] = [];
    for (const id of frontier) {
      for (const n of next.get(id) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          following.push(n);
        }
      }
    }
    frontier = following;
  }
  return seen;
}
