// SPDX-License-Identifier: AGPL-3.0-or-later
// The page's copy of the experiment, kept current by polling GET /api/state with the last cursor, so
// the page follows the experiment live without reloading. Lane summaries are kept for every lane; event
// bodies only for the lanes the user opened (their history comes from GET /api/history) and for the
// experiment's own events (no lane), so memory stays bounded however long the experiment runs. Polls
// ask for partial states: while the server indexes a live directory for the first time, lanes arrive
// as they are indexed, with the progress in `indexing`.
import type {
  EventRecord,
  ExperimentState,
  ExperimentSummary,
  IndexingProgress,
  LaneSummary,
  ReaderProblem,
  RestartStatus,
} from './api-types.js';
import { mergeBySeq } from './lane-replay.js';
import { ViewerApi } from './viewer-api.js';

/** Events per /api/state answer while catching up. */
const POLL_LIMIT = 1000;
/** Pause between polls while the server indexes the live directory (lanes keep arriving). */
const INDEXING_INTERVAL_MS = 150;
/** Events per /api/history page, and the most kept per opened lane. */
const HISTORY_PAGE = 5000;
const HISTORY_MAX = 50_000;
/** Opened lanes whose events are kept. */
const LANES_KEPT = 4;
/** Experiment-level events kept (alternatives and errors without a lane, run events). */
const EXPERIMENT_EVENTS_KEPT = 500;

/** How the store is doing with the server. */
export type Connection = { state: 'connecting' } | { state: 'live' } | { state: 'lost'; message: string };

/** The experiment as the page knows it; dispatches `change` whenever something changed. */
export class LiveStore extends EventTarget {
  readonly lanes = new Map<string, LaneSummary>();
  experiment: ExperimentSummary | undefined;
  problems = new Map<string, ReaderProblem>();
  restartStatus: RestartStatus | null = null;
  runs: { path: string; root: boolean }[] = [];
  root = '';
  connection: Connection = { state: 'connecting' };
  /** How far the server's first indexing of the live directory is, while it runs. */
  indexing: IndexingProgress | undefined;
  /** Bumped on every change, so views can tell that something moved. */
  version = 0;
  /** Events without a lane, by seq. */
  readonly experimentEvents: EventRecord[] = [];

  private readonly laneEvents = new Map<string, EventRecord[]>();
  private readonly laneLoading = new Map<string, Promise<void>>();
  private cursor: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private failures = 0;

  constructor(
    readonly api: ViewerApi,
    private readonly intervalMs = 500,
    /** The run folder the page shows (null: the root). */
    public run: string | null = null,
  ) {
    super();
  }

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.tick();
  }

  /** Stops polling. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Switches to another run folder: everything is read again. */
  switchRun(run: string | null): void {
    this.run = run;
    this.cursor = undefined;
    this.indexing = undefined;
    this.lanes.clear();
    this.laneEvents.clear();
    this.laneLoading.clear();
    this.experimentEvents.length = 0;
    this.changed();
    this.stop();
    this.start();
  }

  /** Lane ids in the order they started, roots first. */
  rootLanes(): LaneSummary[] {
    return [...this.lanes.values()].filter((l) => l.parent === null || !this.lanes.has(l.parent));
  }

  /** The events of an opened lane, by seq (empty until its history arrived). */
  events(lane: string): readonly EventRecord[] {
    return this.laneEvents.get(lane) ?? [];
  }

  /** Whether the lane's history is still being fetched. */
  loading(lane: string): boolean {
    return this.laneLoading.has(lane);
  }

  /** Opens a lane: fetches its history once; later events arrive with the polls. */
  openLane(lane: string): Promise<void> {
    const pending = this.laneLoading.get(lane);
    if (pending) return pending;
    if (this.laneEvents.has(lane)) {
      // Most recently used last, so the oldest opened lane is dropped first.
      const list = this.laneEvents.get(lane)!;
      this.laneEvents.delete(lane);
      this.laneEvents.set(lane, list);
      return Promise.resolve();
    }
    this.laneEvents.set(lane, []);
    while (this.laneEvents.size > LANES_KEPT) this.laneEvents.delete(this.laneEvents.keys().next().value!);
    const run = this.run;
    const load = (async () => {
      let before: number | undefined;
      for (let total = 0; total < HISTORY_MAX;) {
        const page = await this.api.history(lane, before, HISTORY_PAGE, run);
        if (run !== this.run) return;
        this.merge(lane, page);
        total += page.length;
        if (page.length < HISTORY_PAGE) break;
        before = page[0]!.event.seq;
      }
    })()
      .catch((error: unknown) => this.lose(error))
      .finally(() => {
        this.laneLoading.delete(lane);
        this.changed();
      });
    this.laneLoading.set(lane, load);
    this.changed();
    return load;
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.stopped) return;
    let again = false;
    let indexing = false;
    try {
      const state = await this.api.state({
        since: this.cursor,
        run: this.run,
        limit: POLL_LIMIT,
        partial: true,
      });
      if (this.stopped) return;
      this.apply(state);
      again = state.more;
      indexing = state.indexing !== undefined;
      this.failures = 0;
      if (this.connection.state !== 'live') {
        this.connection = { state: 'live' };
        this.changed();
      }
    } catch (error) {
      this.failures++;
      this.lose(error);
    }
    if (this.stopped) return;
    const wait = again
      ? 0
      : indexing
        ? INDEXING_INTERVAL_MS
        : this.failures > 0
          ? Math.min(5000, this.intervalMs * 2 ** this.failures)
          : document.hidden
            ? Math.max(this.intervalMs, 2000)
            : this.intervalMs;
    this.timer = setTimeout(() => void this.tick(), wait);
  }

  private lose(error: unknown): void {
    this.connection = { state: 'lost', message: error instanceof Error ? error.message : String(error) };
    this.changed();
  }

  /** Folds one /api/state answer in. */
  apply(state: ExperimentState): void {
    this.cursor = state.cursor;
    if (this.indexing?.done !== state.indexing?.done || this.indexing?.files !== state.indexing?.files) {
      this.indexing = state.indexing;
      if (!state.changed) this.changed();
    }
    if (!state.changed) return;
    this.root = state.root;
    if (state.reset) {
      // A full state (first poll, or the server restarted): start over, keep the opened lanes open.
      this.lanes.clear();
      this.problems.clear();
      for (const lane of [...this.laneEvents.keys()]) {
        this.laneEvents.delete(lane);
        void this.openLane(lane);
      }
      if (state.runs) this.runs = state.runs;
    }
    if (state.experiment) this.experiment = state.experiment;
    if (state.restartStatus !== undefined) this.restartStatus = state.restartStatus;
    for (const lane of state.lanes) this.lanes.set(lane.id, lane);
    for (const id of state.resolved) this.problems.delete(id);
    for (const p of state.problems) this.problems.set(p.id, p);
    const byLane = new Map<string, EventRecord[]>();
    for (const record of state.events) {
      const lane = record.event.lane;
      if (lane === undefined) {
        mergeBySeq(this.experimentEvents, [record]);
        continue;
      }
      if (!this.laneEvents.has(lane)) continue;
      let list = byLane.get(lane);
      if (!list) byLane.set(lane, (list = []));
      list.push(record);
    }
    for (const [lane, records] of byLane) this.merge(lane, records);
    if (this.experimentEvents.length > EXPERIMENT_EVENTS_KEPT)
      this.experimentEvents.splice(0, this.experimentEvents.length - EXPERIMENT_EVENTS_KEPT);
    this.changed();
  }

  /**
   * Merges events into an opened lane's list. The list is replaced, not changed in place, so views
   * that were given the old list see a new one and draw again.
   */
  private merge(lane: string, records: EventRecord[]): void {
    const current = this.laneEvents.get(lane);
    if (!current) return;
    const next = [...current];
    if (mergeBySeq(next, records)) this.laneEvents.set(lane, next);
  }

  private changed(): void {
    this.version++;
    this.dispatchEvent(new Event('change'));
  }
}
