// SPDX-License-Identifier: AGPL-3.0-or-later
// The simulator's side of the viewer's runtime controls: before each event it looks at control.json
// (one stat call unless the file changed), applies a new request (pause, rate, prune, stop) and reports
// what it applies in control-active.json, as docs/viewer-api.md describes for any experiment.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import {
  CONTROL_ACTIVE_FILE,
  CONTROL_ACTIVE_SCHEMA,
  ControlRequestWatcher,
  DEFAULT_CONTROL_LIMITS,
  type ControlActiveFile,
  type RuntimeControls,
} from '../telemetry/control-files.js';
import type { Pacer } from './pacer.js';

/** How often a paused run looks at control.json again (ms). */
const PAUSE_POLL_MS = 100;

/** Runtime controls of one simulated run. */
export class RunControls {
  private readonly watcher: ControlRequestWatcher;
  private applied = -1;
  private active: Required<RuntimeControls>;

  constructor(
    private readonly liveDir: string,
    private readonly pacer: Pacer,
    private readonly signal?: AbortSignal,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.watcher = new ControlRequestWatcher(liveDir);
    this.active = { paused: false, rate: pacer.eventsPerSecond, prune: [], stop: false };
  }

  /** Whether the viewer asked the run to stop. */
  get stopRequested(): boolean {
    return this.active.stop;
  }

  /** Whether a lane, or a lane it lies under, was asked to be pruned. */
  prunes(lane: string): boolean {
    return this.active.prune.some((p) => lane === p || lane.startsWith(`${p}.`));
  }

  /** Reports the starting state, so the viewer knows the run reads controls. */
  start(): void {
    this.report(0);
  }

  /** Applies a new request; while paused, waits until resumed, stopped or aborted. */
  async gate(): Promise<void> {
    this.check();
    while (this.active.paused && !this.active.stop && !this.signal?.aborted) {
      await sleep(PAUSE_POLL_MS, undefined, { signal: this.signal }).catch(() => undefined);
      this.check();
    }
  }

  private check(): void {
    const request = this.watcher.check();
    if (!request || request.revision === this.applied) return;
    const r = request.requested;
    this.active = {
      paused: r.paused ?? false,
      rate: r.rate ?? this.active.rate,
      prune: r.prune ?? [],
      stop: r.stop ?? false,
    };
    this.pacer.setRate(this.active.rate);
    this.report(request.revision);
  }

  private report(revision: number): void {
    this.applied = revision;
    const file: ControlActiveFile = {
      schema: CONTROL_ACTIVE_SCHEMA,
      revision,
      time: this.clock().toISOString(),
      active: { ...this.active, prune: [...this.active.prune] },
      limits: DEFAULT_CONTROL_LIMITS,
    };
    writeFileAtomicSync(join(this.liveDir, CONTROL_ACTIVE_FILE), JSON.stringify(file, null, 2) + '\n');
  }
}
