// SPDX-License-Identifier: AGPL-3.0-or-later
// Board geometry for the viewer's routes (docs/viewer-geometry.md). The board is the live directory's
// boards/<sha256>.kicad_pcb; it is extracted once and stored as parts (geometry-parts.ts) in the cache
// folder: each part's file named by the sha256 of its bytes (parts/<hash>.bin, shared by every board
// that has the same part), and per board an index under a key of the extractor and its code
// (<sha256>/<key>/index.json), so new extractor code extracts again. The whole rr-board-geometry-v1
// JSON is assembled from the parts when asked for. Every file is written whole (temporary file, then
// rename); an index or part that is missing, truncated or changed is made again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCheckedJson, shapeOf } from 'rules-rr/core/model/checked-json.js';
import type { BoardGeometry } from './board-geometry.js';
import { writeFileAtomic } from 'rules-rr/core/files/atomic-write.js';
import { fingerprint, sizeOf } from './cache-files.js';
import { geometryCacheKey } from './geometry-code-key.js';
import { assembleGeometry } from './geometry-assembly.js';
import { decodePart, encodePart } from './geometry-part-codec.js';
import { type GeometryIndex, type GeometryPart, type GeometryPartEntry } from './geometry-parts.js';
import { geometryIndexProblem, geometryShapeProblem } from './geometry-shape-check.js';
import { geometryIndex, partItems, splitGeometry } from './geometry-split.js';
import { readKicadBoard } from './kicad-board-reader.js';

/** Extracts the geometry of one board file. */
export type GeometryExtractor = (board: string) => Promise<BoardGeometry>;

/** Where boards and cached geometry live, and how geometry is extracted. */
export interface GeometryCacheOptions {
  /** The live directory (holding boards/). */
  liveDir: string;
  /** Where geometry files go; default <liveDir>/geometry. */
  cacheDir?: string;
  /** The extractor; default the native reader. */
  extract?: GeometryExtractor;
  /** Names the extractor and its settings (default "native"); keys the entries with the code's hash. */
  extractorId?: string;
}

/** Every code a geometry request is refused with: a malformed hash, a board that does not exist, an unknown part. */
export const GEOMETRY_ERROR_CODES = ['bad-hash', 'no-board', 'no-layer'] as const;

/** Why the cache cannot serve a request. */
export type GeometryErrorCode = (typeof GEOMETRY_ERROR_CODES)[number];

/** A request the cache cannot serve. */
export class GeometryRequestError extends Error {
  constructor(
    message: string,
    readonly code: GeometryErrorCode,
  ) {
    super(message);
    this.name = 'GeometryRequestError';
  }
}

/** A board's index as stored: the index, its file, and an ETag made from its bytes. */
export interface StoredIndex {
  index: GeometryIndex;
  file: string;
  etag: string;
}

/** A stored part: its file, its entry in the index, and its ETag (from its content hash). */
export interface StoredPart {
  file: string;
  entry: GeometryPartEntry;
  etag: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

const GEOMETRY = shapeOf<BoardGeometry>(geometryShapeProblem);
const INDEX = shapeOf<GeometryIndex>(geometryIndexProblem);

/** sha256 of bytes, in hex. */
/** Cache files are not flushed: one a crash cut short fails its check and is made again. */
const CACHE_WRITE = { fsync: false };

const hashOf = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Serves board geometry from the cache, extracting each board once. */
export class GeometryCache {
  /** The extractor and code key the entries of this cache are stored under. */
  readonly key: string;
  private readonly cacheDir: string;
  private readonly extract: GeometryExtractor;
  /** Index files this process has read, with the fingerprint they had. */
  private readonly indexes = new Map<string, { seen: string; stored: StoredIndex }>();
  /** Part and whole-geometry files this process has checked or written, with their fingerprint. */
  private readonly checked = new Map<string, string>();
  /** Work under way, so concurrent requests for one board share it. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(private readonly options: GeometryCacheOptions) {
    this.cacheDir = options.cacheDir ?? join(options.liveDir, 'geometry');
    this.extract = options.extract ?? readKicadBoard;
    this.key = geometryCacheKey(options.extractorId ?? 'native');
  }

  /** The live directory whose boards/ this cache serves. */
  get liveDir(): string {
    return this.options.liveDir;
  }

  /** The board file of a hash. */
  boardFile(sha256: string): string {
    return join(this.options.liveDir, 'boards', `${checkedHash(sha256)}.kicad_pcb`);
  }

  /** The folder of a board's entry for this extractor and code. */
  entryDir(sha256: string): string {
    return join(this.cacheDir, checkedHash(sha256), this.key);
  }

  /** The file of a part by its content hash. */
  partFile(hash: string): string {
    return join(this.cacheDir, 'parts', `${hash}.bin`);
  }

  /** The board's index, extracting the board on a miss. */
  async index(sha256: string): Promise<StoredIndex> {
    const file = join(this.entryDir(sha256), 'index.json');
    return (await this.readIndex(file)) ?? this.once(`index ${sha256}`, () => this.build(sha256, file));
  }

  /** A part of the board by name, with its file checked against its content hash. */
  async part(sha256: string, name: string): Promise<StoredPart> {
    for (let attempt = 0; ; attempt++) {
      const { index, file: indexFile } = await this.index(sha256);
      const entry = index.parts.find((p) => p.name === name);
      if (!entry)
        throw new GeometryRequestError(
          `the geometry of board ${sha256} has no part "${name.slice(0, 80)}"; its parts: ${index.parts.map((p) => p.name).join(', ')}`,
          'no-layer',
        );
      const file = this.partFile(entry.hash);
      if (await this.partIsIntact(file, entry.hash))
        return { file, entry, etag: `"${entry.hash.slice(0, 32)}"` };
      if (attempt > 0)
        throw new Error(`${file} does not hold the content its name says, even after extracting again`);
      // Gone or changed: extract again (the new index names the same content, now rewritten).
      await Promise.all([unlink(file).catch(() => undefined), unlink(indexFile).catch(() => undefined)]);
      this.indexes.delete(indexFile);
    }
  }

  /** The path of the whole geometry as one JSON file (rr-board-geometry-v1), assembled on first use. */
  async geometryFile(sha256: string): Promise<string> {
    await this.index(sha256);
    const file = join(this.entryDir(sha256), 'geometry.json');
    if (await this.wholeIsValid(file)) return file;
    return this.once(`whole ${sha256}`, async () => {
      await writeFileAtomic(file, JSON.stringify(await this.geometry(sha256)), CACHE_WRITE);
      this.checked.set(file, await fingerprint(file));
      return file;
    });
  }

  /** The geometry of the board, assembled from its parts. */
  async geometry(sha256: string): Promise<BoardGeometry> {
    const { index } = await this.index(sha256);
    const parts: GeometryPart[] = [];
    for (const entry of index.parts) {
      const { file } = await this.part(sha256, entry.name);
      parts.push(decodePart(await readFile(file), file));
    }
    return assembleGeometry(index, parts);
  }

  /** Runs `work` once for concurrent callers with the same key. */
  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let running = this.pending.get(key) as Promise<T> | undefined;
    if (!running) {
      running = work().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  private async build(sha256: string, indexFile: string): Promise<StoredIndex> {
    const board = this.boardFile(sha256);
    try {
      await stat(board);
    } catch {
      throw new GeometryRequestError(`no board ${board} in the live directory`, 'no-board');
    }
    const geometry = await this.extract(board);
    const { parts, counts } = splitGeometry(geometry);
    await mkdir(join(this.cacheDir, 'parts'), { recursive: true });
    const entries: GeometryPartEntry[] = [];
    for (const part of parts) {
      const bytes = encodePart(part);
      const hash = hashOf(bytes);
      const file = this.partFile(hash);
      // Another board (or an earlier run) may have stored the same part; it is checked when served.
      if ((await sizeOf(file)) !== bytes.length) {
        await writeFileAtomic(file, bytes, CACHE_WRITE);
        this.checked.set(file, await fingerprint(file));
      }
      entries.push({ name: part.name, kind: part.kind, hash, bytes: bytes.length, items: partItems(part) });
    }
    const index = geometryIndex(geometry, counts, entries);
    await mkdir(this.entryDir(sha256), { recursive: true });
    await writeFileAtomic(indexFile, JSON.stringify(index), CACHE_WRITE);
    await this.removeStale(sha256);
    const stored = await this.readIndex(indexFile);
    if (!stored) throw new Error(`${indexFile}: the index just written cannot be read back`);
    return stored;
  }

  /** Removes this board's entries of other extractors or older code, and the single-file form of old versions. */
  private async removeStale(sha256: string): Promise<void> {
    const dir = join(this.cacheDir, sha256);
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names.filter((n) => n !== this.key).map((n) => rm(join(dir, n), { recursive: true, force: true })),
    );
    for (const old of [`${sha256}.json`, `${sha256}.json.gz`])
      await unlink(join(this.cacheDir, old)).catch(() => undefined);
  }

  /** The stored index, or undefined when it is missing, unreadable, or a part it lists is gone. */
  private async readIndex(file: string): Promise<StoredIndex | undefined> {
    let seen: string;
    try {
      seen = await fingerprint(file);
    } catch {
      return undefined;
    }
    const known = this.indexes.get(file);
    if (known?.seen === seen) return known.stored;
    try {
      const bytes = await readFile(file);
      const index = parseCheckedJson(bytes.toString('utf8'), file, INDEX);
      for (const entry of index.parts)
        if ((await sizeOf(this.partFile(entry.hash))) !== entry.bytes) return undefined;
      const stored = { index, file, etag: `"${hashOf(bytes).slice(0, 32)}"` };
      this.indexes.set(file, { seen, stored });
      return stored;
    } catch {
      return undefined;
    }
  }

  /** True when the part file holds the content its name says (checked once per version of the file). */
  private async partIsIntact(file: string, hash: string): Promise<boolean> {
    let seen: string;
    try {
      seen = await fingerprint(file);
    } catch {
      return false;
    }
    if (this.checked.get(file) === seen) return true;
    if (hashOf(await readFile(file)) !== hash) return false;
    this.checked.set(file, seen);
    return true;
  }

  /** True when the whole-geometry file parses as geometry (checked once per version of the file). */
  private async wholeIsValid(file: string): Promise<boolean> {
    let seen: string;
    try {
      seen = await fingerprint(file);
    } catch {
      return false;
    }
    if (this.checked.get(file) === seen) return true;
    try {
      parseCheckedJson(await readFile(file, 'utf8'), file, GEOMETRY, 'remove it to have it made again');
    } catch {
      return false;
    }
    this.checked.set(file, seen);
    return true;
  }
}

function checkedHash(sha256: string): string {
  if (!SHA256.test(sha256)) {
    throw new GeometryRequestError(
      `"${sha256.slice(0, 80)}" is not a board hash: expected 64 lowercase hexadecimal characters`,
      'bad-hash',
    );
  }
  return sha256;
}
