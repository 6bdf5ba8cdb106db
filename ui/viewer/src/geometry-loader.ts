// SPDX-License-Identifier: AGPL-3.0-or-later
// Fetches the geometry of the checkpoint the page wants to draw, keeps the last few, and says whether
// the one wanted is still loading or why it cannot be drawn. A late answer for a board no longer
// wanted is ignored, so fast scrubbing never shows an older board last.
import type { BoardGeometry } from './api-types.js';
import { checkpointHash } from './lane-replay.js';
import type { ViewerApi } from './viewer-api.js';

/** Most board geometries kept in the page. */
const GEOMETRIES_KEPT = 8;

export class GeometryLoader {
  /** The geometry of the wanted board once it arrived (the previous one while loading). */
  geometry: BoardGeometry | null = null;
  loading = false;
  /** Why the wanted board is not drawn, or '' when it is. */
  note = '';
  private wanted: string | null = null;
  private readonly cache = new Map<string, Promise<BoardGeometry>>();

  constructor(
    private readonly api: ViewerApi,
    /** Called when an answer changed what is shown. */
    private readonly onChange: () => void,
  ) {}

  /** Asks for a board (`boards/<sha256>.<ext>`), or for none. */
  want(board: string | undefined, run: string | null): void {
    if ((board ?? null) === this.wanted) return;
    this.wanted = board ?? null;
    this.loading = false;
    this.note = '';
    if (!board) {
      this.geometry = null;
      return;
    }
    const sha = checkpointHash(board);
    if (!sha) {
      this.geometry = null;
      this.note = `The checkpoint ${board} is not named by its sha256; it cannot be drawn.`;
      return;
    }
    let pending = this.cache.get(sha);
    if (!pending) {
      pending = this.api.geometry(sha, run);
      this.cache.set(sha, pending);
      while (this.cache.size > GEOMETRIES_KEPT) this.cache.delete(this.cache.keys().next().value!);
      pending.catch(() => this.cache.delete(sha));
    }
    this.loading = true;
    this.note = 'Loading the board…';
    pending.then(
      (geometry) => this.settle(board, geometry, ''),
      (error: unknown) =>
        this.settle(board, null, `The board ${board} cannot be shown: ${(error as Error).message}`),
    );
  }

  /** Forgets everything (another run folder is shown). */
  reset(): void {
    this.wanted = null;
    this.geometry = null;
    this.loading = false;
    this.note = '';
    this.cache.clear();
  }

  private settle(board: string, geometry: BoardGeometry | null, note: string): void {
    if (this.wanted !== board) return;
    this.geometry = geometry;
    this.note = note;
    this.loading = false;
    this.onChange();
  }
}
