import { readFile, stat } from 'node:fs/promises';
import { composeModelFile, composeModelText, type ComposedFile } from '../model/compose-file.js';
import { modelFromFiles } from '../model/load-model.js';
import { listModelFiles, type ModelFileList } from '../model/model-files.js';
import { decodeModelBytes } from '../model/model-text.js';
import type { Model } from '../model/model.js';
import { lockPathOf } from '../verify/lock-path.js';
import { contentHash } from './content-hash.js';

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
export interface LockSnapshot {
  path: string;
  bytes?: Buffer;
  hash: string | null;
}

/** A file and the hash it had when read (null: it did not exist): what changed-on-disk compares. */
export interface FileRead {
  path: string;
  hash: string | null;
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
  lock?: LockSnapshot;
}

/**
 * Reads a model the way `loadModel` does, but from bytes it keeps: the edit is planned, proven and
 * checked for changes on disk against exactly what was read.
 */
export async function readSnapshot(modelPath: string): Promise<ModelSnapshot> {
  const listing = await listModelFiles(modelPath);
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
  const lockPath = lockPathOf(model);
  if (lockPath) {
    const bytes = await readFile(lockPath).catch(() => undefined);
    snapshot.lock = bytes
      ? { path: lockPath, bytes, hash: contentHash(bytes) }
      : { path: lockPath, hash: null };
  }
  return snapshot;
}

/** Every file the snapshot read, with the hash it had: a save must find them all unchanged. */
export function snapshotReads(snapshot: ModelSnapshot): FileRead[] {
  const reads: FileRead[] = [...snapshot.files.values()].map((f) => ({ path: f.path, hash: f.hash }));
  if (snapshot.lock) reads.push({ path: snapshot.lock.path, hash: snapshot.lock.hash });
  return reads;
}
