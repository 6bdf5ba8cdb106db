// The verification-set lock (config.sets_lock): whether it is out of date, and writing it over the
// loaded evidence with the lock writer's logic (planVerificationLockUpdate): a quarantine refuses the
// update, an entry to remove is kept unless removals are allowed. The write is the edit library's
// transaction.
import type { FastifyInstance } from 'fastify';
import { withCheckoutLock } from '../../edit/checkout-lock.js';
import { contentHash } from '../../edit/content-hash.js';
import { settleJournal } from '../../edit/journal.js';
import { confirmSnapshot } from '../../edit/model-snapshot.js';
import { commitFiles } from '../../edit/transaction.js';
import { dominantEnding, withEnding } from '../../edit/line-endings.js';
import { serializeVerificationLock } from '../../verify/verification-lock-file.js';
import { verificationLockPathOf } from '../../verify/verification-lock-path.js';
import {
  planChanges,
  planVerificationLockUpdate,
  type VerificationLockPlan,
} from '../../verify/verification-lock-update.js';
import { EditorRouteError } from '../editor-route-error.js';
import type { EditorContext } from '../editor-context.js';
import type { ModelSession } from '../../app/model-session.js';
import { bodyObject, flag, queryOf } from '../request-input.js';
import { ANY_OBJECT_BODY } from './body-schemas.js';

/** What a lock update would change, as the lock routes show it. */
export type VerificationLockPlanBody = ReturnType<typeof planBody>;

/** GET /api/lock: whether the lock is configured and out of date, and the update it needs. */
export type VerificationLockState =
  | { configured: false; path: null; out_of_date: false }
  | (VerificationLockPlanBody & {
      configured: true;
      path: string;
      exists: boolean;
      out_of_date: boolean;
      entity?: { id: string; out_of_date: boolean };
    });

/** POST /api/lock/update: the update planned (a dry run) or written. */
export type VerificationLockUpdateAnswer = VerificationLockPlanBody & {
  ok: boolean;
  dry_run: boolean;
  path: string;
  written: boolean;
};

/** The lock routes. */
export function registerVerificationLockRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/lock', (request): VerificationLockState => {
    const { entity } = queryOf(request.query);
    const path = verificationLockPathOf(session.model);
    if (!path) return { configured: false, path: null, out_of_date: false };
    const plan = planVerificationLockUpdate(lockInputs(session), false);
    const touches = (id: string) =>
      plan.added.some((e) => e.owner === id) ||
      plan.changed.some((c) => c.entry.owner === id || c.from === id) ||
      plan.removed.some((e) => e.owner === id);
    return {
      configured: true,
      path: session.repoPath(path),
      exists: session.verificationLock !== undefined,
      out_of_date: planChanges(plan),
      ...planBody(plan),
      ...(entity ? { entity: { id: entity, out_of_date: touches(entity) } } : {}),
    };
  });

  app.post(
    '/api/lock/update',
    { schema: { body: ANY_OBJECT_BODY } },
    async (request): Promise<VerificationLockUpdateAnswer> => {
      const body = bodyObject(request.body);
      const allowRemovals = flag(body.allow_removals);
      const dryRun = flag(body.dry_run);
      return session.exclusive(async () => {
        const path = verificationLockPathOf(session.model);
        if (!path)
          throw new EditorRouteError('no-lock', 'the model configures no lock: set config.sets_lock first');
        const plan = planVerificationLockUpdate(lockInputs(session), allowRemovals);
        if (plan.refusedBy.length > 0)
          throw new EditorRouteError(
            'lock-refused',
            `${plan.refusedBy.length} case(s) are quarantined; the lock records owners and never decides one: fix the quarantines first`,
            { quarantined: plan.refusedBy, ...planBody(plan) },
          );
        const result = {
          ok: true,
          dry_run: dryRun,
          path: session.repoPath(path),
          written: false,
          ...planBody(plan),
        };
        if (dryRun || !planChanges(plan) || (plan.added.length + plan.changed.length === 0 && !allowRemovals))
          return result;
        const old = session.snapshot.verificationLock?.bytes?.toString('utf8');
        const content = Buffer.from(
          withEnding(serializeVerificationLock(plan.entries), old ? dominantEnding(old) : '\n'),
        );
        await withCheckoutLock(session.root, async () => {
          await settleJournal(session.root);
          // The plan came from the loaded model and lock: both must still be what is on disk.
          await confirmSnapshot(session.snapshot);
          await commitFiles(
            session.root,
            [{ path, content }],
            [{ path, hash: session.snapshot.verificationLock?.hash ?? null }],
          );
        });
        session.verificationLockWritten(path, content, contentHash(content));
        return { ...result, written: true };
      });
    },
  );
}

/** The model, evidence and verification lock the session has loaded. */
function lockInputs(session: ModelSession) {
  return { model: session.model, evidence: session.evidence, lock: session.verificationLock };
}

function planBody(plan: VerificationLockPlan) {
  return {
    added: plan.added,
    changed: plan.changed.map((c) => ({ ...c.entry, from: c.from })),
    removed: plan.removed,
    kept: plan.kept,
    refused_by: plan.refusedBy,
    entries: plan.entries.length,
  };
}
