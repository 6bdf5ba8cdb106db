// SPDX-License-Identifier: AGPL-3.0-or-later
import { setTimeout as sleep } from 'node:timers/promises';

/** Spaces events at a fixed rate (events per second); a rate of 0 means as fast as possible. */
export class Pacer {
  private start = performance.now();
  private count = 0;

  constructor(
    private rate: number,
    private readonly signal?: AbortSignal,
  ) {}

  /** The current rate in events per second. */
  get eventsPerSecond(): number {
    return this.rate;
  }

  /** Changes the rate from the next event on (a runtime control of the viewer). */
  setRate(rate: number): void {
    if (rate === this.rate) return;
    this.rate = rate;
    this.start = performance.now();
    this.count = 0;
  }

  /** Waits until the next event is due (at once when unpaced or stopped). */
  async next(): Promise<void> {
    this.count++;
    if (this.rate <= 0 || this.signal?.aborted) return;
    const due = this.start + ((this.count - 1) * 1000) / this.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal: this.signal }).catch(() => undefined);
  }
}
