// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/component-cost: finds what an event's placement was made on (the board of the lane's latest
// checkpoint at or before the event, else of its parent lanes, else the run's input board), asks the
// engine runtime's cost model to replay one footprint's cost terms there, and puts the recorded terms of
// the lane's placement_cost event at that step beside them. A checkpoint event replays on its own board
// (a routed board: its nets are extracted from the board itself).
import { join } from 'node:path';
import type { LiveDirectoryReader } from '../live/live-directory-reader.js';
import type { EventRecord } from '../live/live-state.js';
import type { CostReplay, CostReplayInput } from '../pnr-sim/cost-replay.js';
import type { LiveEvent, LiveEventOf, PlacedFootprint } from '../telemetry/live-event.js';
import type { EngineRuntime } from '../engine-runtime/engine-runtime.js';
import { runEngineService } from '../engine-runtime/engine-service-runner.js';

/** Every code a cost replay request is refused with: an event it does not take, a missing event or board. */
export const COST_REPLAY_ERROR_CODES = ['bad-query', 'no-event', 'no-board'] as const;

/** Why a cost replay request is refused. */
export type CostReplayErrorCode = (typeof COST_REPLAY_ERROR_CODES)[number];

/** A cost replay request the route refuses. */
export class CostReplayRequestError extends Error {
  constructor(
    message: string,
    readonly code: CostReplayErrorCode,
  ) {
    super(message);
    this.name = 'CostReplayRequestError';
  }
}

/** The body of GET /api/component-cost. */
export interface ComponentCostAnswer {
  available: true;
  ref: string;
  event: { seq: number; kind: string; lane: string | null; step?: number; run: string | null };
  /** What the placement is replayed on: an event's positions on a board, or a checkpoint's own board. */
  basis: 'placement' | 'checkpoint';
  /**
   * The event whose positions were replayed: the placement itself, the nearest placement at or before
   * a placement_cost event (pnr-sim writes a placement at every other cost report), else the checkpoint
   * or run start whose board the lane started from (its own positions).
   */
  replayedFrom: { kind: 'placement' | 'checkpoint' | 'run_start'; seq: number; step?: number } | null;
  board: string;
  replayed: CostReplay;
  /** The footprint's terms as the lane's placement_cost event at that step recorded them. */
  recorded: { seq: number; step: number; total: number; terms?: Record<string, number> } | null;
  /** The placement's recorded total at that step. */
  recordedPlacement: { seq: number; step: number; total: number; terms?: Record<string, number> } | null;
  engine: { packageDir: string; source: EngineRuntime['source'] };
}

const PAGE = 5000;
const MAX_PAGES = 40;
const LOOK_AHEAD = 1000;

/** Answers one cost replay request. */
export async function componentCost(
  reader: LiveDirectoryReader,
  runtime: EngineRuntime,
  query: { seq: number; ref: string; run: string | null },
): Promise<ComponentCostAnswer> {
  const record = reader.history({ before: query.seq + 1, limit: 1 })[0];
  if (!record || record.event.seq !== query.seq)
    throw new CostReplayRequestError(`there is no event ${query.seq} in ${reader.root}`, 'no-event');
  const event = record.event;
  const lane = 'lane' in event && typeof event.lane === 'string' ? event.lane : undefined;
  let basis: ComponentCostAnswer['basis'];
  let board: string | undefined;
  let placement: PlacedFootprint[] | undefined;
  let step: number | undefined;
  let replayedFrom: ComponentCostAnswer['replayedFrom'];
  if (event.kind === 'checkpoint') {
    basis = 'checkpoint';
    board = event.board;
    replayedFrom = { kind: 'checkpoint', seq: event.seq };
  } else if ((event.kind === 'placement' || event.kind === 'placement_cost') && lane) {
    step = event.step;
    // pnr-sim reports the cost more often than it writes a placement: a cost event replays the nearest
    // placement at or before it, else (none yet) the board the lane starts from.
    const placed =
      event.kind === 'placement'
        ? event
        : findBack(reader, lane, query.seq, (e): e is LiveEventOf<'placement'> => e.kind === 'placement');
    const start = startBefore(reader, lane, query.seq);
    if (placed) {
      basis = 'placement';
      placement = placed.footprints;
      replayedFrom = { kind: 'placement', seq: placed.seq, step: placed.step };
    } else {
      basis = 'checkpoint';
      replayedFrom = start ? { kind: start.kind, seq: start.seq } : null;
    }
    board = start?.board;
  } else
    throw new CostReplayRequestError(
      `event ${query.seq} is a ${event.kind} event; cost replay takes a placement, placement_cost or checkpoint event`,
      'bad-query',
    );
  if (!board)
    throw new CostReplayRequestError(
      `no board to replay event ${query.seq} on: neither its lane nor the run names a checkpoint before it`,
      'no-board',
    );
  const input: CostReplayInput = {
    board: join(reader.root, board),
    ref: query.ref,
    ...(placement ? { placement } : {}),
  };
  const replayed = (await runEngineService(runtime, 'component-cost', input)) as CostReplay;
  // The cost at a placement's step is reported right after the placement, so look a little past it.
  const costEvent = lane
    ? findBack(
        reader,
        lane,
        step === undefined ? query.seq : query.seq + LOOK_AHEAD,
        (e): e is LiveEventOf<'placement_cost'> =>
          e.kind === 'placement_cost' && (step === undefined || e.step === step),
      )
    : undefined;
  const entry = costEvent?.footprints?.find((f) => f.ref === query.ref);
  return {
    available: true,
    ref: query.ref,
    event: {
      seq: event.seq,
      kind: event.kind,
      lane: lane ?? null,
      ...(step !== undefined ? { step } : {}),
      run: query.run,
    },
    basis,
    replayedFrom,
    board,
    replayed,
    recorded:
      costEvent && entry
        ? {
            seq: costEvent.seq,
            step: costEvent.step,
            total: entry.total,
            ...(entry.terms ? { terms: entry.terms } : {}),
          }
        : null,
    recordedPlacement: costEvent
      ? {
          seq: costEvent.seq,
          step: costEvent.step,
          total: costEvent.total,
          ...(costEvent.terms ? { terms: costEvent.terms } : {}),
        }
      : null,
    engine: { packageDir: runtime.packageDir, source: runtime.source },
  };
}

/** The lane's latest event before `seq` (inclusive) that `match` takes, paging back. */
function findBack<T extends LiveEvent>(
  reader: LiveDirectoryReader,
  lane: string | undefined,
  seq: number,
  match: (e: LiveEvent) => e is T,
): T | undefined {
  let before = seq + 1;
  for (let page = 0; page < MAX_PAGES; page++) {
    const records: EventRecord[] = reader.history({
      ...(lane !== undefined ? { lane } : {}),
      before,
      limit: PAGE,
    });
    for (let i = records.length - 1; i >= 0; i--) {
      const e = records[i]!.event;
      if (match(e)) return e;
    }
    if (records.length < PAGE) return undefined;
    before = records[0]!.event.seq;
  }
  return undefined;
}

/** The board a lane's placement at `seq` starts from: its checkpoint, a parent's, else the run's input. */
function startBefore(
  reader: LiveDirectoryReader,
  lane: string,
  seq: number,
): LiveEventOf<'checkpoint'> | LiveEventOf<'run_start'> | undefined {
  const seen = new Set<string>();
  for (let current: string | null | undefined = lane; current && !seen.has(current);) {
    seen.add(current);
    const checkpoint = findBack(
      reader,
      current,
      seq,
      (e): e is LiveEventOf<'checkpoint'> => e.kind === 'checkpoint',
    );
    if (checkpoint) return checkpoint;
    const start: LiveEventOf<'lane_start'> | undefined = findBack(
      reader,
      current,
      seq,
      (e): e is LiveEventOf<'lane_start'> => e.kind === 'lane_start',
    );
    current = start?.parent;
  }
  return findBack(reader, undefined, seq, (e): e is LiveEventOf<'run_start'> => e.kind === 'run_start');
}
