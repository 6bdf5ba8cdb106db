// The case ledger, moving a case to another owner, and the attribution overview.
import type { FastifyInstance } from 'fastify';
import { ATTRIBUTION_RULES, type QuarantineRule } from '../../model/rule-catalog.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { caseLedger, matchesFilter, type LedgerFilter, type LedgerRow } from '../../report/case-ledger.js';
import { invariantLine } from '../../report/report-sentences.js';
import type { Analysis } from '../../verify/analyze.js';
import type { MemberState } from '../../verify/verdicts.js';
import { EditorRouteError } from '../editor-route-error.js';
import { saveCaseMove, type CaseMoveAnswer } from '../../app/case-move-save.js';
import { requestAuthor, type EditorContext } from '../editor-context.js';
import { bodyObject, flag, queryOf, stringField } from '../request-input.js';
import { CASE_MOVE_BODY } from './body-schemas.js';

/** GET /api/cases: the case ledger, filtered, with the target groups and counts. */
export interface CaseList {
  cases: LedgerRow[];
  /** the names of the target groups (the API keeps the flag's word, lanes) */
  lanes: string[];
  counts: Analysis['counts'];
  invariant: string;
}

/** POST /api/cases/move: the move planned (a dry run) or saved. */
export type { CaseMoveAnswer } from '../../app/case-move-save.js';

/** One target of the attribution overview: its cases by outcome and owner. */
export interface TargetAttribution {
  target: string;
  cases: number;
  owned: number;
  unowned: number;
  quarantined: number;
  owners: Record<string, number>;
}

/** GET /api/attribution: who owns which case, target by target, and what stands in the way. */
export interface AttributionOverview {
  mode: 'hybrid' | 'model';
  lock: { path: string; entries: number } | null;
  counts: Analysis['counts'];
  targets: TargetAttribution[];
  quarantines: { target: string; path: string; code: QuarantineRule | null; implicated: string[] }[];
  issues: Diagnostic[];
  sets: Record<string, { target: string; path: string; state: MemberState }[]>;
}

const FILTERS: LedgerFilter[] = ['owned', 'unowned', 'quarantined', 'unlocked', 'coarse'];

/** The case routes. */
export function registerCaseRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/cases', (request): CaseList => {
    const query = queryOf(request.query);
    const state = query.state ?? (flag(query.unowned) ? 'unowned' : undefined);
    if (state !== undefined && !FILTERS.includes(state as LedgerFilter))
      throw new EditorRouteError('bad-request', `"state" must be one of ${FILTERS.join(', ')}`);
    const targetGroups = session.options.targetGroups;
    if (query.lane !== undefined && !targetGroups.has(query.lane))
      throw new EditorRouteError(
        'bad-request',
        `no target group (lane) named ${query.lane}; start the editor with --lane-targets ${query.lane}=FILE`,
      );
    const needle = query.q?.toLowerCase();
    const rows = caseLedger(session.analysis(), session.verificationLock, targetGroups).filter(
      (r) =>
        (!state || matchesFilter(r, state as LedgerFilter)) &&
        (!query.target || r.target === query.target) &&
        (!query.lane || r.lanes.includes(query.lane)) &&
        (!needle ||
          `${r.target} ${r.path} ${r.owner ?? ''} ${r.claimed_by.join(' ')}`.toLowerCase().includes(needle)),
    );
    const analysis = session.analysis();
    return {
      cases: rows,
      lanes: [...targetGroups.keys()],
      counts: analysis.counts,
      invariant: invariantLine(analysis),
    };
  });

  app.post(
    '/api/cases/move',
    { schema: { body: CASE_MOVE_BODY } },
    async (request): Promise<CaseMoveAnswer> => {
      const body = bodyObject(request.body);
      const named = typeof body.case === 'object' && body.case !== null ? bodyObject(body.case) : body;
      const target = stringField(named, 'target', true);
      const path = stringField(named, 'path', true);
      if (body.to !== null && typeof body.to !== 'string')
        throw new EditorRouteError('bad-request', '"to" must be an entity id, or null for no owner');
      const to = body.to === '' ? null : body.to;
      return saveCaseMove(
        session,
        { target, path, to, expand: flag(body.expand) },
        { dryRun: flag(body.dry_run), author: requestAuthor(ctx, request) },
      );
    },
  );

  app.get('/api/attribution', (): AttributionOverview => {
    const analysis = session.analysis();
    const model = session.model;
    const targets = new Map<string, TargetAttribution>();
    for (const a of analysis.cases) {
      const t = targets.get(a.case.target) ?? {
        target: a.case.target,
        cases: 0,
        owned: 0,
        unowned: 0,
        quarantined: 0,
        owners: {},
      };
      targets.set(a.case.target, t);
      t.cases++;
      if (a.quarantine) t.quarantined++;
      else if (a.owner) {
        t.owned++;
        t.owners[a.owner] = (t.owners[a.owner] ?? 0) + 1;
      } else t.unowned++;
    }
    return {
      mode: model.config.attribution,
      lock: session.verificationLock
        ? {
            path: session.repoPath(session.verificationLock.file),
            entries: session.verificationLock.entries.length,
          }
        : null,
      counts: analysis.counts,
      targets: [...targets.values()],
      quarantines: analysis.cases
        .filter((a) => a.quarantine)
        .map((a) => ({
          target: a.case.target,
          path: a.case.path,
          code: a.quarantine,
          implicated: a.implicated,
        })),
      issues: analysis.diagnostics
        .filter((d) => ATTRIBUTION_RULES.has(d.rule))
        .map((d) => (d.file ? { ...d, file: session.repoPath(d.file) } : d)),
      sets: Object.fromEntries(
        analysis.entities
          .filter((v) => v.members.length > 0)
          .map((v) => [v.id, v.members.map((m) => ({ target: m.target, path: m.path, state: m.state }))]),
      ),
    };
  });
}
