// Saving a case move (docs/api.md, POST /api/cases/move): the planned edit goes through the session's
// checked save, with one more check: the result must give the case to the chosen owner. The move route
// and the worksheet's accepted rows (tools/app/worksheet-apply.ts) both save moves through here.
import type { Author } from '../git/git-client.js';
import type { ClaimAnalysis } from '../verify/analyze.js';
import { caseKey } from '../verify/case-key.js';
import type { Conflict } from '../verify/owner-checks.js';
import { planCaseMove, type CaseMove } from './case-move.js';
import type { ModelSession } from './model-session.js';

/** A case move planned (a dry run) or saved. */
export type CaseMoveAnswer = Omit<CaseMove, 'request'> & {
  ok: boolean;
  dry_run: boolean;
  files: string[];
  changed?: string[];
  notices: Conflict[];
};

/** What to move where. */
export interface CaseMoveOrder {
  target: string;
  path: string;
  /** the new owner's id, or null for none */
  to: string | null;
  /** rewrite glob and whole-target claims into literal selectors when they must let the case go */
  expand: boolean;
}

/**
 * Plans and saves a case move; throws the refusal (DomainError, OwnerConflictError with its conflicts,
 * EditError) and then writes nothing.
 */
export async function saveCaseMove(
  session: ModelSession,
  order: CaseMoveOrder,
  options: { dryRun: boolean; author?: Author },
): Promise<CaseMoveAnswer> {
  const { target, path, to } = order;
  const move = planCaseMove(
    session.model,
    session.analysis(),
    session.evidence,
    session.verificationLock,
    order,
  );
  const summary = {
    case: move.case,
    from: move.from,
    to: move.to,
    givers: move.givers,
    expansions: move.expansions,
    relocked: move.relocked,
  };
  if (move.request.updates.length === 0 && (move.request.relock ?? []).length === 0)
    return { ok: true, dry_run: options.dryRun, ...summary, files: [], notices: [] };
  // The result must give the case to the chosen owner (a tag may still give it to another).
  const reaches = (after: ClaimAnalysis): Conflict[] => {
    const a = after.cases.find((c) => caseKey(c.case.target, c.case.path) === caseKey(target, path));
    if (!a || a.owner === to) return [];
    return [
      {
        code: 'move-not-reached',
        message: `after the edit case ${target} ${path} would belong to ${a.owner ?? 'nobody'}${a.basis === 'tag' ? ' (by its tag)' : ''}${a.quarantine ? ` (quarantined: ${a.quarantine})` : ''}, not to ${to ?? 'nobody'}`,
        case: { target, path },
        entities: [...a.claimedBy, ...a.case.tags],
        owner: move.from,
      },
    ];
  };
  const outcome = await session.save(move.request, {
    dryRun: options.dryRun,
    ...(options.author ? { author: options.author } : {}),
    extraCheck: reaches,
  });
  return {
    ok: true,
    dry_run: options.dryRun,
    ...summary,
    files: outcome.result.files.map((f) => session.repoPath(f)),
    changed: outcome.result.changed,
    notices: outcome.notices,
  };
}
