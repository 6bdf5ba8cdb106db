// The report JSON (the CLI's contract), the work queue and the source annotations.
import type { FastifyInstance } from 'fastify';
import { reportJson } from '../../report/report-json.js';
import { parentOf } from '../../model/entity-parent.js';
import { groupGaps, type ParentedGap } from '../../verify/gap-groups.js';
import type { EditorContext } from '../editor-context.js';
import { queryOf } from '../request-input.js';

/** GET /api/queue: the gaps of the work queue, filtered, each with its entity's parent, and in groups. */
export interface WorkQueue {
  gaps: ParentedGap[];
  count: number;
  /** the gaps by kind, then by parent, with counts (the rows are in `gaps`) */
  groups: WorkQueueGroup[];
}

/** One kind of gap in GET /api/queue's groups. */
export interface WorkQueueGroup {
  kind: string;
  count: number;
  parents: { parent: string | null; title: string | null; count: number }[];
}

/** The report, queue and annotation routes. */
export function registerReportRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/report', () => reportJson(session.analysis()));

  app.get('/api/queue', (request): WorkQueue => {
    const query = queryOf(request.query);
    const { model } = session;
    const gaps = session
      .analysis()
      .gaps.filter(
        (g) =>
          (!query.kind || g.kind === query.kind) &&
          (!query.route || g.route === query.route) &&
          (!query.entity || g.entity === query.entity),
      )
      .map((g): ParentedGap => {
        const entity = model.byId.get(g.entity);
        return { ...g, parent: (entity && parentOf(entity.kind, entity.data)) ?? null };
      });
    const title = (id: string | null) => {
      const value = id === null ? undefined : model.byId.get(id)?.data.title;
      return typeof value === 'string' ? value : null;
    };
    const groups = groupGaps(gaps).map((k) => ({
      kind: k.kind,
      count: k.count,
      parents: k.parents.map((p) => ({ parent: p.parent, title: title(p.parent), count: p.count })),
    }));
    return { gaps, count: gaps.length, groups };
  });

  app.get('/api/annotations', (request) => {
    const { entity } = queryOf(request.query);
    const scan = session.sources?.scan;
    const annotations = (scan?.annotations ?? [])
      .filter((a) => !entity || a.id === entity)
      .map((a) => ({
        entity: a.id,
        verb: a.verb,
        file: session.repoPath(`${session.sources!.root}/${a.file}`),
        line: a.line,
        column: a.column,
        text: a.text,
      }));
    return { annotations, files_scanned: scan?.filesScanned ?? 0 };
  });
}
