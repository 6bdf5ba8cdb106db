// One save, as the editor API runs it: under the checkout lock, settle any interrupted commit, read
// the model, plan, prove, let the caller's checks (one owner per test case) look at the result, and
// write all files or none.
import { isDeepStrictEqual } from 'node:util';
import { listModelFiles } from '../model/model-files.js';
import type { Model } from '../model/model.js';
import type { LinkReview } from '../change-control/link-reviews.js';
import type { VerificationLockCase } from '../verify/verification-lock-update.js';
import { withCheckoutLock, type CheckoutLockOptions } from './checkout-lock.js';
import { EditError } from './edit-error.js';
import { proveEdit, type AssembleModel, type ProvenEdit } from './edit-proof.js';
import type { EditRequest } from './edit-request.js';
import { entityVersion } from './entity-version.js';
import { settleJournal } from './journal.js';
import {
  confirmSnapshot,
  readSnapshot,
  snapshotAfter,
  snapshotReads,
  type ModelSnapshot,
} from './model-snapshot.js';
import type { FileChange } from './file-change.js';
import { planEdit, type EditPlan } from './plan-edit.js';
import { commitFiles, type CommitOptions } from './transaction.js';

/** The checkout a save writes to and the model inside it. */
export interface EditWorkspace {
  /** root of the checkout: the checkout lock and journal live here (in `.git` when it is a git checkout) */
  root: string;
  /** model file or directory */
  modelPath: string;
}

/** What the caller's checks see: the model before and as it will load after the edit. */
export interface SaveCheckInput {
  before: Model;
  after: Model;
  plan: EditPlan;
  snapshot: ModelSnapshot;
  /** the proof: the files after the edit, composed (what `after` was built from) */
  proven: ProvenEdit;
}

export interface SaveOptions extends CommitOptions, CheckoutLockOptions {
  /** plan and prove only; nothing is written */
  dryRun?: boolean;
  /** more checks before writing (the editor's one-owner checks); throw to refuse the save */
  check?: (input: SaveCheckInput) => Promise<void> | void;
  /** assembles the model after the edit for the proof (the editor's incremental engine); the loader's by default */
  assemble?: AssembleModel;
  /**
   * The snapshot the client's view came from (the editor keeps one): instead of reading and
   * composing the model again, the files are confirmed unchanged since (`changed-on-disk` otherwise).
   */
  base?: ModelSnapshot;
}

/** What a save did. */
export interface SaveResult {
  /** the entity as it is now; `version` is null after a delete */
  entity: { id: string; kind: EditPlan['entity']['kind']; file: string; version: string | null };
  /** files written, created or removed */
  files: string[];
  /** ids of every entity the save changed (referrers of a rename or forced delete included) */
  changed: string[];
  /** lock entries dropped with a deleted entity */
  unlocked: VerificationLockCase[];
  /** the links a clear-suspect request marked reviewed */
  cleared: LinkReview[];
  after: Model;
  /** the model as it is after the save (as read, for a dry run): the base of the next save */
  snapshot: ModelSnapshot;
  dryRun: boolean;
}

/** Saves one edit: all files or none, refused with an EditError when anything is not as it should be. */
export async function saveEdit(
  ws: EditWorkspace,
  request: EditRequest,
  options: SaveOptions = {},
): Promise<SaveResult> {
  return withCheckoutLock(
    ws.root,
    async () => {
      await settleJournal(ws.root);
      const snapshot = options.base ? await confirmSnapshot(options.base) : await readSnapshot(ws.modelPath);
      const plan = planEdit(snapshot, request);
      const proven = proveEdit(snapshot, plan, options.assemble);
      const { after } = proven;
      await options.check?.({ before: snapshot.model, after, plan, snapshot, proven });
      if (!options.dryRun) {
        assertSameFiles(snapshot);
        await commitFiles(
          ws.root,
          plan.files
            .filter(changesBytes)
            .map((f) => (f.after ? { path: f.path, content: f.after } : { path: f.path })),
          snapshotReads(snapshot),
          options,
        );
      }
      const now = after.byId.get(plan.entity.id);
      return {
        entity: { ...plan.entity, version: now && request.op !== 'delete' ? entityVersion(now) : null },
        // An update that sets what is already there writes nothing and reports no change.
        files: plan.files.filter(changesBytes).map((f) => f.path),
        changed: [...changedIds(snapshot, plan), ...plan.created.map((c) => c.id)],
        unlocked: plan.unlocked,
        cleared: plan.cleared ?? [],
        after,
        snapshot: options.dryRun ? snapshot : snapshotAfter(proven),
        dryRun: options.dryRun ?? false,
      };
    },
    options,
  );
}

/** Whether a planned file change writes other bytes than the file holds (or adds or removes it). */
function changesBytes(change: FileChange): boolean {
  if (change.before === undefined || change.after === undefined) return true;
  return !change.before.equals(change.after);
}

/** Ids of the entities the plan really changes: deleted, renamed, or with other fields. */
function changedIds(snapshot: ModelSnapshot, plan: EditPlan): string[] {
  return [...plan.changes].flatMap(([id, expected]) => {
    const before = snapshot.model.byId.get(id);
    const same =
      expected !== null &&
      before !== undefined &&
      expected.id === id &&
      isDeepStrictEqual(before.data, expected.data);
    return same ? [] : [id];
  });
}

/** A model file added to or removed from the directory since the save read it is a change on disk too. */
function assertSameFiles(snapshot: ModelSnapshot): void {
  const now = listModelFiles(snapshot.modelPath);
  const before = new Set(snapshot.listing.files);
  const added = now.files.find((f) => !before.has(f));
  const removed = snapshot.listing.files.find((f) => !now.files.includes(f));
  const path = added ?? removed;
  if (path)
    throw new EditError(
      'changed-on-disk',
      `${path} was ${added ? 'added' : 'removed'} on disk since the save read the model; reload and apply your change again`,
      { file: path },
    );
}
