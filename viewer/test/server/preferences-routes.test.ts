// SPDX-License-Identifier: AGPL-3.0-or-later
// GET and POST /api/preferences: the runtime-control presets live in <experiment>/viewer-preferences.json
// (or where --preferences says), are written whole and atomically with a revision, are shared by two
// viewers of the experiment (one sees what the other saved), and a file that cannot be read is reported
// with its line and never overwritten.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PreferencesState } from '../../src/records/viewer-preferences.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

describe('/api/preferences', () => {
  it('starts from the defaults, saves presets atomically, and the experiment’s other viewer sees them', async () => {
    const a = await startViewer();
    const b = await startViewer({ experimentDir: a.experimentDir });
    const file = join(a.experimentDir, 'viewer-preferences.json');
    const first = (await a.request('/api/preferences')).json<PreferencesState>();
    expect(first).toMatchObject({ file, revision: 0, problem: null, presets: { pruneAbovePercent: null } });
    expect(first.presets.paces).toContain(0);
    expect(existsSync(file)).toBe(false);

    const saved = await a.request('/api/preferences', {
      json: { revision: 0, presets: { paces: [25, 0, 3, 3], pruneAbovePercent: 15, pruneAtWarnings: null } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({
      revision: 1,
      presets: { paces: [0, 3, 25], pruneAbovePercent: 15 },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      schema: 'pnr-viewer-preferences-v1',
      revision: 1,
      presets: { paces: [0, 3, 25], pruneAbovePercent: 15, pruneAtWarnings: null },
      author: { address: '127.0.0.1' },
    });
    // No temporary file or lock folder is left beside it.
    expect(readdirSync(a.experimentDir).filter((n) => n.includes('preferences'))).toEqual([
      'viewer-preferences.json',
    ]);

    const seen = (await b.request('/api/preferences')).json<PreferencesState>();
    expect(seen).toMatchObject({ revision: 1, presets: { paces: [0, 3, 25], pruneAbovePercent: 15 } });
    // b saving over a's change without having seen it is refused.
    const stale = await b.request('/api/preferences', {
      json: { revision: 0, presets: { paces: [1], pruneAbovePercent: null, pruneAtWarnings: null } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-revision' });
  });

  it('reads them at start from --preferences', async () => {
    const dir = tempDir();
    const file = join(dir, 'mine.json');
    writeFileSync(
      file,
      JSON.stringify({
        schema: 'pnr-viewer-preferences-v1',
        revision: 4,
        updated: '2026-01-01T00:00:00.000Z',
        author: { user: 'ana', address: '127.0.0.1' },
        presets: { paces: [2, 8], pruneAbovePercent: null, pruneAtWarnings: 3 },
      }),
    );
    const v = await startViewer({ flags: { preferences: file } });
    expect((await v.request('/api/preferences')).json()).toMatchObject({
      file,
      revision: 4,
      presets: { paces: [2, 8], pruneAtWarnings: 3 },
    });
  });

  it('refuses bad presets, and never overwrites a file it cannot read', async () => {
    const v = await startViewer();
    const bad = await v.request('/api/preferences', {
      json: { revision: 0, presets: { paces: [-1], pruneAbovePercent: null, pruneAtWarnings: null } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'body.presets.paces[0] must be events per second',
    );
    const file = join(v.experimentDir, 'viewer-preferences.json');
    const broken = '{\n  "schema": "pnr-viewer-preferences-v1",\n  "revision": 1,,\n}\n';
    writeFileSync(file, broken);
    const state = (await v.request('/api/preferences')).json<PreferencesState>();
    expect(state.problem).toMatch(/^not JSON: line 3, column \d+/);
    const refused = await v.request('/api/preferences', {
      json: { revision: 0, presets: { paces: [1], pruneAbovePercent: null, pruneAtWarnings: null } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('fix or remove it before saving presets');
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });
});
