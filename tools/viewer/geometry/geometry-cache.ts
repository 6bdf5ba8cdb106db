// SPDX-License-Identifier: AGPL-3.0-or-later
// Board geometry for the viewer's GET /api/geometry/<sha256>: the board is the live directory's
// boards/<sha256>.kicad_pcb, its geometry is cached as geometry/<sha256>.json (or in a given cache
// directory). Entries are written atomically (temporary file, then rename), so a reader never sees
// half a file; an entry that does not parse as geometry is rebuilt.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCheckedJson, shapeOf } from '../../model/checked-json.js';
import type { BoardGeometry } from './board-geometry.js';
import { geometryShapeProblem } from './geometry-shape-check.js';
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
}

/** A request the cache cannot serve: a malformed hash or a board that does not exist. */
export class GeometryRequestError extends Error {
  constructor(
    message: string,
    readonly reason: 'bad-hash' | 'no-board',
  ) {
    super(message);
    this.name = 'GeometryRequestError';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

const GEOMETRY = shapeOf<BoardGeometry>(geometryShapeProblem);

/** Serves board geometry from the cache, extracting each board once. */
export class GeometryCache {
  private readonly cacheDir: string;
  private readonly extract: GeometryExtractor;
  /** Entries this process has checked or written, with the size and time it saw them at. */
  private readonly valid = new Map<string, string>();
  /** Extractions under way, so concurrent requests for one board share one extraction. */
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly options: GeometryCacheOptions) {
    this.cacheDir = options.cacheDir ?? join(options.liveDir, 'geometry');
    this.extract = options.extract ?? readKicadBoard;
  }

  /** The live directory whose boards/ this cache serves. */
  get liveDir(): string {
    return this.options.liveDir;
  }

  /** The board file of a hash. */
  boardFile(sha256: string): string {
    return join(this.options.liveDir, 'boards', `${checkedHash(sha256)}.kicad_pcb`);
  }

  /** The cache file of a hash (it may not exist yet). */
  cacheFile(sha256: string): string {
    return join(this.cacheDir, `${checkedHash(sha256)}.json`);
  }

  /** The path of a valid geometry file for the board, extracting it on a miss. */
  async geometryFile(sha256: string): Promise<string> {
    const target = this.cacheFile(sha256);
    if (await this.isValidEntry(target)) return target;
    let running = this.pending.get(sha256);
    if (running === undefined) {
      running = this.build(sha256, target).finally(() => this.pending.delete(sha256));
      this.pending.set(sha256, running);
    }
    return running;
  }

  /** The geometry of the board, from the cache or freshly extracted. */
  async geometry(sha256: string): Promise<BoardGeometry> {
    const file = await this.geometryFile(sha256);
    return parseCheckedJson(
      await readFile(file, 'utf8'),
      file,
      GEOMETRY,
      'remove it to have it extracted again',
    );
  }

  private async build(sha256: string, target: string): Promise<string> {
    const board = this.boardFile(sha256);
    try {
      await stat(board);
    } catch {
      throw new GeometryRequestError(`no board ${board} in the live directory`, 'no-board');
    }
    const geometry = await this.extract(board);
    await mkdir(this.cacheDir, { recursive: true });
    const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(geometry));
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    this.valid.set(target, await fingerprint(target));
    return target;
  }

  /** True when the entry exists and parses as geometry (checked once per version of the file). */
  private async isValidEntry(file: string): Promise<boolean> {
    let seen: string;
    try {
      seen = await fingerprint(file);
    } catch {
      return false;
    }
    if (this.valid.get(file) === seen) return true;
    try {
      if (geometryShapeProblem(JSON.parse(await readFile(file, 'utf8'))) !== undefined) return false;
    } catch {
      return false;
    }
    this.valid.set(file, seen);
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

async function fingerprint(file: string): Promise<string> {
  const info = await stat(file);
  return `${info.size}:${info.mtimeMs}:${info.ino}`;
}
