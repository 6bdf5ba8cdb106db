// The report JSON (the CLI's contract), the work queue and the source annotations.
import type { FastifyInstance } from 'fastify';
import { reportJson } from '../../report/report-json.js';
import { workQueue, type WorkQueue } from '../../app/work-queue.js';
import type { EditorContext } from '../editor-context.js';
import { queryOf } from '../request-input.js';

/** The report, queue and annotation routes. */
export function registerReportRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/report', () => reportJson(session.analysis()));

  app.get('/api/queue', (request): WorkQueue => {
    const { kind, route, entity } = queryOf(request.query);
    return workQueue(session.model, session.analysis(), { kind, route, entity });
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
