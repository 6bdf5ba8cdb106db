// SPDX-License-Identifier: AGPL-3.0-or-later
// Startup honesty of `rr view` as a user runs it (the built bin/rr.js): a flag whose feature cannot start
// (design sources without a manifest, an engine runtime without an engine) is printed as a warning with
// the reason when the viewer starts; the viewer still serves, and /api/features says the same.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Feature } from '../../../tools/viewer/server/viewer-features.js';
import { repoRoot } from '../../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest } from './http-request.js';

describe('rr view at startup', () => {
  it('prints why the source browser and cost replay cannot start, and serves the rest', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'design'));
    mkdirSync(join(dir, 'engine'));
    const args = [
      'view',
      '--root',
      'exp/live',
      '--port',
      '0',
      '--hdl-root',
      'design',
      '--hdl-build',
      'default',
    ];
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'rr.js'), ...args, '--engine-runtime', 'engine'],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, VIEWER_USER_CONFIG: '' },
      },
    );
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    let port: number | undefined;
    while (port === undefined) {
      if (child.exitCode !== null) throw new Error(`rr view exited ${child.exitCode}: ${err}`);
      const m = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) port = Number(m[1]);
      else await sleep(50);
    }
    expect(err).toContain(
      `rr view: warning: the source browser cannot start: ${join(dir, 'design', 'ato.yaml')}: there is no ato.yaml here; --hdl-root names the folder of the design project's manifest\n`,
    );
    expect(err).toContain(
      `rr view: warning: cost replay cannot start: --engine-runtime ${join(dir, 'engine')}: no engine there`,
    );
    const features = (await httpRequest(port, '/api/features')).json<{ features: Feature[] }>().features;
    expect(features.find((f) => f.id === 'source')).toMatchObject({ available: false });
    expect(features.find((f) => f.id === 'component-cost')).toMatchObject({ available: false });
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  });
});
