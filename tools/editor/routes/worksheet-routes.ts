// The attribution worksheet (docs/api.md, "Worksheet"; docs/worksheet.md): its rows beside the case
// ledger, a person's accepted marks, and applying accepted rows as checked case moves.
import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { readWorksheet } from '../../agents/worksheet/read-worksheet.js';
import { WORKSHEET_EXTENSION, defaultWorksheetPath } from '../../agents/worksheet/worksheet.js';
import { WorksheetError } from '../../agents/worksheet/worksheet-error.js';
import { worksheetBesideLedger, type WorksheetLedgerRow } from '../../agents/worksheet/worksheet-ledger.js';
import { setWorksheetAccepted, type AcceptMark } from '../../agents/worksheet/write-worksheet.js';
import { EditorRouteError } from '../editor-route-error.js';
import { caseLedger } from '../../report/case-ledger.js';
import { requestAuthor, type EditorContext } from '../editor-context.js';
import type { ModelSession } from '../../app/model-session.js';
import { queryOf } from '../request-input.js';
import { applyAcceptedRows, type WorksheetRowResult } from '../../app/worksheet-apply.js';
import { WORKSHEET_ACCEPT_BODY, WORKSHEET_APPLY_BODY } from './body-schemas.js';
import { repositoryFile } from './source-routes.js';

/** GET /api/worksheet: a worksheet's rows beside the case ledger. */
export interface WorksheetView {
  /** the worksheet, relative to the checkout */
  path: string;
  rows: WorksheetLedgerRow[];
  counts: { rows: number; accepted: number; in_effect: number; no_case: number };
}

/** POST /api/worksheet/apply: each accepted row's result, and the worksheet beside the ledger after. */
export interface WorksheetApplyAnswer {
  path: string;
  dry_run: boolean;
  applied: number;
  refused: number;
  results: WorksheetRowResult[];
  worksheet: WorksheetView;
}

/** The worksheet routes. */
export function registerWorksheetRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/worksheet', async (request): Promise<WorksheetView> => {
    const file = await worksheetFile(session, queryOf(request.query).path);
    return view(session, file);
  });

  app.post<{ Body: { path?: string | null; cases: AcceptMark[] } }>(
    '/api/worksheet/accept',
    { schema: { body: WORKSHEET_ACCEPT_BODY } },
    async (request): Promise<WorksheetView> => {
      const file = await worksheetFile(session, request.body.path ?? undefined);
      const marks = request.body.cases.map(({ target, path, accepted }) => ({ target, path, accepted }));
      await worksheetCall(session, () => setWorksheetAccepted(file, marks));
      return view(session, file);
    },
  );

  app.post<{ Body: { path?: string | null; dry_run?: boolean; expand?: boolean } }>(
    '/api/worksheet/apply',
    { schema: { body: WORKSHEET_APPLY_BODY } },
    async (request): Promise<WorksheetApplyAnswer> => {
      const file = await worksheetFile(session, request.body.path ?? undefined);
      const before = await view(session, file);
      const dryRun = request.body.dry_run === true;
      const results = await applyAcceptedRows(session, before.rows, {
        dryRun,
        expand: request.body.expand === true,
        author: requestAuthor(ctx, request),
      });
      return {
        path: before.path,
        dry_run: dryRun,
        applied: results.filter((r) => r.outcome === 'applied').length,
        refused: results.filter((r) => r.outcome === 'refused').length,
        results,
        worksheet: await view(session, file),
      };
    },
  );
}

/** The worksheet a request names (default: `cases.rrplan` in the model's folder), inside the checkout. */
async function worksheetFile(session: ModelSession, path: string | undefined): Promise<string> {
  const named = path ?? session.repoPath(defaultWorksheetFor(session));
  if (!named.endsWith(WORKSHEET_EXTENSION))
    throw new EditorRouteError('bad-request', `${named}: a worksheet's name ends in ${WORKSHEET_EXTENSION}`);
  try {
    return await repositoryFile(session.root, named);
  } catch (error) {
    if (error instanceof EditorRouteError && error.code === 'not-found')
      throw new EditorRouteError(
        'not-found',
        `no worksheet ${named}; the assign-test-cases workflow writes one (docs/worksheet.md)`,
      );
    throw error;
  }
}

function defaultWorksheetFor(session: ModelSession): string {
  const modelPath = session.options.modelPath;
  return defaultWorksheetPath(modelPath, statSync(modelPath).isDirectory());
}

async function view(session: ModelSession, file: string): Promise<WorksheetView> {
  const sheet = await worksheetCall(session, () => readWorksheet(file));
  const ledger = caseLedger(session.analysis(), session.verificationLock, session.options.targetGroups);
  const rows = worksheetBesideLedger(sheet.rows, ledger);
  return {
    path: session.repoPath(file),
    rows,
    counts: {
      rows: rows.length,
      accepted: rows.filter((r) => r.accepted).length,
      in_effect: rows.filter((r) => r.state === 'in-effect').length,
      no_case: rows.filter((r) => r.state === 'no-case').length,
    },
  };
}

/** Runs a worksheet read or write; a worksheet that cannot be used is 422 `bad-worksheet` at its line. */
export async function worksheetCall<T>(session: ModelSession, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WorksheetError)) throw error;
    throw new EditorRouteError('bad-worksheet', session.repoText(error.message), {
      file: session.repoPath(error.file),
      ...(error.line !== undefined ? { line: error.line, column: error.column } : {}),
    });
  }
}
