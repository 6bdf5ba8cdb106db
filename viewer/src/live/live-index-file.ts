// SPDX-License-Identifier: AGPL-3.0-or-later
// The persistent index of one live directory, in the viewer's cache folder: per event file its name,
// stamp (size, mtime, inode) and fact, so a reopened viewer reads only files that are new or changed.
//
// Format: a JSON header line {format, code, root, folder, entries, sha256}, then one JSON object of
// columns sorted by file name: {names, size, mtimeMs, ino, facts} (a name is null when it is the
// conventional one of its fact's seq and kind). Columns, not one object per event: the file parses
// several times faster and leaves the garbage collector little to do. `folder` is the stamp of events/
// the entries are known to match (or null): while events/ still has it, no entry needs a stat to be
// trusted. An index of another format, of other viewer code, of another live directory, or whose bytes
// do not match its sha256 or shape, is refused with the reason; the reader then indexes from the files
// as if there were none. Written to a temporary name and renamed.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCheckedJson } from 'rules-rr/core/model/checked-json.js';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { eventFileName } from '../telemetry/event-files.js';
import type { EventFact } from './event-facts.js';
import type { FileStamp } from './file-stamp.js';
import { indexCodeDigest } from './index-code-digest.js';
import { INDEX_COLUMNS, INDEX_HEADER, type IndexColumns, type LiveIndexHeader } from './live-index-shape.js';

/** The format stamp; raise it whenever the layout of the file changes. */
export const LIVE_INDEX_FORMAT = 'rr-live-index-2';

/** Facts serialised between two turns of the event loop while writing. */
const WRITE_CHUNK = 5000;

/** One event as the index remembers it. */
export interface IndexedFile extends FileStamp {
  name: string;
  fact: EventFact;
}

/** The entries of a loaded index: columns sorted by file name (names filled in). */
export interface StoredIndex {
  names: string[];
  size: number[];
  mtimeMs: number[];
  ino: number[];
  facts: EventFact[];
  /** The stamp of events/ the entries match, or null. */
  folder: string | null;
}

/** What opening an index found: its entries, or why there are none. */
export type IndexOpening =
  { state: 'loaded'; index: StoredIndex } | { state: 'missing' } | { state: 'refused'; reason: string };

/** The index file of a live directory inside a cache folder (one file per directory, keyed by its path). */
export function liveIndexPath(indexDir: string, root: string): string {
  return join(indexDir, `${createHash('sha256').update(root).digest('hex').slice(0, 24)}.json`);
}

/** Reads and checks the index of `root` at `path`; never throws. */
export function readLiveIndex(path: string, root: string): IndexOpening {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { state: 'missing' }
      : { state: 'refused', reason: `cannot be read (${code})` };
  }
  try {
    const newline = bytes.indexOf(10);
    if (newline === -1) return refused('it has no header line');
    const header = parseCheckedJson(bytes.toString('utf8', 0, newline), path, INDEX_HEADER);
    if (header.format !== LIVE_INDEX_FORMAT)
      return refused(`it has format "${header.format}", not ${LIVE_INDEX_FORMAT}`);
    if (header.code !== indexCodeDigest()) return refused('other viewer code wrote it');
    if (header.root !== root) return refused(`it indexes ${header.root}`);
    const body = bytes.subarray(newline + 1);
    if (createHash('sha256').update(body).digest('hex') !== header.sha256)
      return refused('its bytes do not match its checksum (damaged)');
    const columns = parseCheckedJson(body.toString('utf8'), path, INDEX_COLUMNS);
    if (columns.facts.length !== header.entries) return refused('its entry count does not match its header');
    const names = columns.names.map(
      (name, i) => name ?? eventFileName(columns.facts[i]!.seq, columns.facts[i]!.kind),
    );
    for (let i = 1; i < names.length; i++)
      if (!(names[i - 1]! < names[i]!)) return refused(`its names are not sorted at ${names[i]}`);
    return { state: 'loaded', index: { ...columns, names, folder: header.folder } };
  } catch (error) {
    return refused((error as Error).message);
  }
}

/** Entries held in memory as a loaded index (sorted by name), to index a directory again from them. */
export function storedIndexOf(files: readonly IndexedFile[]): StoredIndex {
  const sorted = [...files].sort(byName);
  return {
    names: sorted.map((f) => f.name),
    size: sorted.map((f) => f.size),
    mtimeMs: sorted.map((f) => f.mtimeMs),
    ino: sorted.map((f) => f.ino),
    facts: sorted.map((f) => f.fact),
    folder: null,
  };
}

/**
 * Writes the index of `root` atomically. Serialising the facts yields to the event loop between chunks,
 * so a large index does not hold up requests; `files` must not change meanwhile (pass a copy).
 */
export async function writeLiveIndex(
  path: string,
  root: string,
  files: IndexedFile[],
  folder: string | undefined,
): Promise<void> {
  // Nearly sorted already (the first listing goes in name order), which the sort is quick at.
  files.sort(byName);
  const columns: Omit<IndexColumns, 'facts'> = { names: [], size: [], mtimeMs: [], ino: [] };
  for (const file of files) {
    columns.names.push(file.name === eventFileName(file.fact.seq, file.fact.kind) ? null : file.name);
    columns.size.push(file.size);
    columns.mtimeMs.push(file.mtimeMs);
    columns.ino.push(file.ino);
  }
  const facts: string[] = [];
  for (let i = 0; i < files.length; i += WRITE_CHUNK) {
    await new Promise((resolve) => setImmediate(resolve));
    facts.push(JSON.stringify(files.slice(i, i + WRITE_CHUNK).map((f) => f.fact)).slice(1, -1));
  }
  const body = `${JSON.stringify(columns).slice(0, -1)},\n"facts":[${facts.join(',\n')}]}\n`;
  const header: LiveIndexHeader = {
    format: LIVE_INDEX_FORMAT,
    code: indexCodeDigest(),
    root,
    folder: folder ?? null,
    entries: files.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomicSync(path, `${JSON.stringify(header)}\n${body}`, { fsync: false }); // rebuilt when unusable
}

function byName(a: IndexedFile, b: IndexedFile): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function refused(reason: string): IndexOpening {
  return { state: 'refused', reason };
}
