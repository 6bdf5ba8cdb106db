import type { Entity, EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { TraceRelation } from '../trace/trace-fields.js';
import { traceIndex, type TraceIndex, type TraceLink } from '../trace/trace-index.js';

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
  relation: TraceRelation;
}

/** A trace link as the graph, entity pages and prompts name it: by ids. */
export function traceEdge(link: TraceLink): TraceEdge {
  return { from: link.from.id, to: link.to.id, relation: link.relation };
}

/** Which part of the graph to show. */
export interface TraceGraphOptions {
  focus?: string;
  /** hops from the focus, in either direction (default 2) */
  depth?: number;
  kinds?: EntityKind[];
  /** keep only the requirements whose `method` (a test method or a level) is one of these */
  methods?: readonly string[];
  verdicts?: ReadonlyMap<string, string | null>;
}

const GRAPH_KINDS: EntityKind[] = ['user_need', 'requirement', 'mitigation', 'risk'];

/**
 * The trace graph over needs, requirements, mitigations and risks: every link of the trace index, named
 * from either side, obsolete entities and their links included (docs/verification.md, "Trace links").
 */
export function traceGraph(
  model: Model,
  options: TraceGraphOptions = {},
): { nodes: TraceNode[]; edges: TraceEdge[] } {
  const kinds = new Set(options.kinds?.length ? options.kinds : GRAPH_KINDS);
  const trace = traceIndex(model);
  const edges = trace.links.map(traceEdge);
  let included: Set<string>;
  if (options.focus && model.byId.has(options.focus)) {
    included = neighbourhood(options.focus, options.depth ?? 2, trace);
  } else {
    included = new Set(model.entities.map((e) => e.id));
  }
  const methods = new Set(options.methods ?? []);
  const methodKept = (e: Entity) =>
    methods.size === 0 ||
    e.kind !== 'requirement' ||
    methods.has(typeof e.data.method === 'string' ? e.data.method : '');
  const keep = (e: Entity | undefined): e is Entity =>
    !!e && kinds.has(e.kind) && included.has(e.id) && methodKept(e);
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
  return { nodes, edges: edges.filter((e) => ids.has(e.from) && ids.has(e.to)) };
}

/** The ids within `depth` links of the focus, either direction. */
function neighbourhood(focus: string, depth: number, trace: TraceIndex): Set<string> {
  const seen = new Set([focus]);
  let frontier = [focus];
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const following: string[] = [];
    for (const id of frontier) {
      const near = [...trace.outgoing(id).map((l) => l.to.id), ...trace.incoming(id).map((l) => l.from.id)];
      for (const n of near) {
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
