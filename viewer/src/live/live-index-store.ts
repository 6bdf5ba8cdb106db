// SPDX-License-Identifier: AGPL-3.0-or-later
// When a reader loads and writes its persistent index (live-index-file.ts): loaded once, by the first
// listing; written after that listing when it read anything, then at most every `saveIntervalMs` while
// new events arrive, and when the viewer closes. A cache folder that cannot be written costs only speed:
// the failure is kept for stats(), the reader goes on.
import { readLiveIndex, writeLiveIndex, type IndexedFile, type IndexOpening } from './live-index-file.js';

/** How the persistent index was opened, for stats() and the benchmark (no entries, just the count). */
export type IndexOpeningSummary =
  | { state: 'off' }
  | { state: 'loaded'; entries: number }
  | { state: 'missing' }
  | { state: 'refused'; reason: string };

/** The persistent index of one reader. */
export class LiveIndexStore {
  opening: IndexOpeningSummary = { state: 'off' };
  /** Why the last write failed, if it did. */
  writeProblem: string | undefined;
  private dirty = false;
  /** The first write of new events waits a whole interval too (the first listing's write is forced). */
  private lastSave: number;
  private saving: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly root: string,
    private readonly now: () => number,
    private readonly saveIntervalMs: number,
    /** What is written: the reader's indexed files, and the stamp of events/ they are known to match. */
    private readonly files: () => readonly IndexedFile[],
    private readonly folder: () => string | undefined,
  ) {
    this.lastSave = now();
  }

  /** Reads the index (once, for the first listing). */
  open(): IndexOpening {
    const opening = readLiveIndex(this.path, this.root);
    this.opening =
      opening.state === 'loaded' ? { state: 'loaded', entries: opening.index.facts.length } : opening;
    return opening;
  }

  /** Notes that the index on disk no longer matches what the reader holds. */
  changed(): void {
    this.dirty = true;
  }

  /**
   * Writes the index when it changed and the last write is `saveIntervalMs` old (or `force`), with the
   * stamp of events/ the entries are known to match (see the reader's confirmedFolderStamp).
   */
  maybeSave(force = false): Promise<void> {
    if (!this.dirty || this.saving) return this.saving ?? Promise.resolve();
    if (!force && this.now() - this.lastSave < this.saveIntervalMs) return Promise.resolve();
    this.dirty = false;
    this.lastSave = this.now();
    const run = writeLiveIndex(this.path, this.root, [...this.files()], this.folder())
      .then(() => {
        this.writeProblem = undefined;
      })
      .catch((error: unknown) => {
        this.dirty = true;
        this.writeProblem = (error as Error).message;
      })
      .finally(() => {
        this.saving = undefined;
      });
    this.saving = run;
    return run;
  }

  /** Writes what changed now, after any write in progress; for closing the viewer and for tests. */
  async flush(): Promise<void> {
    if (this.saving) await this.saving;
    await this.maybeSave(true);
  }
}
