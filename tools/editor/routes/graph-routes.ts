// The trace graph (docs/api.md, GET /api/graph): nodes and edges, an SVG and Mermaid text. `focus` and
// `depth` take a neighbourhood, `kinds` filters kinds, `methods` keeps only requirements verified by
// the given test methods or levels (their `method` field).
import type { FastifyInstance } from 'fastify';
import { ENTITY_KINDS, type EntityKind } from '../../model/entity.js';
import { traceGraph, type TraceEdge, type TraceNode } from '../../report/trace-graph.js';
import { traceMermaid } from '../../report/trace-mermaid.js';
import { EditorRouteError } from '../editor-route-error.js';
import type { EditorContext } from '../editor-context.js';
import { traceSvg } from '../../report/graph-svg.js';
import { queryOf, wholeNumber } from '../request-input.js';

/** GET /api/graph: nodes and edges, the SVG the server laid out, and Mermaid text. */
export interface TraceGraphAnswer {
  nodes: TraceNode[];
  edges: TraceEdge[];
  svg: string;
  mermaid: string;
}

/** The graph route. */
export function registerGraphRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;
  app.get<{ Reply: TraceGraphAnswer | string }>('/api/graph', async (request, reply) => {
    const query = queryOf(request.query);
    const kinds = list(query.kinds);
    const bad = kinds.filter((k) => !(ENTITY_KINDS as readonly string[]).includes(k));
    if (bad.length > 0)
      throw new EditorRouteError(
        'bad-request',
        `unknown kind(s) ${bad.join(', ')}; use ${ENTITY_KINDS.join(', ')}`,
      );
    if (query.focus && !session.model.byId.has(query.focus))
      throw new EditorRouteError('unknown-entity', `no entity has the id "${query.focus}"`);
    const verdicts = new Map(session.analysis().entities.map((v) => [v.id, v.verdict]));
    const graph = traceGraph(session.model, {
      focus: query.focus || undefined,
      depth: wholeNumber(query.depth, 'depth', 2, 50),
      kinds: kinds as EntityKind[],
      methods: list(query.methods),
      verdicts,
    });
    if (query.format === 'svg') return reply.type('image/svg+xml; charset=utf-8').send(traceSvg(graph));
    if (query.format === 'mermaid') return reply.type('text/plain; charset=utf-8').send(traceMermaid(graph));
    return { ...graph, svg: traceSvg(graph), mermaid: traceMermaid(graph) };
  });
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
