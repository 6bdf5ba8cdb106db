// SPDX-License-Identifier: AGPL-3.0-or-later
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/live/live-state.js';
import type { LiveEvent } from '../../src/telemetry/live-event.js';
import { checkpointHash, checkpointIndices, frameAt, mergeBySeq } from '../../ui/src/lane-replay.js';

const base = { schema: 'pnr-live-event-v1', time: '2025-06-01T12:00:00.000Z', run: 'r', lane: 'a' } as const;
const rec = (event: Record<string, unknown>): EventRecord => ({
  file: `events/${String(event.seq)}.json`,
  event: { ...base, ...event } as unknown as LiveEvent,
});
const track = (net: string) => ({
  net,
  tracks: [
    {
      layer: 'F.Cu',
      width: 0.25,
      points: [
        [0, 0],
        [1, 1],
      ],
    },
  ],
});
const board = `boards/${'a'.repeat(64)}.kicad_pcb`;

const events = [
  rec({ seq: 1, kind: 'lane_start', lane_kind: 'round', parent: null }),
  rec({ seq: 2, kind: 'route', provisional: true, replace: true, nets: [track('A'), track('B')] }),
  rec({ seq: 3, kind: 'route', provisional: true, nets: [track('B'), track('C')] }),
  rec({ seq: 5, kind: 'checkpoint', board, phase: 'routing' }),
  rec({ seq: 6, kind: 'route', replace: true, nets: [track('C')] }),
];

describe('lane replay', () => {
  it('replays routes: replace clears, each listed net replaces its own', () => {
    const at3 = frameAt(events, 2);
    expect([...at3.routes.keys()]).toEqual(['A', 'B', 'C']);
    expect(at3.routes.get('B')!.seq).toBe(3);
    expect(at3.routes.get('B')!.provisional).toBe(true);
    expect(at3.checkpoint).toBeUndefined();
    const end = frameAt(events, 99);
    expect(end.index).toBe(4);
    expect([...end.routes.keys()]).toEqual(['C']);
    expect(end.routes.get('C')!.provisional).toBe(false);
    expect(end.checkpoint?.seq).toBe(5);
  });

  it('an empty lane has no position', () => {
    expect(frameAt([], 0)).toMatchObject({ index: -1, seq: -1 });
  });

  it('merges late events by seq and ignores ones it has', () => {
    const list = [events[0]!, events[3]!];
    expect(mergeBySeq(list, [events[1]!, events[3]!, events[4]!])).toBe(true);
    expect(list.map((r) => r.event.seq)).toEqual([1, 2, 5, 6]);
    expect(mergeBySeq(list, [events[4]!])).toBe(false);
  });

  it('finds checkpoints and their content hash', () => {
    expect(checkpointIndices(events)).toEqual([3]);
    expect(checkpointHash(board)).toBe('a'.repeat(64));
    expect(checkpointHash('boards/not-a-hash.kicad_pcb')).toBeUndefined();
  });
});
