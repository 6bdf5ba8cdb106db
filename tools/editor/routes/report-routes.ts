// The report JSON (the CLI's contract), the work queue and the source annotations.
import type { FastifyInstance } from 'fastify';
import { reportJson } from '../../report/report-json.js';
import type { Gap } from '../../verify/gaps.js';
import type { EditorContext } from '../editor-context.js';
import { queryOf } from '../request-input.js';

/** GET /api/queue: the gaps of the work queue, filtered. */
export interface WorkQueue {
  gaps: Gap[];
  count: number;
}

/** The report, queue and annotation routes. */
export function registerReportRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/report', () => reportJson(session.analysis()));

  app.get('/api/queue', (request): WorkQueue => {
    const query = queryOf(request.query);
    const gaps = session
      .analysis()
      .gaps.filter(
        (g) =>
          (!query.kind || g.kind === query.kind) &&
          (!query.route || g.route === query.route) &&
          (!query.entity || g.entity === query.entity),
      );
    return { gaps, count: gaps.length };
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
