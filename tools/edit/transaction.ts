// All-or-nothing writes of several files (docs/editing.md, "Saves, conflicts and crashes"): every read file
// is checked against the hash it had when the save read it, new contents are flushed to temp files beside
// their targets, and the journal's commit point decides whether a crash rolls back or forward.
import { randomBytes } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { contentHash } from './content-hash.js';
import { removeIfPresent, writeNewFileDurably } from './durable-fs.js';
import { EditError, isEditError } from './edit-error.js';
import {
  finishEntry,
  journalPath,
  removeJournal,
  writeJournal,
  type Journal,
  type JournalEntry,
} from './journal.js';
import { unchangedSince, type FileRead } from './model-snapshot.js';

/** One file to write (`content`) or remove (no content). */
export interface FileWrite {
  path: string;
  content?: Buffer;
}

/** Points in a commit where a test can stop the process (to prove recovery). */
export type CommitStep = 'prepared' | 'committed' | 'renamed-first';

export interface CommitOptions {
  /** called at each step; a test hook, never needed in production */
  onStep?: (step: CommitStep) => Promise<void> | void;
}

/**
 * Writes every file or none. Throws `changed-on-disk` when a file the save read (or a file it would
 * create) is not as it was read. The caller holds the checkout lock.
 */
export async function commitFiles(
  root: string,
  writes: readonly FileWrite[],
  reads: readonly FileRead[],
  options: CommitOptions = {},
): Promise<void> {
  const expected = new Map<string, FileRead>(reads.map((r) => [resolve(r.path), r]));
  for (const w of writes)
    if (!expected.has(resolve(w.path))) expected.set(resolve(w.path), { path: w.path, hash: null });
  await assertUnchanged(expected);
  if (writes.length === 0) return;
  const id = randomBytes(6).toString('hex');
  const entries: (JournalEntry & { content?: Buffer; mode?: number })[] = [];
  for (const w of writes) {
    const before = expected.get(resolve(w.path))?.hash ?? null;
    // Write through symbolic links: the link stays, the file it names changes.
    const path = before === null ? resolve(w.path) : await realpath(w.path);
    const mode = before === null ? undefined : (await stat(path)).mode & 0o7777;
    const entry: JournalEntry & { content?: Buffer; mode?: number } = {
      path,
      before,
      after: w.content ? contentHash(w.content) : null,
    };
    if (w.content) {
      entry.temp = join(dirname(path), `.${basename(path)}.rr-${id}.tmp`);
      entry.content = w.content;
      entry.mode = mode;
    }
    entries.push(entry);
  }
  const journal: Journal = {
    version: 1,
    id,
    state: 'prepared',
    files: entries.map(({ path, temp, before, after }) => ({
      path,
      ...(temp ? { temp } : {}),
      before,
      after,
    })),
  };
  // Before the commit point: any failure removes the temp files and leaves every target untouched.
  try {
    await writeJournal(root, journal);
    for (const e of entries) if (e.temp) await writeNewFileDurably(e.temp, e.content!, e.mode);
    await options.onStep?.('prepared');
    // Once more just before the commit point: a file changed while the temp files were written.
    await assertUnchanged(expected);
    journal.state = 'committed';
    await writeJournal(root, journal);
  } catch (error) {
    for (const e of entries) if (e.temp) await removeIfPresent(e.temp).catch(() => undefined);
    await removeJournal(root).catch(() => undefined);
    if (isEditError(error)) throw error;
    throw new EditError('write-failed', `nothing was written: ${(error as Error).message}`);
  }
  await options.onStep?.('committed');
  // After the commit point the files are put in place; what a crash interrupts, recovery completes.
  const where = await journalPath(root);
  try {
    for (const [i, e] of journal.files.entries()) {
      await finishEntry(e, where);
      if (i === 0) await options.onStep?.('renamed-first');
    }
  } catch (error) {
    if (isEditError(error)) throw error;
    throw new EditError(
      'write-failed',
      `the save stopped after its commit point (${(error as Error).message}); restart the editor to complete it from ${where}`,
    );
  }
  await removeJournal(root);
}

/** Throws changed-on-disk for the first file whose content is not the one read (null: absent). */
async function assertUnchanged(expected: Map<string, FileRead>): Promise<void> {
  for (const [path, read] of expected) {
    const now = await unchangedSince({ ...read, path });
    if (now.same) continue;
    const what = read.hash === null ? 'appeared' : !now.exists ? 'was removed' : 'changed';
    throw new EditError(
      'changed-on-disk',
      `${path} ${what} on disk since the save read it; reload and apply your change again`,
      { file: path },
    );
  }
}
