// SPDX-License-Identifier: AGPL-3.0-or-later
// The shapes GET /api/state answers with (the HTTP layer serialises these as they are).

import type {
  CheckpointPhase,
  EndStatus,
  EventKind,
  LaneEndStatus,
  LaneKind,
  LiveEvent,
  NetRouteStatus,
} from '../telemetry/live-event.js';

/** A lane as the viewer lists it, kept up to date from its events without holding them. */
export interface LaneSummary {
  id: string;
  /** null until the lane's lane_start event has been read. */
  kind: LaneKind | null;
  parent: string | null;
  label?: string;
  parameters?: Record<string, unknown>;
  status: 'running' | LaneEndStatus;
  /** Ids of lanes whose parent is this lane, in the order they started. */
  children: string[];
  events: number;
  /** Lowest and highest seq of the lane's events; -1 for a lane known only as another lane's parent. */
  firstSeq: number;
  lastSeq: number;
  /** The latest placement cost (highest seq). */
  cost: { seq: number; step: number; total: number; best?: number } | null;
  /** The cost lane_end reported. */
  finalCost?: number;
  /** The latest checkpoint (highest seq). */
  checkpoint: { seq: number; board: string; phase: CheckpointPhase; cost?: number } | null;
  /** Counts of the latest net_status event. */
  nets: Record<NetRouteStatus, number> | null;
  /** error events of the lane (warnings included). */
  errors: number;
  /** Seq of the latest event of each kind. */
  latest: Partial<Record<EventKind, number>>;
}

/** The experiment as its experiment and run events describe it. */
export interface ExperimentSummary {
  name?: string;
  board?: string;
  seed?: number;
  parameters?: Record<string, unknown>;
  status: 'running' | EndStatus | 'not started';
  best?: { lane: string; cost: number; checkpoint?: string };
  runs: {
    run: string;
    runDir?: string;
    tool?: { name: string; version?: string };
    status: 'running' | EndStatus;
  }[];
}

/** A problem the reader found, shown in the page; none of them stops the reader. */
export interface ReaderProblem {
  id: string;
  kind:
    | 'truncated'
    | 'malformed'
    | 'invalid'
    | 'duplicate-seq'
    | 'unreadable'
    | 'too-large'
    | 'missing-root'
    | 'restart-status';
  /** Path relative to the live directory (or the experiment folder for restart-status.json). */
  file?: string;
  line?: number;
  column?: number;
  message: string;
}

/** One event with the file it came from. */
export interface EventRecord {
  file: string;
  event: LiveEvent;
}

/** The latest events that together show a lane as it is now. */
export interface LaneNow {
  lane: string;
  placement?: EventRecord;
  placement_cost?: EventRecord;
  checkpoint?: EventRecord;
  net_status?: EventRecord;
  /** route events since the last one with `replace: true`, by seq. */
  routes: EventRecord[];
}

/** What to return: everything (no `since`) or what changed after a cursor. */
export interface StateQuery {
  since?: string;
  lane?: string;
  /** Most events to return (default 200, at most 5000). */
  limit?: number;
}

/** How far the reader's first indexing of a live directory has come. */
export interface IndexingProgress {
  /** Event files the first listing found. */
  files: number;
  /** Of those, how many are indexed (or found broken) so far. */
  done: number;
}

/** The answer of GET /api/state for one run. */
export interface LiveState {
  cursor: string;
  /** True for a full state: no cursor was given, or it came from another reader (e.g. before a restart). */
  reset: boolean;
  /** False when nothing changed after the cursor: every list below is empty. */
  changed: boolean;
  root: string;
  /** Included in full states and when it changed after the cursor. */
  experiment?: ExperimentSummary;
  /** Full state: every lane; otherwise lanes that changed after the cursor. */
  lanes: LaneSummary[];
  /** Full state: the latest events (of `lane` when given); otherwise events that arrived after the cursor, ordered by seq. */
  events: EventRecord[];
  /** More events arrived after the cursor than `limit`; ask again with the returned cursor. */
  more: boolean;
  /** Full state: the problems that stand; otherwise problems raised after the cursor. */
  problems: ReaderProblem[];
  /** Ids of problems that went away after the cursor (a truncated file that was completed). */
  resolved: string[];
  /** Full state with `lane`: the lane's current placement, cost, checkpoint, net status and routes. */
  now?: LaneNow;
  /**
   * Present while the first indexing of the directory runs (only answers that did not wait for it, see
   * `partial`): the state holds what is indexed so far, and a later answer brings the rest.
   */
  indexing?: IndexingProgress;
}
