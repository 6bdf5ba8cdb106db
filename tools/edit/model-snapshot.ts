import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { composeModelFile, composeModelText, type ComposedFile } from '../model/compose-file.js';
import { modelFromFiles } from '../model/load-model.js';
import { listModelFiles, type ModelFileList } from '../model/model-files.js';
import { decodeModelBytes, type ModelText } from '../model/model-text.js';
import type { Model } from '../model/model.js';
import { verificationLockPathOf } from '../verify/verification-lock-path.js';
import { withReviewStamps } from '../model/read-review-stamps.js';
import { parseReviewStamps, reviewStampsPathOf } from '../model/review-stamps.js';
import { contentHash } from './content-hash.js';
import { fileHolds, readIfPresent } from './durable-fs.js';
import type { ProvenEdit } from './edit-proof.js';
import { EditError } from './edit-error.js';
import type { EditPlan } from './plan-edit.js';

/** One model file as a save read it. */
export interface SnapshotFile {
  path: string;
  /** undefined when the file could not be read */
  bytes?: Buffer;
  hash: string | null;
  /** decoded text without the BOM; undefined when the bytes are no UTF-8 */
  text?: string;
  bom: boolean;
}

/** The verification-set lock as a save read it; `bytes` is undefined when the file does not exist. */
export interface VerificationLockSnapshot {
  path: string;
  bytes?: Buffer;
  hash: string | null;
}

/** A file rr writes beside the model (the review stamps, .gitattributes) as a save read it. */
export interface SideFileSnapshot {
  path: string;
  /** undefined when the file does not exist */
  bytes?: Buffer;
  hash: string | null;
}

/** A file and the hash it had when read (null: it did not exist): what changed-on-disk compares. */
export interface FileRead {
  path: string;
  hash: string | null;
  /** the bytes read, when kept: the file is compared with them byte for byte instead of hashed again */
  bytes?: Buffer;
}

/** The model exactly as one save read it: bytes, hashes, composed documents and the loaded model. */
export interface ModelSnapshot {
  modelPath: string;
  /** whether the model path is a directory (new one-object files can be added) */
  isDirectory: boolean;
  listing: ModelFileList;
  files: Map<string, SnapshotFile>;
  composed: ComposedFile[];
  model: Model;
  verificationLock?: VerificationLockSnapshot;
  /** the review stamps file (docs/change-control.md), whether or not it exists yet */
  reviewStamps?: SideFileSnapshot;
  /** the .gitattributes beside the stamps file, which the first clear extends */
  gitAttributes?: SideFileSnapshot;
}

/**
 * Reads a model the way `loadModel` does, but from bytes it keeps: the edit is planned, proven and
 * checked for changes on disk against exactly what was read.
 */
export async function readSnapshot(modelPath: string): Promise<ModelSnapshot> {
  const listing = listModelFiles(modelPath);
  const files = new Map<string, SnapshotFile>();
  const composed: ComposedFile[] = [];
  for (const path of listing.files) {
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes) {
      // The loader words the read error; the file counts as read-as-missing for changed-on-disk.
      files.set(path, { path, hash: null, bom: false });
      composed.push(await composeModelFile(path));
      continue;
    }
    const decoded = decodeModelBytes(path, bytes);
    const file: SnapshotFile = { path, bytes, hash: contentHash(bytes), bom: decoded.ok && decoded.bom };
    if (decoded.ok) file.text = decoded.text;
    files.set(path, file);
    composed.push(composeModelText(path, decoded));
  }
  const model = modelFromFiles(modelPath, listing, composed);
  const isDirectory = (await stat(modelPath).catch(() => undefined))?.isDirectory() ?? false;
  const snapshot: ModelSnapshot = { modelPath, isDirectory, listing, files, composed, model };
  const stampsPath = reviewStampsPathOf(model, isDirectory);
  snapshot.reviewStamps = await readSideFile(stampsPath);
  snapshot.gitAttributes = await readSideFile(join(dirname(stampsPath), '.gitattributes'));
  const stampBytes = snapshot.reviewStamps.bytes;
  if (stampBytes) withReviewStamps(model, parseReviewStamps(stampsPath, stampBytes.toString('utf8')));
  const lockPath = verificationLockPathOf(model);
  if (lockPath) {
    const bytes = await readFile(lockPath).catch(() => undefined);
    snapshot.verificationLock = bytes
      ? { path: lockPath, bytes, hash: contentHash(bytes) }
      : { path: lockPath, hash: null };
  }
  return snapshot;
}

async function readSideFile(path: string): Promise<SideFileSnapshot> {
  const bytes = await readFile(path).catch(() => undefined);
  return bytes ? { path, bytes, hash: contentHash(bytes) } : { path, hash: null };
}

/** Every file the snapshot read, with the hash it had: a save must find them all unchanged. */
export function snapshotReads(snapshot: ModelSnapshot): FileRead[] {
  const read = (f: { path: string; hash: string | null; bytes?: Buffer }): FileRead =>
    f.bytes ? { path: f.path, hash: f.hash, bytes: f.bytes } : { path: f.path, hash: f.hash };
  const reads: FileRead[] = [...snapshot.files.values()].map(read);
  if (snapshot.verificationLock) reads.push(read(snapshot.verificationLock));
  if (snapshot.reviewStamps) reads.push(read(snapshot.reviewStamps));
  if (snapshot.gitAttributes) reads.push(read(snapshot.gitAttributes));
  return reads;
}

/**
 * Whether a file is as it was read: the same bytes (compared directly when they were kept, else by
 * hash), or still absent. `exists` says whether it is there now.
 */
export async function unchangedSince(read: FileRead): Promise<{ same: boolean; exists: boolean }> {
  if (read.bytes && read.hash !== null) {
    const holds = await fileHolds(read.path, read.bytes);
    return { same: holds === true, exists: holds !== undefined };
  }
  const now = await readIfPresent(read.path);
  return { same: now ? contentHash(now) === read.hash : read.hash === null, exists: now !== undefined };
}

/**
 * Confirms that the files on disk are still exactly those of a snapshot read earlier (the model the
 * editor showed): the same model files, each with the same bytes, and the same verification lock. Returns that
 * snapshot, so nothing is composed again; a file added, removed or changed since is `changed-on-disk`.
 */
export async function confirmSnapshot(base: ModelSnapshot): Promise<ModelSnapshot> {
  const listing = listModelFiles(base.modelPath);
  const now = new Set(listing.files.map((f) => resolve(f)));
  const then = new Set(base.listing.files.map((f) => resolve(f)));
  const added = listing.files.find((f) => !then.has(resolve(f)));
  const removed = base.listing.files.find((f) => !now.has(resolve(f)));
  if (added ?? removed) throw changedOnDisk(added ?? removed!, added ? 'was added' : 'was removed');
  const reads = snapshotReads(base);
  for (const read of reads) {
    const now = await unchangedSince(read).catch(() => ({ same: false }));
    if (!now.same) throw changedOnDisk(read.path, 'changed');
  }
  return base;
}

function changedOnDisk(path: string, what: string): EditError {
  return new EditError(
    'changed-on-disk',
    `${path} ${what} on disk since the editor read the model; reload and apply your change again`,
    { file: path },
  );
}

/** A snapshot without its model: the files as an edit leaves them, before the model is assembled from them. */
export type SnapshotFiles = Omit<ModelSnapshot, 'model'>;

/**
 * The files as they are once a plan is written: the edited bytes (each decoded once: `decoded` holds the
 * texts the proof decoded), the listing and the composed files in load order, the lock and side files.
 */
export function filesAfter(
  base: ModelSnapshot,
  plan: EditPlan,
  listing: ModelFileList,
  composed: ComposedFile[],
  decoded: ReadonlyMap<string, ModelText> = new Map(),
): SnapshotFiles {
  const files = new Map(base.files);
  let lock = base.verificationLock;
  let reviewStamps = base.reviewStamps;
  let gitAttributes = base.gitAttributes;
  for (const change of plan.files) {
    if (change.role === 'verification-lock') {
      if (change.after) lock = { path: change.path, bytes: change.after, hash: contentHash(change.after) };
      continue;
    }
    if (change.role === 'review-stamps') {
      const side = change.after
        ? { path: change.path, bytes: change.after, hash: contentHash(change.after) }
        : { path: change.path, hash: null };
      if (change.path === base.reviewStamps?.path) reviewStamps = side;
      else gitAttributes = side;
      continue;
    }
    if (!change.after) {
      files.delete(change.path);
      continue;
    }
    const text = decoded.get(change.path) ?? decodeModelBytes(change.path, change.after);
    const file: SnapshotFile = {
      path: change.path,
      bytes: change.after,
      hash: contentHash(change.after),
      bom: text.ok && text.bom,
    };
    if (text.ok) file.text = text.text;
    files.set(change.path, file);
  }
  const after: SnapshotFiles = {
    modelPath: base.modelPath,
    isDirectory: base.isDirectory,
    listing,
    files,
    composed,
  };
  if (lock) after.verificationLock = lock;
  if (reviewStamps) after.reviewStamps = reviewStamps;
  if (gitAttributes) after.gitAttributes = gitAttributes;
  return after;
}

/** The snapshot as it is once a proven plan is written: the edited bytes, composed, and the model after. */
export function snapshotAfter(proven: ProvenEdit): ModelSnapshot {
  return { ...proven.files, model: proven.after };
}
