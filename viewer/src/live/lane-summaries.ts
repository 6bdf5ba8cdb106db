// SPDX-License-Identifier: AGPL-3.0-or-later
// Keeps lane and experiment summaries current as events are indexed, in any arrival order: "latest"
// always means highest seq, so an event that arrives late never overwrites a newer one.

import type { EventFact } from './event-facts.js';
import type { ExperimentSummary, LaneSummary } from './live-state.js';

/** Most route events remembered per lane for its current routing. */
export const MAX_ROUTE_EVENTS = 512;

/** A lane summary plus the bookkeeping the reader needs (not sent). */
export interface LaneRecord {
  summary: LaneSummary;
  /** rev of the latest change. */
  rev: number;
  /** seq of the lane_end event that set the status, or -1. */
  statusSeq: number;
  /** seq of the latest route event with replace: true, or -1. */
  replaceSeq: number;
  /** seqs of route events at or after replaceSeq, ascending. */
  routeSeqs: number[];
}

/** A new, empty lane record. */
export function newLane(id: string, rev: number): LaneRecord {
  return {
    summary: {
      id,
      kind: null,
      parent: null,
      status: 'running',
      children: [],
      events: 0,
      firstSeq: Infinity,
      lastSeq: -1,
      cost: null,
      checkpoint: null,
      nets: null,
      errors: 0,
      latest: {},
    },
    rev,
    statusSeq: -1,
    replaceSeq: -1,
    routeSeqs: [],
  };
}

/** Folds one event's fact into its lane's summary. */
export function applyToLane(lane: LaneRecord, event: EventFact, rev: number): void {
  const s = lane.summary;
  lane.rev = rev;
  s.events++;
  s.firstSeq = Math.min(s.firstSeq, event.seq);
  s.lastSeq = Math.max(s.lastSeq, event.seq);
  const newest = (s.latest[event.kind] ?? -1) < event.seq;
  if (newest) s.latest[event.kind] = event.seq;
  switch (event.kind) {
    case 'lane_start':
      s.kind = event.lane_kind;
      s.parent = event.parent;
      if (event.label !== undefined) s.label = event.label;
      if (event.parameters !== undefined) s.parameters = event.parameters;
      break;
    case 'lane_end':
      if (event.seq > lane.statusSeq) {
        lane.statusSeq = event.seq;
        s.status = event.status;
        if (event.cost !== undefined) s.finalCost = event.cost;
      }
      break;
    case 'placement_cost':
      if (newest)
        s.cost = {
          seq: event.seq,
          step: event.step,
          total: event.total,
          ...(event.best !== undefined ? { best: event.best } : {}),
        };
      break;
    case 'checkpoint':
      if (newest)
        s.checkpoint = {
          seq: event.seq,
          board: event.board,
          phase: event.phase,
          ...(event.cost !== undefined ? { cost: event.cost } : {}),
        };
      break;
    case 'net_status':
      if (newest) s.nets = { ...event.nets };
      break;
    case 'route':
      applyRoute(lane, event.seq, event.replace);
      break;
    case 'error':
      s.errors++;
      break;
    default:
      break;
  }
}

function applyRoute(lane: LaneRecord, seq: number, replace: boolean): void {
  if (seq < lane.replaceSeq) return;
  if (replace) {
    lane.replaceSeq = seq;
    lane.routeSeqs = lane.routeSeqs.filter((s) => s > seq);
  }
  insertSorted(lane.routeSeqs, seq);
  // Without a replace the list would grow with the run; the oldest routes are the least current.
  if (lane.routeSeqs.length > MAX_ROUTE_EVENTS)
    lane.routeSeqs.splice(0, lane.routeSeqs.length - MAX_ROUTE_EVENTS);
}

/** A run of the experiment summary. */
type RunSummary = ExperimentSummary['runs'][number];

/** What the experiment summary's fold keeps besides the summary (not sent). */
export interface ExperimentBook {
  /** seqs of the experiment_start and experiment_end events that set the summary, or -1. */
  start: number;
  end: number;
  /** The summary's runs by id, so a run event finds its run without searching them all. */
  runs: Map<string, RunSummary>;
}

/** The bookkeeping of an empty experiment summary. */
export function newExperimentBook(): ExperimentBook {
  return { start: -1, end: -1, runs: new Map() };
}

/** Folds an experiment or run event's fact into the experiment summary; returns whether it changed. */
export function applyToExperiment(x: ExperimentSummary, event: EventFact, book: ExperimentBook): boolean {
  switch (event.kind) {
    case 'experiment_start':
      if (event.seq < book.start) return false;
      book.start = event.seq;
      x.name = event.experiment.name;
      if (event.experiment.board !== undefined) x.board = event.experiment.board;
      if (event.experiment.seed !== undefined) x.seed = event.experiment.seed;
      if (event.experiment.parameters !== undefined) x.parameters = event.experiment.parameters;
      if (x.status === 'not started') x.status = 'running';
      return true;
    case 'experiment_end':
      if (event.seq < book.end) return false;
      book.end = event.seq;
      x.status = event.status;
      if (event.best !== undefined) x.best = event.best;
      return true;
    case 'run_start': {
      const run = runOf(x, book, event.run);
      if (event.run_dir !== undefined) run.runDir = event.run_dir;
      if (event.tool !== undefined) run.tool = event.tool;
      if (x.status === 'not started') x.status = 'running';
      return true;
    }
    case 'run_end':
      runOf(x, book, event.run).status = event.status;
      return true;
    default:
      return false;
  }
}

function runOf(x: ExperimentSummary, book: ExperimentBook, id: string): RunSummary {
  let run = book.runs.get(id);
  if (!run) {
    run = { run: id, status: 'running' };
    x.runs.push(run);
    book.runs.set(id, run);
  }
  return run;
}

/** Inserts a number into an ascending array. */
export function insertSorted(list: number[], value: number): void {
  // Events mostly arrive in seq order: appending is the common case.
  if (list.length === 0 || list[list.length - 1]! < value) {
    list.push(value);
    return;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, value);
}
