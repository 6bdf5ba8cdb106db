// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's live-directory index over HTTP: GET /api/state?partial=1 answers while the first indexing
// runs (and a plain request still waits for it), the index lives in the cache folder, a damaged index
// there never breaks the viewer, and a second viewer of the same directory reads no event file.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExperimentState } from '../../src/live/live-experiment.js';
import { liveIndexPath } from '../../src/live/live-index-file.js';
import { IndexGate } from '../live/index-gate.js';
import { withoutCursor, writeExperiment } from '../live/live-dir.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

/** An experiment folder whose live directory holds `candidates` finished candidates. */
function experiment(candidates: number): { experimentDir: string; written: number } {
  const experimentDir = join(tempDir(), 'exp');
  const root = join(experimentDir, 'live');
  mkdirSync(join(root, 'events'), { recursive: true });
  return { experimentDir, written: writeExperiment(root, candidates, 20) };
}

describe('GET /api/state and the live index', () => {
  it('answers partial=1 with the lanes indexed so far while a plain request waits for all of them', async () => {
    const { experimentDir, written } = experiment(30);
    const gate = new IndexGate();
    const paused = gate.next();
    const v = await startViewer({ experimentDir, server: { liveReader: { indexPause: gate.pause } } });

    const partial = (await v.request('/api/state?partial=1')).json<ExperimentState>();
    await paused;
    expect(partial.reset).toBe(true);
    expect(partial.indexing).toEqual({ files: written, done: expect.any(Number) as number });
    expect(partial.lanes.length).toBeGreaterThan(0);
    expect(partial.lanes.length).toBeLessThan(60);

    let waited: ExperimentState | undefined;
    const plain = v.request('/api/state').then((a) => (waited = a.json<ExperimentState>()));
    const again = (await v.request(`/api/state?partial=1&since=${partial.cursor}`)).json<ExperimentState>();
    expect(again).toMatchObject({ reset: false, events: [] });
    expect(again.indexing).toBeDefined();
    expect(waited).toBeUndefined();

    gate.openFully();
    await plain;
    expect(waited!.indexing).toBeUndefined();
    expect(waited!.lanes).toHaveLength(60);
    const closing = (await v.request(`/api/state?partial=1&since=${again.cursor}`)).json<ExperimentState>();
    expect(closing.reset).toBe(true);
    expect(withoutCursor(closing)).toEqual(withoutCursor(waited!));

    const bad = await v.request('/api/state?partial=yes');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad-query' });
  });

  it('keeps the index in the cache folder, and a second viewer of the directory reads no event file', async () => {
    const { experimentDir, written } = experiment(5);
    const cacheDir = join(tempDir(), 'viewer-cache');
    const first = await startViewer({ experimentDir, flags: { cacheDir } });
    const full = (await first.request('/api/state')).json<ExperimentState>();
    await first.server.close();
    expect(readdirSync(join(cacheDir, 'live-index'))).toEqual([
      liveIndexPath(join(cacheDir, 'live-index'), first.root).split('/').at(-1),
    ]);
    expect(existsSync(join(first.root, 'live-index'))).toBe(false);

    const second = await startViewer({ experimentDir, flags: { cacheDir } });
    const reopened = (await second.request('/api/state')).json<ExperimentState>();
    expect(withoutCursor(reopened)).toEqual(withoutCursor(full));
    expect(second.server.context.experiment.reader().stats()).toMatchObject({
      filesRead: 0,
      indexed: written,
      index: { state: 'loaded', entries: written },
    });
  });

  it('serves the same state over a damaged index file, and replaces it', async () => {
    const { experimentDir, written } = experiment(5);
    const root = join(experimentDir, 'live');
    const first = await startViewer({ experimentDir });
    const expected = (await first.request('/api/state')).json<ExperimentState>();
    await first.server.close();
    // The default cache folder is the live directory itself.
    const indexFile = liveIndexPath(join(root, 'live-index'), root);
    expect(existsSync(indexFile)).toBe(true);
    writeFileSync(indexFile, '{"format": "rr-live-index-2", "code": "x"\n\u0000\u0001 not an index');

    const v = await startViewer({ experimentDir });
    const answer = await v.request('/api/state');
    expect(answer.status).toBe(200);
    expect(withoutCursor(answer.json<ExperimentState>())).toEqual(withoutCursor(expected));
    expect(v.server.context.experiment.reader().stats()).toMatchObject({
      filesRead: written,
      index: { state: 'refused', reason: expect.stringMatching(/not valid JSON/) as string },
    });
    await v.server.close();
    const after = await startViewer({ experimentDir });
    await after.request('/api/state');
    expect(after.server.context.experiment.reader().stats()).toMatchObject({
      filesRead: 0,
      index: { state: 'loaded' },
    });
  });
});
