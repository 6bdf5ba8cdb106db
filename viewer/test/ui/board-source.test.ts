// SPDX-License-Identifier: AGPL-3.0-or-later
import { describe, expect, it } from 'vitest';
import type { EventRecord, LaneSummary } from '../../src/live/live-state.js';
import type { LiveEvent } from '../../src/telemetry/live-event.js';
import { ancestorsOf, boardSource } from '../../ui/src/board-source.js';
import { frameAt } from '../../ui/src/lane-replay.js';

const rec = (event: Record<string, unknown>): EventRecord => ({
  file: `events/${String(event.seq)}.json`,
  event: {
    schema: 'pnr-live-event-v1',
    time: '2025-06-01T12:00:00.000Z',
    run: 'r',
    ...event,
  } as unknown as LiveEvent,
});
const board = (c: string) => `boards/${c.repeat(64)}.kicad_pcb`;
const lane = (id: string, parent: string | null) => ({ id, parent }) as LaneSummary;
const lanes = new Map([
  ['t', lane('t', null)],
  ['t.r', lane('t.r', 't')],
]);
const trial = [
  rec({ seq: 2, kind: 'checkpoint', lane: 't', board: board('a'), phase: 'placement', label: 'annealed' }),
  rec({ seq: 9, kind: 'checkpoint', lane: 't', board: board('c'), phase: 'final' }),
];
const round = [
  rec({ seq: 3, kind: 'lane_start', lane: 't.r', lane_kind: 'round', parent: 't' }),
  rec({ seq: 5, kind: 'checkpoint', lane: 't.r', board: board('b'), phase: 'routing' }),
];
const experiment = [rec({ seq: 1, kind: 'run_start', board: board('0') })];
const eventsOf = (id: string) => (id === 't' ? trial : id === 't.r' ? round : []);

describe('board source', () => {
  it('is the lane checkpoint once it has one', () => {
    expect(boardSource(frameAt(round, 1), 't.r', lanes, eventsOf, experiment)).toMatchObject({
      board: board('b'),
      lane: 't.r',
      seq: 5,
    });
  });

  it("before that, the ancestor's latest checkpoint up to the position (not a later one)", () => {
    expect(boardSource(frameAt(round, 0), 't.r', lanes, eventsOf, experiment)).toMatchObject({
      board: board('a'),
      lane: 't',
      label: 'annealed',
    });
  });

  it("else the run's input board, else nothing", () => {
    const orphan = new Map([['x', lane('x', null)]]);
    expect(boardSource(frameAt([], -1), 'x', orphan, () => [], experiment)).toMatchObject({
      board: board('0'),
      phase: 'input',
    });
    expect(boardSource(frameAt([], -1), 'x', orphan, () => [], [])).toBeUndefined();
  });

  it('walks up the parents, stopping at a cycle', () => {
    expect(ancestorsOf('t.r', lanes)).toEqual(['t']);
    const cycle = new Map([
      ['a', lane('a', 'b')],
      ['b', lane('b', 'a')],
    ]);
    expect(ancestorsOf('a', cycle)).toEqual(['b', 'a']);
  });
});
