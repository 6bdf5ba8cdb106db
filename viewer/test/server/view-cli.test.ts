// SPDX-License-Identifier: AGPL-3.0-or-later
// rr view as a user runs it (the built bin/rr.js, as a child process): --demo serves a simulated
// experiment whose lanes appear while it runs, with its schematic, prints its URL, and stops cleanly on
// SIGTERM or SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ExperimentState } from '../../src/live/live-experiment.js';
import { repoRoot, rr } from '../../../test/cli/run-cli.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest } from './http-request.js';

/** A running `rr view` child with its output so far. */
interface ViewProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  port: number;
  exit: Promise<number | null>;
}

async function startView(args: string[], cwd: string): Promise<ViewProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'rr.js'), 'view', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  for (;;) {
    const url = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
    if (url) return { child, stdout: () => out, stderr: () => err, port: Number(url[1]), exit };
    if (child.exitCode !== null) throw new Error(`rr view exited ${child.exitCode}: ${err}`);
    await sleep(50);
  }
}

async function state(port: number, since?: string): Promise<ExperimentState> {
  return (await httpRequest(port, `/api/state${since ? `?since=${since}` : ''}`)).json<ExperimentState>();
}

describe('rr view', () => {
  it('--demo serves a simulated experiment whose lanes appear while it runs, and stops on SIGTERM', async () => {
    const view = await startView(['--demo', '--port', '0'], tempDir());
    const demoDir = /writes a simulated experiment into (.+)\n/.exec(view.stdout())![1]!;
    let first = await state(view.port);
    while (first.lanes.length === 0) {
      await sleep(100);
      first = await state(view.port);
    }
    expect(first.experiment?.status).toBe('running');
    // Later polls bring what the simulator wrote since, lanes among it.
    let cursor = first.cursor;
    const seen = new Set(first.lanes.map((l) => l.id));
    while (seen.size <= first.lanes.length) {
      await sleep(100);
      const next = await state(view.port, cursor);
      cursor = next.cursor;
      for (const lane of next.lanes) seen.add(lane.id);
    }
    expect([...seen]).toContain('cand-0.trial-0');
    // The simulator writes its netlist graph after the viewer started: the schematic view is still on.
    const features = (await httpRequest(view.port, '/api/features')).json<{
      features: { id: string; available: boolean }[];
    }>();
    expect(features.features.find((f) => f.id === 'schematic')?.available).toBe(true);
    const schematic = await httpRequest(view.port, `/api/schematic?lane=${first.lanes[0]!.id}`);
    expect(schematic.status).toBe(200);
    expect(schematic.json<{ stats: { components: number } }>().stats.components).toBe(16);

    view.child.kill('SIGTERM');
    expect(await view.exit).toBe(0);
    expect(view.stdout()).toMatch(/rr view: stopped\n$/);
    expect(view.stderr()).toBe('');
    expect(existsSync(demoDir)).toBe(false);
  });

  it('serves --root with settings from flags and stops on SIGINT', async () => {
    const dir = tempDir();
    await shortRun(join(dir, 'exp', 'live'), { seed: 2, steps: 40, candidates: 1, trials: 1, rounds: 1 });
    const view = await startView(
      ['--root', 'exp/live', '--port', '0', '--title', 'Bench run', '--allow-host', 'viewer.lan'],
      dir,
    );
    expect(view.stdout()).toContain('rr view: Bench run (live directory ');
    const s = await state(view.port);
    expect(s.experiment?.status).toBe('completed');
    expect(
      (await httpRequest(view.port, '/api/about', { headers: { host: `viewer.lan:${view.port}` } })).json(),
    ).toMatchObject({ name: 'rr', title: 'Bench run' });
    expect(
      (await httpRequest(view.port, '/api/about', { headers: { host: `other.lan:${view.port}` } })).status,
    ).toBe(421);
    view.child.kill('SIGINT');
    expect(await view.exit).toBe(0);
  });

  it('exits 2 with a clear message for bad settings', async () => {
    const dir = tempDir();
    const noRoot = await rr(['view'], dir);
    expect(noRoot.code).toBe(2);
    expect(noRoot.stderr).toContain('no live directory: pass --root');
    const badListen = await rr(['view', '--root', 'live', '--listen', '127.0.0.1:http'], dir);
    expect(badListen.code).toBe(2);
    expect(badListen.stderr).toContain('--listen "127.0.0.1:http" has port "http"');
    const badOrigin = await rr(['view', '--root', 'live', '--allow-origin', 'viewer.lan'], dir);
    expect(badOrigin.code).toBe(2);
    expect(badOrigin.stderr).toContain('--allow-origin "viewer.lan" is not a URL');
    const badPort = await rr(['view', '--root', 'live', '--port', '99999'], dir);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port takes a whole number from 0 to 65535');
  });
});
