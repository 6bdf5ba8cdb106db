// The commit journal: a save that spans files writes all new contents to temp files beside their
// targets, records them here, and only then renames them into place. A crash leaves the journal
// behind; recoverJournal settles it at the next start — rolled back before the commit point (no
// target was touched yet), rolled forward after it (every temp file is complete and flushed).
import { readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isJsonObject, JsonInputError, parseCheckedJson, shapeOf } from '../model/checked-json.js';
import { withCheckoutLock, type CheckoutLockOptions } from './checkout-lock.js';
import { hashOfFile, removeIfPresent, replaceFileDurably, syncDirectory } from './durable-fs.js';
import { EditError } from './edit-error.js';
import { editStateDir } from './state-dir.js';

/** One file of a commit: its new content waits in `temp`, or the file is removed. */
export interface JournalEntry {
  /** absolute path of the target (links resolved) */
  path: string;
  /** absolute path of the flushed new content; absent when the file is removed */
  temp?: string;
  /** content hash of the target before the commit (null: it did not exist) */
  before: string | null;
  /** content hash after (null: removed) */
  after: string | null;
}

/** A commit in progress: `prepared` until every temp file is flushed, `committed` from the commit point on. */
export interface Journal {
  version: 1;
  id: string;
  state: 'prepared' | 'committed';
  files: JournalEntry[];
}

/** What recovery found and did. */
export interface Recovery {
  outcome: 'none' | 'rolled-back' | 'rolled-forward';
  /** target files the recovered commit concerned */
  files: string[];
}

const JOURNAL = 'edit-journal.json';

/** Path of the journal of a checkout. */
export async function journalPath(root: string): Promise<string> {
  return join(await editStateDir(root), JOURNAL);
}

/** Writes the journal atomically (it is either the old or the new one after a crash). */
export async function writeJournal(root: string, journal: Journal): Promise<void> {
  await replaceFileDurably(await journalPath(root), Buffer.from(`${JSON.stringify(journal, null, 2)}\n`));
}

/** Removes the journal: the commit is complete. */
export async function removeJournal(root: string): Promise<void> {
  const path = await journalPath(root);
  await removeIfPresent(path);
  await syncDirectory(dirname(path));
}

/** The journal left by an unfinished commit, if any. */
export async function readJournal(root: string): Promise<Journal | undefined> {
  const path = await journalPath(root);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parseCheckedJson(text, path, JOURNAL_SHAPE, 'remove it after checking the files it names');
  } catch (error) {
    if (!(error instanceof JsonInputError)) throw error;
    throw new EditError('journal-conflict', error.message, {
      file: path,
      ...(error.line === undefined ? {} : { line: error.line }),
    });
  }
}

const JOURNAL_SHAPE = shapeOf<Journal>((value) => {
  if (!isJsonObject(value) || value.version !== 1) return 'unknown journal format (not version 1)';
  if (typeof value.id !== 'string') return '"id" must be a string';
  if (value.state !== 'prepared' && value.state !== 'committed')
    return '"state" must be "prepared" or "committed"';
  if (!Array.isArray(value.files)) return '"files" must be a list';
  const at = value.files.findIndex((entry: unknown) => journalEntryProblem(entry) !== undefined);
  return at < 0 ? undefined : `files[${at}] ${journalEntryProblem(value.files[at])}`;
});

function journalEntryProblem(entry: unknown): string | undefined {
  if (!isJsonObject(entry)) return 'is not an object';
  if (typeof entry.path !== 'string') return 'has no string "path"';
  if (entry.temp !== undefined && typeof entry.temp !== 'string') return 'has a "temp" that is not a string';
  for (const key of ['before', 'after'])
    if (entry[key] !== null && typeof entry[key] !== 'string')
      return `has a "${key}" that is neither a hash nor null`;
  return undefined;
}

/**
 * Settles a commit a crash interrupted: before its commit point the temp files are removed and every
 * file stays old; after it the remaining renames are done and every file is new. Call at start-up;
 * it takes the checkout lock, so a commit another editor process is making is never disturbed.
 */
export function recoverJournal(root: string, options: CheckoutLockOptions = {}): Promise<Recovery> {
  return withCheckoutLock(root, () => settleJournal(root), options);
}

/** recoverJournal for a caller that already holds the checkout lock (a save). */
export async function settleJournal(root: string): Promise<Recovery> {
  const journal = await readJournal(root);
  if (!journal) return { outcome: 'none', files: [] };
  const files = journal.files.map((f) => f.path);
  if (journal.state === 'prepared') {
    for (const entry of journal.files) if (entry.temp) await removeIfPresent(entry.temp);
    await removeJournal(root);
    return { outcome: 'rolled-back', files };
  }
  for (const entry of journal.files) await finishEntry(entry, await journalPath(root));
  await removeJournal(root);
  return { outcome: 'rolled-forward', files };
}

/**
 * Puts one committed file in place, unless that already happened. A target that is neither the old
 * nor the new content was changed by someone else since: it is left alone and reported.
 */
export async function finishEntry(entry: JournalEntry, journalFile: string): Promise<void> {
  const current = await hashOfFile(entry.path);
  if (current === entry.after && (entry.temp === undefined || (await hashOfFile(entry.temp)) === null))
    return;
  if (current !== entry.before && current !== entry.after) {
    throw new EditError(
      'journal-conflict',
      `${entry.path} changed while a save was being completed; compare it with ${entry.temp ?? 'its removal'}, keep the right content, then delete ${journalFile}`,
      { file: entry.path },
    );
  }
  if (entry.temp === undefined) {
    await removeIfPresent(entry.path);
  } else if ((await hashOfFile(entry.temp)) !== null) {
    await rename(entry.temp, entry.path);
  } else if (current !== entry.after) {
    throw new EditError(
      'journal-conflict',
      `${entry.path}: the new content of an interrupted save is missing (${entry.temp}); the file keeps its old content, delete ${journalFile} after checking it`,
      { file: entry.path },
    );
  }
  await syncDirectory(dirname(entry.path));
}
