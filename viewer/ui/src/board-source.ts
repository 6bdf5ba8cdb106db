// SPDX-License-Identifier: AGPL-3.0-or-later
// Which checkpoint a lane's board shows at a timeline position: the lane's latest checkpoint at or
// before it; before the lane's first checkpoint, the latest checkpoint at or before the position of the
// nearest ancestor that has one (a routing round starts from its trial's annealed placement); else the
// run's input board.
import type { EventRecord, LaneSummary, LiveEventOf } from './api-types.js';
import type { LaneFrame } from './lane-replay.js';

/** Where the board of a lane's position comes from. */
export interface BoardSource {
  board: string;
  /** The lane whose checkpoint it is ('' for the run's input board). */
  lane: string;
  seq: number;
  phase: string;
  label?: string;
}

/** The lane's parent, grandparent, … as far as they are known. */
export function ancestorsOf(lane: string, lanes: ReadonlyMap<string, LaneSummary>): string[] {
  const out: string[] = [];
  for (let id = lanes.get(lane)?.parent ?? null; id && !out.includes(id); id = lanes.get(id)?.parent ?? null)
    out.push(id);
  return out;
}

/** The board to draw for a frame of `lane`; `eventsOf` gives the events the page holds of a lane. */
export function boardSource(
  frame: LaneFrame,
  lane: string,
  lanes: ReadonlyMap<string, LaneSummary>,
  eventsOf: (lane: string) => readonly EventRecord[],
  experimentEvents: readonly EventRecord[],
): BoardSource | undefined {
  if (frame.checkpoint) return fromCheckpoint(frame.checkpoint);
  const limit = frame.seq >= 0 ? frame.seq : Infinity;
  for (const ancestor of ancestorsOf(lane, lanes)) {
    const events = eventsOf(ancestor);
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i]!.event;
      if (e.kind === 'checkpoint' && e.seq <= limit) return fromCheckpoint(e);
    }
  }
  const runStart = experimentEvents
    .map((r) => r.event)
    .find((e): e is LiveEventOf<'run_start'> => e.kind === 'run_start' && e.board !== undefined);
  return runStart?.board
    ? { board: runStart.board, lane: '', seq: runStart.seq, phase: 'input', label: 'input board' }
    : undefined;
}

function fromCheckpoint(cp: LiveEventOf<'checkpoint'>): BoardSource {
  return {
    board: cp.board,
    lane: cp.lane,
    seq: cp.seq,
    phase: cp.phase,
    ...(cp.label ? { label: cp.label } : {}),
  };
}
