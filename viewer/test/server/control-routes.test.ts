// SPDX-License-Identifier: AGPL-3.0-or-later
// GET and POST /api/controls: requests merge into control.json (written whole, with a revision), the
// experiment's control-active.json supplies what is active and its limits, and bad requests are refused
// without touching the file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ControlsState } from '../../src/records/control-store.js';
import { startViewer } from './viewer-fixture.js';

describe('/api/controls', () => {
  it('round-trips requests through control.json, merging controls and counting revisions', async () => {
    const v = await startViewer();
    const empty = (await v.request('/api/controls')).json<ControlsState>();
    expect(empty).toMatchObject({
      revision: 0,
      requested: {},
      active: null,
      pending: false,
      limitsFrom: 'viewer',
    });
    expect(empty.limits.controls).toEqual(['paused', 'rate', 'prune', 'stop']);

    const first = await v.request('/api/controls', {
      json: { requested: { paused: true, rate: 5 }, author: { name: 'Ana' } },
    });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ revision: 1, requested: { paused: true, rate: 5 }, pending: true });
    const second = (
      await v.request('/api/controls', { json: { requested: { prune: ['cand-1.trial-0'] }, revision: 1 } })
    ).json<ControlsState>();
    expect(second.requested).toEqual({ paused: true, rate: 5, prune: ['cand-1.trial-0'] });
    expect(second.revision).toBe(2);

    const file = JSON.parse(readFileSync(join(v.root, 'control.json'), 'utf8'));
    expect(file).toMatchObject({
      schema: 'pnr-viewer-control-v1',
      revision: 2,
      requested: { paused: true, rate: 5, prune: ['cand-1.trial-0'] },
      author: { address: '127.0.0.1' },
    });
    expect(typeof file.author.user).toBe('string');
    expect((await v.request('/api/controls')).json()).toMatchObject({ revision: 2, updated: file.updated });
  });

  it('shows what the experiment applies and refuses controls and values its limits exclude', async () => {
    const v = await startViewer();
    await v.request('/api/controls', { json: { requested: { paused: true } } });
    writeFileSync(
      join(v.root, 'control-active.json'),
      JSON.stringify({
        schema: 'pnr-control-active-v1',
        revision: 1,
        time: '2025-06-01T12:00:00.000Z',
        active: { paused: true },
        limits: { controls: ['paused', 'rate'], rate: { min: 1, max: 50 } },
      }),
    );
    expect((await v.request('/api/controls')).json()).toMatchObject({
      active: { paused: true },
      appliedRevision: 1,
      pending: false,
      limitsFrom: 'experiment',
      limits: { controls: ['paused', 'rate'], rate: { min: 1, max: 50 } },
    });
    const before = readFileSync(join(v.root, 'control.json'), 'utf8');
    const unsupported = await v.request('/api/controls', { json: { requested: { stop: true } } });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json()).toMatchObject({ code: 'unsupported-control' });
    const tooFast = await v.request('/api/controls', { json: { requested: { rate: 500 } } });
    expect(tooFast.status).toBe(400);
    expect(tooFast.json()).toMatchObject({ code: 'bad-body' });
    for (const json of [
      { requested: { paused: 'yes' } },
      { requested: { pasued: true } },
      { paused: true },
      { requested: { rate: 2 }, revision: 0 },
    ]) {
      const r = await v.request('/api/controls', { json });
      expect(r.status, JSON.stringify(json)).toBe(json.revision === 0 ? 409 : 400);
    }
    expect(readFileSync(join(v.root, 'control.json'), 'utf8')).toBe(before);
  });

  it('reports an unreadable control-active.json as a problem', async () => {
    const v = await startViewer();
    writeFileSync(join(v.root, 'control-active.json'), '{"schema":');
    const state = (await v.request('/api/controls')).json<ControlsState>();
    expect(state.active).toBeNull();
    expect(state.problems).toEqual([
      { file: 'control-active.json', message: expect.stringContaining('not valid JSON') },
    ]);
  });
});
