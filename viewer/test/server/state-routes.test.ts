// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/state and /api/history over HTTP on a live directory the simulator wrote: a full state, a
// `since` cursor that returns only what is new (and the same cursor when nothing is), and broken event
// files reported as problems in the state, never failing it.
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExperimentState } from '../../src/live/live-experiment.js';
import { eventFileName } from '../../src/telemetry/event-files.js';
import { eventText } from '../live/live-dir.js';
import { startViewer } from './viewer-fixture.js';

describe('GET /api/state', () => {
  it('gives the full state of a simulated experiment, then only what is new after the cursor', async () => {
    const v = await startViewer({ simulate: true });
    const full = (await v.request('/api/state?limit=5000')).json<ExperimentState>();
    expect(full.reset).toBe(true);
    expect(full.experiment?.status).toBe('completed');
    expect(full.lanes.map((l) => l.id)).toEqual(['cand-0', 'cand-0.trial-0', 'cand-0.trial-0.round-0']);
    const last = Math.max(...full.events.map((e) => e.event.seq));
    expect(full.events).toHaveLength(last + 1);
    expect(full.runs).toEqual([{ path: 'live', root: true }]);

    const idle = (await v.request(`/api/state?since=${full.cursor}`)).json<ExperimentState>();
    expect(idle).toMatchObject({
      changed: false,
      reset: false,
      cursor: full.cursor,
      events: [],
      lanes: [],
      problems: [],
    });

    writeFileSync(
      join(v.root, 'events', eventFileName(last + 1, 'error')),
      eventText(last + 1, 'error', { lane: 'cand-0', severity: 'warning', message: 'late news' }),
    );
    const next = (await v.request(`/api/state?since=${full.cursor}`)).json<ExperimentState>();
    expect(next.changed).toBe(true);
    expect(next.events.map((e) => e.event.seq)).toEqual([last + 1]);
    expect(next.lanes.map((l) => l.id)).toEqual(['cand-0']);
    expect(next.cursor).not.toBe(full.cursor);
    const again = (await v.request(`/api/state?since=${next.cursor}`)).json<ExperimentState>();
    expect(again).toMatchObject({ changed: false, cursor: next.cursor });
  });

  it('pages with limit and more, and gives one lane’s current view', async () => {
    const v = await startViewer({ simulate: true });
    const first = (await v.request('/api/state?limit=3&lane=cand-0.trial-0')).json<ExperimentState>();
    expect(first.events).toHaveLength(3);
    expect(first.events.every((e) => e.event.lane === 'cand-0.trial-0')).toBe(true);
    expect(first.now?.lane).toBe('cand-0.trial-0');
    expect(first.now?.placement?.event.kind).toBe('placement');
    const bad = await v.request('/api/state?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad-query' });
    expect((await v.request('/api/state?limit=lots')).status).toBe(400);
  });

  it('reports malformed and truncated event files as problems and keeps serving', async () => {
    const v = await startViewer({ simulate: true });
    const full = (await v.request('/api/state')).json<ExperimentState>();
    const last = Math.max(...full.events.map((e) => e.event.seq));
    const truncated = eventFileName(last + 1, 'placement');
    const malformed = eventFileName(last + 2, 'route');
    const invalid = eventFileName(last + 3, 'net_status');
    writeFileSync(join(v.root, 'events', truncated), '{"schema": "pnr-live-event-v1", "seq": 9');
    writeFileSync(join(v.root, 'events', malformed), '{"schema": pnr}');
    writeFileSync(
      join(v.root, 'events', invalid),
      JSON.stringify({ schema: 'pnr-live-event-v1', seq: last + 3 }),
    );
    // Files that stopped changing a while ago: the reader does not wait for their writer any more.
    const past = new Date(Date.now() - 60_000);
    for (const name of [truncated, malformed]) utimesSync(join(v.root, 'events', name), past, past);

    const next = await v.request(`/api/state?since=${full.cursor}`);
    expect(next.status).toBe(200);
    const problems = next.json<ExperimentState>().problems;
    expect(problems.map((p) => [p.file, p.kind])).toEqual(
      expect.arrayContaining([
        [`events/${truncated}`, 'truncated'],
        [`events/${malformed}`, 'malformed'],
        [`events/${invalid}`, 'invalid'],
      ]),
    );
    expect(problems.find((p) => p.kind === 'malformed')).toMatchObject({ line: 1 });
    const again = (await v.request('/api/state')).json<ExperimentState>();
    expect(again.problems).toHaveLength(3);
    expect(again.lanes.length).toBe(full.lanes.length);
  });
});

describe('GET /api/history', () => {
  it('pages backwards through a lane’s events', async () => {
    const v = await startViewer({ simulate: true });
    const all = (await v.request('/api/history?lane=cand-0.trial-0&limit=5000')).json<{
      events: { event: { seq: number } }[];
    }>().events;
    expect(all.length).toBeGreaterThan(4);
    const seqs = all.map((e) => e.event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const page = (await v.request(`/api/history?lane=cand-0.trial-0&before=${seqs.at(-2)}&limit=2`)).json<{
      events: { event: { seq: number } }[];
    }>();
    expect(page.events.map((e) => e.event.seq)).toEqual(seqs.slice(-4, -2));
    expect((await v.request('/api/history?before=-1')).status).toBe(400);
  });
});
