// SPDX-License-Identifier: AGPL-3.0-or-later
// The persistent index of one live directory, in the viewer's cache folder: per event file its name,
// stamp (size, mtime, inode) and fact, so a reopened viewer reads only files that are new or changed.
//
// Format: a JSON header line {format, code, root, entries, sha256}, then a JSON list of entries
// [name | null, size, mtimeMs, ino, fact]. An index of another format, of other viewer code, of another
// live directory, or whose bytes do not match its sha256 or shape, is refused with the reason; the reader
// then indexes from the files as if there were none. Written to a temporary name and renamed.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCheckedJson } from '../../model/checked-json.js';
import { writeFileAtomic } from '../telemetry/atomic-write.js';
import { eventFileName } from '../telemetry/event-files.js';
import type { EventFact } from './event-facts.js';
import type { FileStamp } from './file-stamp.js';
import { indexCodeDigest } from './index-code-digest.js';
import { INDEX_ENTRIES, INDEX_HEADER, type StoredEntry } from './live-index-shape.js';

/** The format stamp; raise it whenever the layout of the file changes. */
export const LIVE_INDEX_FORMAT = 'rr-live-index-1';

/** Entries serialised between two turns of the event loop while writing. */
const WRITE_CHUNK = 5000;

/** One event as the index remembers it. */
export interface IndexedFile {
  name: string;
  stamp: FileStamp;
  fact: EventFact;
}

/** What opening an index found: its entries by file name, or why there are none. */
export type IndexOpening =
  | { state: 'loaded'; entries: Map<string, IndexedFile> }
  | { state: 'missing' }
  | { state: 'refused'; reason: string };

/** The index file of a live directory inside a cache folder (one file per directory, keyed by its path). */
export function liveIndexPath(indexDir: string, root: string): string {
  return join(indexDir, `${createHash('sha256').update(root).digest('hex').slice(0, 24)}.json`);
}

/** Reads and checks the index of `root` at `path`; never throws. */
export function readLiveIndex(path: string, root: string): IndexOpening {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { state: 'missing' }
      : { state: 'refused', reason: `cannot be read (${code})` };
  }
  try {
    const newline = text.indexOf('\n');
    if (newline === -1) return refused('it has no header line');
    const header = parseCheckedJson(text.slice(0, newline), path, INDEX_HEADER);
    if (header.format !== LIVE_INDEX_FORMAT)
      return refused(`it has format "${header.format}", not ${LIVE_INDEX_FORMAT}`);
    if (header.code !== indexCodeDigest()) return refused('other viewer code wrote it');
    if (header.root !== root) return refused(`it indexes ${header.root}`);
    const body = text.slice(newline + 1);
    if (sha256(body) !== header.sha256) return refused('its bytes do not match its checksum (damaged)');
    const stored = parseCheckedJson(body, path, INDEX_ENTRIES);
    if (stored.length !== header.entries) return refused('its entry count does not match its header');
    const entries = new Map<string, IndexedFile>();
    for (const [name, size, mtimeMs, ino, fact] of stored) {
      const file = name ?? eventFileName(fact.seq, fact.kind);
      if (entries.has(file)) return refused(`it lists ${file} twice`);
      entries.set(file, { name: file, stamp: { size, mtimeMs, ino }, fact });
    }
    return { state: 'loaded', entries };
  } catch (error) {
    return refused((error as Error).message);
  }
}

/**
 * Writes the index of `root` atomically. Serialising yields to the event loop between chunks, so a large
 * index does not hold up requests; `files` must not change meanwhile (pass a copy).
 */
export async function writeLiveIndex(
  path: string,
  root: string,
  files: readonly IndexedFile[],
): Promise<void> {
  const parts: string[] = [];
  for (let i = 0; i < files.length; i += WRITE_CHUNK) {
    const chunk = files.slice(i, i + WRITE_CHUNK).map(storedEntry);
    parts.push(JSON.stringify(chunk).slice(1, -1));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const body = `[${parts.filter((p) => p !== '').join(',\n')}]\n`;
  const header = {
    format: LIVE_INDEX_FORMAT,
    code: indexCodeDigest(),
    root,
    entries: files.length,
    sha256: sha256(body),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(header)}\n${body}`);
}

function storedEntry(file: IndexedFile): StoredEntry {
  const conventional = file.name === eventFileName(file.fact.seq, file.fact.kind);
  return [conventional ? null : file.name, file.stamp.size, file.stamp.mtimeMs, file.stamp.ino, file.fact];
}

function refused(reason: string): IndexOpening {
  return { state: 'refused', reason };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
