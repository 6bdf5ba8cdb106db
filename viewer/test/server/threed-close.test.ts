// SPDX-License-Identifier: AGPL-3.0-or-later
// While a 3D export runs, its status says how long it has been exporting; closing a viewer stops its
// running export and releases the experiment's export lock, so a stopped viewer neither keeps KiCad
// running nor blocks the experiment's other viewers. The PCB CLI is a script
// that answers `version` and otherwise waits, as a long export would.
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlbExport } from '../../src/threed/glb-exports.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

describe('closing a viewer during a 3D export', () => {
  it('reports the time spent exporting, then stops KiCad and releases the export lock', async () => {
    const dir = tempDir();
    const cli = join(dir, 'slow-kicad-cli');
    const started = join(dir, 'started');
    writeFileSync(
      cli,
      `#!/bin/sh\nif [ "$1" = version ]; then echo 9.0.8; exit 0; fi\ntouch '${started}'\nexec sleep 600\n`,
    );
    chmodSync(cli, 0o755);
    const v = await startViewer({
      simulate: true,
      pcbCli: { status: 'found', tool: 'cli', path: cli, source: 'test' },
    });
    const job = (await v.request('/api/3d?lane=cand-0')).json<GlbExport>();
    let exporting: GlbExport;
    for (;;) {
      exporting = (await v.request(`/api/3d/status?key=${job.key}`)).json<GlbExport>();
      if (exporting.state === 'exporting' && existsSync(started)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // While KiCad runs, the status says since when and for how long so far.
    expect(exporting.startedAt).toEqual(expect.any(String));
    expect(exporting.elapsedMs).toBeGreaterThan(0);
    const later = (await v.request(`/api/3d/status?key=${job.key}`)).json<GlbExport>();
    expect(later.state).toBe('exporting');
    expect(later.elapsedMs).toBeGreaterThanOrEqual(exporting.elapsedMs!);
    expect(existsSync(join(v.experimentDir, '.viewer-3d-export.lock'))).toBe(true);
    await v.server.close();
    expect(existsSync(join(v.experimentDir, '.viewer-3d-export.lock'))).toBe(false);
    expect(readdirSync(join(v.config.cacheDir, '3d'))).toEqual([]);
  });
});
