// SPDX-License-Identifier: AGPL-3.0-or-later
// Fetches the geometry of the checkpoint the page wants to draw, part by part (docs/viewer-geometry.md):
// the index, then the parts a few at a time in the index's order, decoding each as it arrives. The
// board is shown once its first view is there (outline, footprints, front copper) and grows with every
// part after that; until then the previous board stays. Decoded parts are kept by content hash, so a
// checkpoint that shares parts with one seen before only fetches what changed. A late answer for a
// board no longer wanted is ignored, so fast scrubbing never shows an older board last.
import { decodePart } from '../../src/geometry/geometry-part-codec.js';
import type { BoardGeometry, GeometryIndex, GeometryPart, GeometryPartEntry } from './api-types.js';
import { checkpointHash } from './lane-replay.js';
import { LoadedBoard, firstViewParts } from './loaded-board.js';
import type { ViewerApi } from './viewer-api.js';

/** Most board indexes kept in the page. */
const INDEXES_KEPT = 8;
/** Most bytes of decoded parts kept in the page (counted as their encoded size). */
const PART_BYTES_KEPT = 96 * 1024 * 1024;
/** Parts fetched at once: enough to keep the connection busy, few enough that the first come first. */
const PARALLEL_PARTS = 3;

export class GeometryLoader {
  /** The board drawn: the wanted one once its first view arrived (the previous one until then). */
  board: LoadedBoard | null = null;
  /** Whether parts of the wanted board are still to come. */
  loading = false;
  /** Why the wanted board is not drawn, or how far it is; '' when it is all there. */
  note = '';
  private wanted: string | null = null;
  private completeBoard: LoadedBoard | null = null;
  /** Bumped for every new wish, so the work for an older one stops. */
  private generation = 0;
  private readonly indexes = new Map<string, Promise<GeometryIndex>>();
  private readonly parts = new Map<string, { bytes: number; part: Promise<GeometryPart> }>();

  constructor(
    private readonly api: ViewerApi,
    /** Called when an answer changed what is shown. */
    private readonly onChange: () => void,
  ) {}

  /** The geometry of the wanted board once all of it arrived (the previous board's while it loads). */
  get geometry(): BoardGeometry | null {
    return this.completeBoard?.geometry ?? null;
  }

  /** Asks for a board (`boards/<sha256>.<ext>`), or for none. */
  want(board: string | undefined, run: string | null): void {
    if ((board ?? null) === this.wanted) return;
    this.wanted = board ?? null;
    const generation = ++this.generation;
    this.loading = false;
    this.note = '';
    if (!board) {
      this.board = this.completeBoard = null;
      return;
    }
    const sha = checkpointHash(board);
    if (!sha) {
      this.board = this.completeBoard = null;
      this.note = `The checkpoint ${board} is not named by its sha256; it cannot be drawn.`;
      return;
    }
    this.loading = true;
    this.note = 'Loading the board…';
    this.load(sha, run, generation).catch((error: unknown) => {
      if (generation !== this.generation) return;
      this.generation++; // stops the other fetches of this board
      this.board = this.completeBoard = null;
      this.loading = false;
      this.note = `The board ${board} cannot be shown: ${(error as Error).message}`;
      this.onChange();
    });
  }

  /** Forgets everything (another run folder is shown). */
  reset(): void {
    this.wanted = null;
    this.generation++;
    this.board = this.completeBoard = null;
    this.loading = false;
    this.note = '';
    this.indexes.clear();
    this.parts.clear();
  }

  private async load(sha: string, run: string | null, generation: number): Promise<void> {
    const index = await this.indexOf(sha, run);
    if (generation !== this.generation) return;
    const entries = index.parts;
    const firstView = entries.slice(0, firstViewParts(index));
    let shown: LoadedBoard | null = null;
    const arrived = new Map<string, GeometryPart>();
    const arrive = (part: GeometryPart) => {
      if (generation !== this.generation) return;
      arrived.set(part.name, part);
      if (!shown && !firstView.every((e) => arrived.has(e.name))) return;
      shown = (shown ?? new LoadedBoard(sha, index, new Map())).with(arrived.values());
      this.board = shown;
      this.loading = !shown.complete;
      if (shown.complete) this.completeBoard = shown;
      this.note = this.loading ? `Loading the board: ${shown.parts.size} of ${entries.length} parts…` : '';
      this.onChange();
    };
    let next = 0;
    const worker = async () => {
      while (next < entries.length && generation === this.generation) {
        const entry = entries[next++]!;
        arrive(await this.partOf(sha, entry, run));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, entries.length) }, worker));
  }

  private indexOf(sha: string, run: string | null): Promise<GeometryIndex> {
    let pending = this.indexes.get(sha);
    if (!pending) {
      pending = this.api.geometryIndex(sha, run);
      this.indexes.set(sha, pending);
      while (this.indexes.size > INDEXES_KEPT) this.indexes.delete(this.indexes.keys().next().value!);
      pending.catch(() => this.indexes.delete(sha));
    }
    return pending;
  }

  private partOf(sha: string, entry: GeometryPartEntry, run: string | null): Promise<GeometryPart> {
    const kept = this.parts.get(entry.hash);
    if (kept) {
      // Most recently used last.
      this.parts.delete(entry.hash);
      this.parts.set(entry.hash, kept);
      return kept.part;
    }
    const part = this.api
      .geometryPart(sha, entry.name, run)
      .then((bytes) => decodePart(bytes, `part ${entry.name} of board ${sha}`));
    this.parts.set(entry.hash, { bytes: entry.bytes, part });
    part.catch(() => this.parts.delete(entry.hash));
    let total = 0;
    for (const p of this.parts.values()) total += p.bytes;
    for (const [hash, p] of this.parts) {
      if (total <= PART_BYTES_KEPT || hash === entry.hash) break;
      this.parts.delete(hash);
      total -= p.bytes;
    }
    return part;
  }
}
