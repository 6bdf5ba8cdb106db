// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/state semantics: a full state first, then only what is new after a cursor, nothing when idle.
import { describe, expect, it } from 'vitest';
import { cost, liveDir, reader, settle, writeEvent } from './live-dir.js';

function startLanes(root: string): void {
  writeEvent(root, 0, 'experiment_start', { experiment: { name: 'exp' } });
  writeEvent(root, 1, 'lane_start', { lane: 'c0', lane_kind: 'candidate', parent: null });
  writeEvent(root, 2, 'lane_start', { lane: 'c0.t0', lane_kind: 'trial', parent: 'c0' });
}

describe('live directory reader: cursors', () => {
  it('answers a full state first: lanes with parents and children, events, the experiment', async () => {
    const root = liveDir();
    startLanes(root);
    writeEvent(root, 3, 'placement_cost', cost('c0.t0', 10, 99.5));
    const { reader: r } = reader(root);
    await settle(r);
    const s = r.state();
    expect(s).toMatchObject({ reset: true, changed: true, more: false, problems: [], resolved: [] });
    expect(s.experiment).toMatchObject({ name: 'exp', status: 'running' });
    expect(s.lanes.map((l) => [l.id, l.kind, l.parent, l.children])).toEqual([
      ['c0', 'candidate', null, ['c0.t0']],
      ['c0.t0', 'trial', 'c0', []],
    ]);
    expect(s.lanes[1]!.cost).toEqual({ seq: 3, step: 10, total: 99.5 });
    expect(s.events.map((e) => [e.event.seq, e.file])).toEqual([
      [0, 'events/00000000-experiment_start.json'],
      [1, 'events/00000001-lane_start.json'],
      [2, 'events/00000002-lane_start.json'],
      [3, 'events/00000003-placement_cost.json'],
    ]);
  });

  it('returns only what is new after a cursor, and nothing (same cursor) when idle', async () => {
    const root = liveDir();
    startLanes(root);
    const { reader: r } = reader(root);
    await settle(r);
    const first = r.state();
    await settle(r);
    const idle = r.state({ since: first.cursor });
    expect(idle).toEqual({
      cursor: first.cursor,
      reset: false,
      changed: false,
      root,
      lanes: [],
      events: [],
      more: false,
      problems: [],
      resolved: [],
    });

    writeEvent(root, 3, 'placement_cost', cost('c0.t0', 10, 50));
    writeEvent(root, 4, 'lane_start', { lane: 'c1', lane_kind: 'candidate', parent: null });
    await settle(r);
    const next = r.state({ since: first.cursor });
    expect(next.changed).toBe(true);
    expect(next.cursor).not.toBe(first.cursor);
    expect(next.events.map((e) => e.event.seq)).toEqual([3, 4]);
    expect(next.lanes.map((l) => l.id)).toEqual(['c0.t0', 'c1']);
    expect(next.experiment).toBeUndefined();

    await settle(r);
    expect(r.state({ since: next.cursor })).toMatchObject({
      changed: false,
      cursor: next.cursor,
      events: [],
    });
  });

  it('filters events by lane, and gives the lane as it is now in a full state', async () => {
    const root = liveDir();
    startLanes(root);
    writeEvent(root, 3, 'placement', {
      lane: 'c0.t0',
      step: 1,
      footprints: [{ ref: 'R1', x: 1, y: 2, rotation: 0 }],
    });
    writeEvent(root, 4, 'placement_cost', cost('c0', 0, 10));
    writeEvent(root, 5, 'route', { lane: 'c0.t0', replace: true, nets: [{ net: 'A', tracks: [] }] });
    writeEvent(root, 6, 'route', { lane: 'c0.t0', nets: [{ net: 'B', tracks: [] }] });
    writeEvent(root, 7, 'route', { lane: 'c0.t0', replace: true, nets: [{ net: 'C', tracks: [] }] });
    writeEvent(root, 8, 'route', { lane: 'c0.t0', nets: [{ net: 'D', tracks: [] }] });
    writeEvent(root, 9, 'placement', {
      lane: 'c0.t0',
      step: 2,
      footprints: [{ ref: 'R1', x: 3, y: 4, rotation: 90 }],
    });
    const { reader: r } = reader(root);
    await settle(r);
    const s = r.state({ lane: 'c0.t0' });
    expect(s.events.map((e) => e.event.seq)).toEqual([2, 3, 5, 6, 7, 8, 9]);
    expect(s.now!.placement!.event.seq).toBe(9);
    expect(s.now!.routes.map((e) => e.event.seq)).toEqual([7, 8]);
    expect(s.now!.placement_cost).toBeUndefined();
    const since = r.state({ lane: 'c0' });
    expect(since.events.map((e) => e.event.seq)).toEqual([1, 4]);
  });

  it('pages with `limit`: `more` says to ask again, and the pages together hold every event once', async () => {
    const root = liveDir();
    startLanes(root);
    const { reader: r } = reader(root);
    await settle(r);
    let cursor = r.state().cursor;
    for (let seq = 3; seq < 53; seq++) writeEvent(root, seq, 'placement_cost', cost('c0.t0', seq, 100 - seq));
    await settle(r);
    const seen: number[] = [];
    const pages: boolean[] = [];
    for (;;) {
      const page = r.state({ since: cursor, limit: 20 });
      seen.push(...page.events.map((e) => e.event.seq));
      pages.push(page.more);
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
  });

  it('answers a cursor from another reader (a restarted viewer) with a full state', async () => {
    const root = liveDir();
    startLanes(root);
    const a = reader(root).reader;
    const b = reader(root).reader;
    await settle(a);
    await settle(b);
    const s = b.state({ since: a.state().cursor });
    expect(s.reset).toBe(true);
    expect(s.events).toHaveLength(3);
    expect(b.state({ since: 'not a cursor' }).reset).toBe(true);
  });

  it('replays history before a seq, per lane', async () => {
    const root = liveDir();
    startLanes(root);
    for (let seq = 3; seq < 13; seq++) writeEvent(root, seq, 'placement_cost', cost('c0.t0', seq, seq));
    const { reader: r } = reader(root);
    await settle(r);
    expect(r.history({ lane: 'c0.t0', before: 8, limit: 3 }).map((e) => e.event.seq)).toEqual([5, 6, 7]);
    expect(r.history({ limit: 2 }).map((e) => e.event.seq)).toEqual([11, 12]);
  });
});

describe('live directory reader: lanes before their parents', () => {
  it('lists a parent known only from a child as a lane without events, until its own lane_start arrives', async () => {
    const root = liveDir();
    writeEvent(root, 5, 'lane_start', { lane: 'c0.t0', lane_kind: 'trial', parent: 'c0' });
    const { reader: r } = reader(root);
    await settle(r);
    const before = r.state();
    expect(before.lanes.map((l) => [l.id, l.kind, l.events, l.firstSeq, l.children])).toEqual([
      ['c0.t0', 'trial', 1, 5, []],
      ['c0', null, 0, -1, ['c0.t0']],
    ]);
    writeEvent(root, 1, 'lane_start', { lane: 'c0', lane_kind: 'candidate', parent: null });
    await settle(r);
    const after = r.state({ since: before.cursor });
    expect(after.lanes.map((l) => [l.id, l.kind, l.firstSeq, l.children])).toEqual([
      ['c0', 'candidate', 1, ['c0.t0']],
    ]);
  });
});
