// SPDX-License-Identifier: AGPL-3.0-or-later
// What the reader keeps per event: where it is and where it goes, never its body. Arrival order answers
// "what is new since cursor N"; seq order answers "the latest events" and replay ranges.
import type { LiveEvent } from '../telemetry/live-event.js';
import { applyToExperiment, applyToLane, insertSorted, newLane, type LaneRecord } from './lane-summaries.js';
import type { ExperimentSummary } from './live-state.js';

/** One indexed event. */
export interface EventEntry {
  seq: number;
  /** File name inside events/. */
  name: string;
  /** The lane's id, or undefined for experiment and run events. */
  lane: string | undefined;
  /** Revision at which it was indexed (arrival order). */
  rev: number;
}

/** Events and lanes of one live directory, indexed by arrival and by seq. */
export class EventIndex {
  readonly arrivals: EventEntry[] = [];
  readonly bySeq = new Map<number, EventEntry>();
  /** All seqs, ascending. */
  readonly seqs: number[] = [];
  readonly lanes = new Map<string, LaneRecord & { arrivals: EventEntry[]; seqs: number[] }>();
  readonly experiment: ExperimentSummary = { status: 'not started', runs: [] };
  experimentRev = 0;
  private readonly experimentSeqs = { start: -1, end: -1 };

  /** The entry already holding a seq, if any. */
  holder(seq: number): EventEntry | undefined {
    return this.bySeq.get(seq);
  }

  /** Adds a checked event read from `name` at revision `rev`. */
  add(event: LiveEvent, name: string, rev: number): EventEntry {
    const entry: EventEntry = { seq: event.seq, name, lane: event.lane, rev };
    this.arrivals.push(entry);
    this.bySeq.set(event.seq, entry);
    insertSorted(this.seqs, event.seq);
    if (applyToExperiment(this.experiment, event, this.experimentSeqs)) this.experimentRev = rev;
    if (event.lane !== undefined) {
      const lane = this.lane(event.lane, rev);
      lane.arrivals.push(entry);
      insertSorted(lane.seqs, event.seq);
      const before = lane.summary.parent;
      applyToLane(lane, event, rev);
      const parent = lane.summary.parent;
      if (event.kind === 'lane_start' && parent !== null && parent !== before) {
        const p = this.lane(parent, rev);
        if (!p.summary.children.includes(event.lane)) p.summary.children.push(event.lane);
        p.rev = rev;
      }
    }
    return entry;
  }

  private lane(id: string, rev: number): LaneRecord & { arrivals: EventEntry[]; seqs: number[] } {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = { ...newLane(id, rev), arrivals: [], seqs: [] };
      this.lanes.set(id, lane);
    }
    return lane;
  }
}

/** The entries of an arrival list with rev above `rev` (the list is in rev order). */
export function arrivedAfter(arrivals: EventEntry[], rev: number): EventEntry[] {
  let lo = 0;
  let hi = arrivals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arrivals[mid]!.rev <= rev) lo = mid + 1;
    else hi = mid;
  }
  return arrivals.slice(lo);
}
