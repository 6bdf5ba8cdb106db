// SPDX-License-Identifier: AGPL-3.0-or-later
// What a live directory can hold while an experiment writes it: half-written files, broken ones, late
// arrivals, files renamed in. None of it may crash the reader; problems are shown, not thrown.
import { renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cost, eventText, liveDir, reader, settle, writeEvent, writeRaw } from './live-dir.js';
import { LiveDirectoryReader } from '../../src/live/live-directory-reader.js';
import { tempDir } from '../temp-dir.js';

const start = (root: string) => {
  writeEvent(root, 0, 'lane_start', { lane: 'c0', lane_kind: 'candidate', parent: null });
};

describe('live directory reader: files as they arrive', () => {
  it('waits for a half-written file without reporting it, then indexes it once complete', async () => {
    const root = liveDir();
    start(root);
    const { reader: r } = reader(root);
    await settle(r);
    const cursor = r.state().cursor;
    const full = eventText(1, 'placement_cost', cost('c0', 5, 42));
    writeRaw(root, '00000001-placement_cost.json', full.slice(0, 30));
    await settle(r);
    expect(r.state({ since: cursor })).toMatchObject({ changed: false, problems: [] });
    expect(r.stats().waiting).toBe(1);

    writeRaw(root, '00000001-placement_cost.json', full);
    await settle(r);
    const s = r.state({ since: cursor });
    expect(s.events.map((e) => e.event.seq)).toEqual([1]);
    expect(s.problems).toEqual([]);
    expect(r.stats().waiting).toBe(0);
  });

  it('reports a file that stays truncated, with its line, and clears the problem when it is completed', async () => {
    const root = liveDir();
    start(root);
    const { reader: r, clock } = reader(root, { settleMs: 2000 });
    const full = eventText(1, 'placement_cost', cost('c0', 5, 42)).replace(',"kind"', ',\n"kind"');
    writeRaw(root, '00000001-placement_cost.json', full.slice(0, full.length - 10));
    await settle(r);
    expect(r.state().problems).toEqual([]);
    const cursor = r.state().cursor;

    clock.advance(5000);
    await settle(r);
    const s = r.state({ since: cursor });
    expect(s.problems).toEqual([
      {
        id: 'file:00000001-placement_cost.json',
        kind: 'truncated',
        file: 'events/00000001-placement_cost.json',
        line: 2,
        column: expect.any(Number) as number,
        message:
          'the JSON ends early at line 2; the file is truncated (a writer must write to a temporary name and rename it)',
      },
    ]);

    writeRaw(root, '00000001-placement_cost.json', full);
    await settle(r);
    const fixed = r.state({ since: s.cursor });
    expect(fixed.resolved).toEqual(['file:00000001-placement_cost.json']);
    expect(fixed.events.map((e) => e.event.seq)).toEqual([1]);
    expect(r.state().problems).toEqual([]);
  });

  it('reports malformed JSON with line and column, and an empty file as such', async () => {
    const root = liveDir();
    const { reader: r, clock } = reader(root, { settleMs: 1000 });
    writeRaw(root, '00000003-route.json', '{\n  "seq": 3,,\n  "kind": "route"\n}\n');
    writeRaw(root, '00000004-route.json', '');
    clock.advance(5000);
    await settle(r);
    const problems = r.state().problems.sort((a, b) => a.id.localeCompare(b.id));
    expect(problems[0]).toMatchObject({
      kind: 'malformed',
      file: 'events/00000003-route.json',
      line: 2,
      column: 12,
    });
    expect(problems[0]!.message).toMatch(/^not JSON at line 2, column 12: /);
    expect(problems[1]).toMatchObject({
      kind: 'truncated',
      file: 'events/00000004-route.json',
      message: 'the file is empty; writers must write to a temporary name and rename it into events/',
    });
  });

  it('reports valid JSON that is not an event at once, naming the field', async () => {
    const root = liveDir();
    writeRaw(
      root,
      '00000000-lane_start.json',
      JSON.stringify({
        schema: 'pnr-live-event-v1',
        seq: 0,
        time: '2025-01-01T00:00:00Z',
        run: 'r',
        kind: 'lane_start',
        lane: 'c0',
        lane_kind: 'bucket',
        parent: null,
      }),
    );
    writeRaw(
      root,
      '00000001-placement.json',
      JSON.stringify({
        schema: 'pnr-live-event-v1',
        seq: 1,
        time: '2025-01-01T00:00:00Z',
        run: 'r',
        kind: 'placement',
        lane: 'c0',
        step: 1,
        footprints: [],
        colour: 'red',
      }),
    );
    const { reader: r } = reader(root);
    await settle(r);
    const problems = r.state().problems.sort((a, b) => a.id.localeCompare(b.id));
    expect(problems.map((p) => [p.kind, p.file, p.message])).toEqual([
      [
        'invalid',
        'events/00000000-lane_start.json',
        'not a pnr-live-event-v1 event: "lane_kind" must be one of candidate, trial, round',
      ],
      [
        'invalid',
        'events/00000001-placement.json',
        'not a pnr-live-event-v1 event: the event has unknown field "colour"',
      ],
    ]);
    expect(r.stats().indexed).toBe(0);
  });

  it('orders late arrivals by seq, and a late event never overrides a newer one in the lane summary', async () => {
    const root = liveDir();
    start(root);
    writeEvent(root, 5, 'placement_cost', cost('c0', 50, 10));
    const { reader: r } = reader(root);
    await settle(r);
    const cursor = r.state().cursor;
    writeEvent(root, 3, 'placement_cost', cost('c0', 30, 30));
    writeEvent(root, 2, 'placement_cost', cost('c0', 20, 40));
    await settle(r);
    const s = r.state({ since: cursor });
    expect(s.events.map((e) => e.event.seq)).toEqual([2, 3]);
    expect(s.lanes[0]!.cost).toEqual({ seq: 5, step: 50, total: 10 });
    expect(r.state().events.map((e) => e.event.seq)).toEqual([0, 2, 3, 5]);
  });

  it('notices files renamed in under any name, also from another folder', async () => {
    const root = liveDir();
    start(root);
    const { reader: r } = reader(root);
    await settle(r);
    const cursor = r.state().cursor;
    const outside = join(tempDir(), 'late.json');
    writeFileSync(outside, eventText(1, 'placement_cost', cost('c0', 1, 7)));
    renameSync(outside, join(root, 'events', 'late-arrival.json'));
    writeRaw(root, '.00000002-placement.json.tmp', '{"half": ');
    await settle(r);
    const s = r.state({ since: cursor });
    expect(s.events.map((e) => e.file)).toEqual(['events/late-arrival.json']);
    expect(s.problems).toEqual([]);
  });

  it('refuses a second file with a seq already taken and keeps the first', async () => {
    const root = liveDir();
    start(root);
    writeEvent(root, 1, 'placement_cost', cost('c0', 1, 7));
    const { reader: r } = reader(root);
    await settle(r);
    writeEvent(root, 1, 'placement_cost', cost('c0', 1, 8), 'zz-duplicate.json');
    await settle(r);
    const s = r.state();
    expect(s.events.map((e) => e.file)).toEqual([
      'events/00000000-lane_start.json',
      'events/00000001-placement_cost.json',
    ]);
    expect(s.problems).toEqual([
      {
        id: 'file:zz-duplicate.json',
        kind: 'duplicate-seq',
        file: 'events/zz-duplicate.json',
        message:
          'seq 1 is already used by events/00000001-placement_cost.json; this file is ignored (every event needs its own sequence number)',
      },
    ]);
  });

  it('reports an indexed event that disappeared when it is needed again, without failing', async () => {
    const root = liveDir();
    start(root);
    writeEvent(root, 1, 'placement_cost', cost('c0', 1, 7));
    const { reader: r } = reader(root, { cacheSize: 1 });
    await settle(r);
    rmSync(join(root, 'events', '00000000-lane_start.json'));
    const s = r.state();
    expect(s.events.map((e) => e.event.seq)).toEqual([1]);
    expect(s.problems).toMatchObject([{ kind: 'unreadable', file: 'events/00000000-lane_start.json' }]);
  });

  it('ignores folders and dangling links in events/, and reports a missing or wrong live directory', async () => {
    const root = liveDir();
    start(root);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(root, 'events', 'folder.json'));
    symlinkSync('/nonexistent-target', join(root, 'events', 'dangling.json'));
    const { reader: r } = reader(root);
    await settle(r);
    expect(r.state().events).toHaveLength(1);

    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const wrong = new LiveDirectoryReader({ root: file });
    await wrong.poll();
    expect(wrong.state({ limit: Number.NaN }).problems).toMatchObject([
      { kind: 'missing-root', message: `the live directory ${file} is a file, not a folder; check --root` },
    ]);

    const gone = new LiveDirectoryReader({ root: join(tempDir(), 'not-there') });
    await gone.poll();
    await gone.poll();
    expect(gone.state().problems).toEqual([
      {
        id: 'root',
        kind: 'missing-root',
        message: `the live directory ${join(gone.root)} does not exist (yet); check --root`,
      },
    ]);
  });
});

describe('live directory reader: how it notices new files', () => {
  it('sees conventionally named events on the next poll, before any background listing', async () => {
    const root = liveDir();
    start(root);
    const { reader: r } = reader(root, { listIntervalMs: 60_000 });
    await r.poll(); // first poll: full listing
    const cursor = r.state().cursor;
    writeEvent(root, 1, 'placement_cost', cost('c0', 1, 7));
    writeEvent(root, 2, 'placement', { lane: 'c0', step: 1, footprints: [] });
    await r.poll();
    expect(r.state({ since: cursor }).events.map((e) => e.event.seq)).toEqual([1, 2]);
  });

  it('sees other names at the next listing, which runs at most once per listIntervalMs', async () => {
    const root = liveDir();
    start(root);
    const { reader: r, clock } = reader(root, { listIntervalMs: 60_000 });
    await r.poll();
    const cursor = r.state().cursor;
    writeEvent(root, 1, 'placement_cost', cost('c0', 1, 7), 'from-elsewhere.json');
    await settle(r);
    expect(r.state({ since: cursor }).changed).toBe(false);
    clock.advance(60_000);
    await settle(r);
    expect(r.state({ since: cursor }).events.map((e) => e.file)).toEqual(['events/from-elsewhere.json']);
  });
});

describe('live directory reader: bounded memory', () => {
  it('indexes every event but holds at most cacheSize parsed ones, re-reading the rest on demand', async () => {
    const root = liveDir();
    start(root);
    for (let seq = 1; seq <= 1500; seq++)
      writeEvent(root, seq, 'placement_cost', cost('c0', seq, 2000 - seq));
    const { reader: r } = reader(root, { cacheSize: 32 });
    await settle(r);
    expect(r.stats()).toMatchObject({ indexed: 1501, lanes: 1 });
    expect(r.stats().parsedHeld).toBeLessThanOrEqual(32);
    const s = r.state({ limit: 1000 });
    expect(s.events).toHaveLength(1000);
    expect(s.events[0]!.event).toMatchObject({ seq: 501, kind: 'placement_cost', total: 1499 });
    expect(r.stats().parsedHeld).toBeLessThanOrEqual(32);
    expect(r.history({ before: 10, limit: 5 }).map((e) => (e.event as { total: number }).total)).toEqual([
      1995, 1994, 1993, 1992, 1991,
    ]);
    expect(r.stats().parsedHeld).toBeLessThanOrEqual(32);
    expect(s.lanes[0]!.cost).toEqual({ seq: 1500, step: 1500, total: 500 });
  });
});
