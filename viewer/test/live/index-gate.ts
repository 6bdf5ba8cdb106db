// SPDX-License-Identifier: AGPL-3.0-or-later
// A seam for tests of the first indexing: the reader's `indexPause` hook, held at each pause until the
// test releases it, so a test sees the state at known points of a first indexing without timing.
import type { IndexingProgress } from '../../src/live/live-state.js';

/** Holds a reader's first listing each time it yields, until released. */
export class IndexGate {
  /** The progress at each pause so far. */
  readonly pauses: IndexingProgress[] = [];
  private arrivals: (() => void)[] = [];
  private held: (() => void) | undefined;
  private open = false;

  /** Pass as the reader's `indexPause`. */
  readonly pause = (progress: IndexingProgress): Promise<void> => {
    this.pauses.push(progress);
    for (const arrived of this.arrivals.splice(0)) arrived();
    if (this.open) return Promise.resolve();
    return new Promise((resolve) => (this.held = resolve));
  };

  /** Resolves at the next pause (call before releasing the current one). */
  next(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  /** Lets the held listing go on to its next pause. */
  release(): void {
    const held = this.held;
    this.held = undefined;
    held?.();
  }

  /** Lets the listing run to its end without pausing again. */
  openFully(): void {
    this.open = true;
    this.release();
  }
}
