// SPDX-License-Identifier: AGPL-3.0-or-later
// What the reader keeps per event: where it is, where it goes and its fact, never its body. Arrival order
// answers "what is new since cursor N"; seq order answers "the latest events" and replay ranges. The
// facts and file stamps are what the persistent index stores (live-index-file.ts).

import type { EventFact } from './event-facts.js';
import type { FileStamp } from './file-stamp.js';
import {
  applyToExperiment,
  applyToLane,
  newExperimentBook,
  newLane,
  type LaneRecord,
} from './lane-summaries.js';
import type { ExperimentSummary } from './live-state.js';
import { SortedSeqs } from './sorted-seqs.js';

/** One indexed event, with the stamp of its file when its fact was taken. */
export interface EventEntry extends FileStamp {
  seq: number;
  /** File name inside events/. */
  name: string;
  /** The lane's id, or undefined for experiment and run events. */
  lane: string | undefined;
  /** Revision at which it was indexed (arrival order). */
  rev: number;
  /** What the summaries took from it. */
  fact: EventFact;
}

/** A lane as the index keeps it: its summary, its events by arrival and by seq, and its children. */
export interface IndexedLane extends LaneRecord {
  arrivals: EventEntry[];
  seqs: SortedSeqs;
  /** The ids in summary.children, to add a child once without searching the list. */
  childIds: Set<string>;
}

/** Events and lanes of one live directory, indexed by arrival and by seq. */
export class EventIndex {
  readonly arrivals: EventEntry[] = [];
  readonly bySeq = new Map<number, EventEntry>();
  readonly lanes = new Map<string, IndexedLane>();
  readonly experiment: ExperimentSummary = { status: 'not started', runs: [] };
  experimentRev = 0;
  private readonly allSeqs = new SortedSeqs();
  private readonly experimentBook = newExperimentBook();

  /** All seqs, ascending (the index's own list: not to be changed). */
  get seqs(): number[] {
    return this.allSeqs.values();
  }

  /** The entry already holding a seq, if any. */
  holder(seq: number): EventEntry | undefined {
    return this.bySeq.get(seq);
  }

  /** Adds the fact of a checked event read from `name` (as `stamp` describes the file) at revision `rev`. */
  add(event: EventFact, name: string, stamp: FileStamp, rev: number): EventEntry {
    const lane = 'lane' in event ? event.lane : undefined;
    const { size, mtimeMs, ino } = stamp;
    const entry: EventEntry = { seq: event.seq, name, lane, rev, fact: event, size, mtimeMs, ino };
    this.arrivals.push(entry);
    this.bySeq.set(event.seq, entry);
    this.allSeqs.add(event.seq);
    if (applyToExperiment(this.experiment, event, this.experimentBook)) this.experimentRev = rev;
    if (lane !== undefined) {
      const record = this.lane(lane, rev);
      record.arrivals.push(entry);
      record.seqs.add(event.seq);
      const before = record.summary.parent;
      applyToLane(record, event, rev);
      const parent = record.summary.parent;
      if (event.kind === 'lane_start' && parent !== null && parent !== before) {
        const p = this.lane(parent, rev);
        if (!p.childIds.has(lane)) {
          p.childIds.add(lane);
          p.summary.children.push(lane);
        }
        p.rev = rev;
      }
    }
    return entry;
  }

  private lane(id: string, rev: number): IndexedLane {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = { ...newLane(id, rev), arrivals: [], seqs: new SortedSeqs(), childIds: new Set() };
      this.lanes.set(id, lane);
    }
    return lane;
  }
}

/** The position of the first entry of an arrival list with rev above `rev` (the list is in rev order). */
export function firstArrivalAfter(arrivals: EventEntry[], rev: number): number {
  let lo = 0;
  let hi = arrivals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arrivals[mid]!.rev <= rev) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
