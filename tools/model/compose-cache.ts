// Composed model files cached by content, so a model that did not change since the last run loads in a
// tenth of the time (bench/report: 5,000 entities, 2.2 s of YAML parsing → about 0.15 s). An entry is
// keyed by the file's path as given and its bytes, and by the code that composes it (this folder's
// modules, the schemas, the yaml and ajv packages): any change there is a different key, never a stale
// hit. RR_CACHE_DIR sets the folder (`off` disables it); the default is $XDG_CACHE_HOME/rr or ~/.cache/rr.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomicSync } from '../files/atomic-write.js';
import { parseCheckedJson } from './checked-json.js';
import type { ComposedFile } from './compose-file.js';
import { composedNonFinite } from './composed-json.js';
import { COMPOSED_FILE } from './composed-model-shape.js';
import { codeDigest } from './code-digest.js';
import { packageRoot } from './package-paths.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries (and first-sighting markers) not used for this long are removed when a new one is written. */
const MAX_AGE_MS = 30 * DAY_MS;

/** The folder holding cached composed files, or undefined when caching is off. */
export function composeCacheDir(): string | undefined {
  const configured = process.env.RR_CACHE_DIR;
  // Asked for once per model file: the answer is kept while RR_CACHE_DIR stays as it was.
  const settings = `${configured}\u0000${process.env.XDG_CACHE_HOME}`;
  if (knownDir !== undefined && knownDir.settings === settings) return knownDir.dir;
  const dir = cacheDirFor(configured);
  knownDir = { settings, dir };
  return dir;
}

let knownDir: { settings: string; dir: string | undefined } | undefined;

function cacheDirFor(configured: string | undefined): string | undefined {
  if (configured === 'off') return undefined;
  try {
    codeIdentity();
  } catch {
    return undefined; // an installation rr cannot fingerprint is never served from the cache
  }
  if (configured) return join(configured, 'compose');
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'rr', 'compose');
}

let identity: string | undefined;

/** What composing depends on besides the file: digests of the code and data that do it. */
function codeIdentity(): string {
  if (identity !== undefined) return identity;
  // The Node version too: JSON.parse's messages (strict .json files) come from its V8.
  // The parsers themselves too: where they are and when they were installed.
  const parsers = ['yaml', 'ajv'].map((dependency) => {
    const entry = fileURLToPath(import.meta.resolve(dependency));
    const { size, mtimeMs } = statSync(entry);
    return `${entry}\0${size}\0${mtimeMs}`;
  });
  identity = codeDigest(
    `rr compose cache 1\0${process.version}\0${parsers.join('\0')}`,
    [dirname(fileURLToPath(import.meta.url)), join(packageRoot(), 'schemas')],
    { extensions: ['.js', '.ts', '.json'] },
  );
  return identity;
}

/** The cache key of a file's composition. */
export function composeCacheKey(file: string, bytes: Uint8Array): string {
  return createHash('sha256').update(codeIdentity()).update(file).update('\0').update(bytes).digest('hex');
}

/**
 * Files smaller than this are never cached: composing one costs less than looking it up, and writing
 * an entry per file (a model of one file per entity) cost more than all the composing (docs/decisions/0200-linear-time-in-every-layout.md#small-model-files-are-not-cached).
 */
export const MIN_CACHED_BYTES = 8 * 1024;

/**
 * Bytes of composing still to do for a file: its size, or 0 when the cache holds its composition (so a
 * cached model is not worth worker threads). Unreadable files count 0: reading reports them. The bytes
 * read are kept for this thread's composeModelFile, so a file is read and hashed once (a stat per file
 * cost as much as reading ten thousand small ones).
 */
export function composeWorkBytes(file: string): number {
  try {
    const bytes = readFileSync(file);
    const dir = composeCacheDir();
    if (dir === undefined || bytes.length < MIN_CACHED_BYTES) {
      looked.set(file, { bytes });
      return bytes.length;
    }
    const key = composeCacheKey(file, bytes);
    looked.set(file, { bytes, key });
    return existsSync(join(dir, `${key}.json`)) ? 0 : bytes.length;
  } catch {
    return 0;
  }
}

/** Bytes (and cache keys) composeWorkBytes read, until the loader forgets them. */
const looked = new Map<string, { bytes: Buffer; key?: string }>();

/** The bytes composeWorkBytes read of a file on this thread (and their cache key), else undefined. */
export function lookedUpBytes(file: string): { bytes: Buffer; key?: string } | undefined {
  // Not deleted one by one (a model of one file per entity spent more on that than on reading): the
  // loader forgets them all once composed.
  return looked.get(file);
}

/** Drops the bytes read for files other threads composed. */
export function forgetLookedUpBytes(): void {
  looked.clear();
}

/** The cached composition under `key`, or undefined (no entry, or one that cannot be read). */
export function readComposeCache(dir: string, key: string): ComposedFile | undefined {
  const path = join(dir, `${key}.json`);
  try {
    // A damaged or foreign entry is a miss: the file is composed again and the entry rewritten.
    const cached = parseCheckedJson(readFileSync(path, 'utf8'), path, COMPOSED_FILE);
    markUsed(path);
    return cached;
  } catch {
    return undefined;
  }
}

/**
 * Whether a composition is worth writing: the second time rr composes the same bytes, not the first.
 * The first sighting leaves only an empty marker; writing the entry then cost a quarter of a first
 * `rr validate` of 10,000 entities in one file, and a file edited between runs (the usual case for a
 * model in one file) never meets its entry again (docs/decisions/0350-cache-on-the-second-sighting.md).
 */
export function admitToComposeCache(dir: string, key: string): boolean {
  const marker = join(dir, `${key}.seen`);
  // A marker from an earlier run, or an entry that could not be read (rewritten at once).
  if (existsSync(marker) || existsSync(join(dir, `${key}.json`))) return true;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(marker, '', { mode: 0o600 });
    removeOldEntriesOnce(dir);
  } catch {
    // A cache that cannot be written: nothing will be admitted, and loading works the same.
  }
  return false;
}

/** Keeps an entry in use from being removed as old: its time is renewed at most once a day. */
function markUsed(path: string): void {
  try {
    const now = Date.now();
    if (now - statSync(path).mtimeMs > DAY_MS) utimesSync(path, now / 1000, now / 1000);
  } catch {
    // A read-only cache still serves; its entries just age.
  }
}

/**
 * Stores a composition atomically (files/atomic-write.ts); a cache that cannot be written is
 * skipped, and so is a composition JSON would change (YAML's .inf and .nan would come back as null).
 */
export function writeComposeCache(dir: string, key: string, composed: ComposedFile): void {
  // A replacer function checking every value made serializing three times slower on the first run.
  if (composedNonFinite(composed)) return;
  try {
    const json = JSON.stringify(composed);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Not flushed: an entry a crash cut short is a miss, and the file is composed again.
    writeFileAtomicSync(join(dir, `${key}.json`), json, { mode: 0o600, fsync: false });
    rmSync(join(dir, `${key}.seen`), { force: true });
    removeOldEntriesOnce(dir);
  } catch {
    // Read-only home, full disk, a sandbox: loading works the same without the cache.
  }
}

const cleaned = new Set<string>();

/** Once per folder and thread, on the first write: listing a large cache on every write would cost more than it saves. */
function removeOldEntriesOnce(dir: string): void {
  if (cleaned.has(dir)) return;
  cleaned.add(dir);
  removeOldEntries(dir);
}

function removeOldEntries(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > MAX_AGE_MS) unlinkSync(path);
    } catch {
      // Removed meanwhile by another rr.
    }
  }
}
