// SPDX-License-Identifier: AGPL-3.0-or-later
// Two viewers of one experiment (two `rr view` processes, the built bin/rr.js, on the same live
// directory) change its runtime controls at the same time: every change of each lands in control.json,
// one revision after another, and neither viewer's change is lost to the other's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import type { ControlsState } from '../../src/records/control-store.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest } from './http-request.js';

/** Starts `rr view --root live` and resolves to its port once it serves. */
async function startView(dir: string, live: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'bin', 'rr.js'), 'view', '--port', '0', '--root', live],
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
  for (;;) {
    if (child.exitCode !== null) throw new Error(`rr view exited ${child.exitCode}: ${err}`);
    const m = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
    if (m) return Number(m[1]);
    await sleep(50);
  }
}

/** POST /api/controls to the viewer on `port`, as its own page does. */
function postControls(port: number, requested: Record<string, unknown>) {
  return httpRequest(port, '/api/controls', {
    json: { requested },
    headers: { origin: `http://127.0.0.1:${port}` },
  });
}

describe('two viewers of one experiment', () => {
  it('both change the controls at once, and control.json keeps every change of each', async () => {
    const dir = tempDir();
    const live = join(dir, 'exp', 'live');
    mkdirSync(live, { recursive: true });
    const [a, b] = await Promise.all([startView(dir, live), startView(dir, live)]);
    const rounds = 25;
    // Viewer a sets the pace, viewer b pauses and resumes, each waiting only for its own answers:
    // without one lock over read, check and write, two would read the same revision and one change
    // would overwrite the other's.
    const answers = await Promise.all([
      (async () => {
        const statuses: number[] = [];
        for (let i = 1; i <= rounds; i++) statuses.push((await postControls(a!, { rate: i })).status);
        return statuses;
      })(),
      (async () => {
        const statuses: number[] = [];
        for (let i = 1; i <= rounds; i++)
          statuses.push((await postControls(b!, { paused: i % 2 === 1 })).status);
        return statuses;
      })(),
    ]);
    expect(answers.flat()).toEqual(Array(2 * rounds).fill(200));
    const file = JSON.parse(readFileSync(join(live, 'control.json'), 'utf8'));
    expect(file).toMatchObject({
      revision: 2 * rounds,
      requested: { rate: rounds, paused: rounds % 2 === 1 },
    });
    for (const port of [a!, b!])
      expect((await httpRequest(port, '/api/controls')).json<ControlsState>()).toMatchObject({
        revision: 2 * rounds,
        requested: { rate: rounds, paused: true },
      });
    // Nothing is left beside it: no temporary file, no lock.
    expect(readdirSync(live).filter((n) => n.startsWith('control'))).toEqual(['control.json']);
    expect(existsSync(join(live, 'control.json.lock'))).toBe(false);
  });
});
