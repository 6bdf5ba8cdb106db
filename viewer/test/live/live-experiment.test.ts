// SPDX-License-Identifier: AGPL-3.0-or-later
// The experiment around the live directory: trial run folders under the experiment folder only,
// restart-status.json, and a real simulator run read back.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveExperiment } from '../../src/live/live-experiment.js';
import { LiveRequestError } from '../../src/live/run-path.js';
import { tempDir } from '../temp-dir.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { writeEvent } from './live-dir.js';

/** An experiment folder with the root run and one trial run folder. */
function experiment(): { dir: string; root: string; trial: string } {
  const dir = tempDir();
  const root = join(dir, 'live');
  const trial = join(dir, 'runs', 'trial-3');
  for (const d of [root, trial]) mkdirSync(join(d, 'events'), { recursive: true });
  writeEvent(root, 0, 'run_start', { run_dir: 'live' });
  writeEvent(trial, 0, 'lane_start', { lane: 'trial-3', lane_kind: 'trial', parent: null });
  return { dir, root, trial };
}

function refused(fn: () => unknown): LiveRequestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LiveRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('live experiment', () => {
  it('takes the parent of the root as the experiment folder and reads trial run folders under it', async () => {
    const { dir, root } = experiment();
    const x = new LiveExperiment({ root, listIntervalMs: 0 });
    expect(x.experimentDir).toBe(dir);
    const s = await x.state({ run: 'runs/trial-3' });
    expect(s.run).toBe('runs/trial-3');
    expect(s.lanes.map((l) => l.id)).toEqual(['trial-3']);
    const top = await x.state();
    expect(top.run).toBeNull();
    expect(top.runs).toEqual([{ path: 'live', root: true }]);
  });

  it('refuses run paths that escape the experiment folder, by .., absolute path or symbolic link', () => {
    const { root } = experiment();
    const elsewhere = tempDir();
    mkdirSync(join(elsewhere, 'events'));
    const x = new LiveExperiment({ root });
    symlinkSync(elsewhere, join(x.experimentDir, 'sneaky'));
    for (const run of ['..', '../x', `${elsewhere}`, 'sneaky', 'runs/../../x']) {
      const e = refused(() => x.reader(run));
      expect(e.code, run).toBe('outside');
      expect(e.message).toBe(
        `run "${run}" is not inside the experiment folder ${x.experimentDir}; trial run folders must lie under it`,
      );
    }
    const missing = refused(() => x.reader('runs/trial-9'));
    expect(missing.code).toBe('no-run');
    expect(missing.message).toBe(
      `run "runs/trial-9" does not exist under the experiment folder ${x.experimentDir}`,
    );
  });

  it('honours --experiment-dir: run folders must lie under that folder instead', () => {
    const { root, trial } = experiment();
    const x = new LiveExperiment({ root, experimentDir: join(root, '..', 'runs') });
    expect(x.reader('trial-3').root).toBe(trial);
    expect(refused(() => x.reader('../live')).code).toBe('outside');
  });

  it('shows restart-status.json when present, again only when it changes, and a broken one as a message', async () => {
    const { dir, root } = experiment();
    const x = new LiveExperiment({ root, listIntervalMs: 0 });
    const first = await x.state();
    expect(first.restartStatus).toBeNull();
    writeFileSync(join(dir, 'restart-status.json'), JSON.stringify({ restarts: 2, reason: 'out of memory' }));
    const changed = await x.state({ since: first.cursor });
    expect(changed.restartStatus).toEqual({
      file: 'restart-status.json',
      value: { restarts: 2, reason: 'out of memory' },
    });
    const idle = await x.state({ since: changed.cursor });
    expect(idle.changed).toBe(false);
    expect(idle.restartStatus).toBeUndefined();
    writeFileSync(join(dir, 'restart-status.json'), '{"restarts": 3');
    const broken = await x.state({ since: idle.cursor });
    expect(broken.restartStatus!.problem).toMatch(/^cannot show restart-status\.json: /);
    expect((await x.state({ run: 'runs/trial-3' })).restartStatus).toEqual(broken.restartStatus);
  });

  it('reads a simulator run: every lane with the right parent, the experiment result, no problems', async () => {
    const dir = tempDir();
    const summary = await shortRun(join(dir, 'live'), { steps: 100 });
    const x = new LiveExperiment({ root: join(dir, 'live') });
    const s = await x.state({ lane: summary.best!.lane });
    expect(s.problems).toEqual([]);
    expect(s.lanes).toHaveLength(14);
    const byId = new Map(s.lanes.map((l) => [l.id, l]));
    for (const lane of s.lanes) {
      if (lane.kind === 'candidate') expect(lane.parent).toBeNull();
      else expect(byId.get(lane.parent!)!.kind).toBe(lane.kind === 'trial' ? 'candidate' : 'trial');
      expect(lane.status).toBe('completed');
    }
    expect(s.experiment).toMatchObject({
      status: 'completed',
      best: summary.best,
      runs: [{ run: 'pnr-sim-s7', runDir: 'live', status: 'completed' }],
    });
    expect(s.now!.checkpoint!.event).toMatchObject({
      kind: 'checkpoint',
      phase: 'final',
      board: summary.best!.checkpoint,
    });
  });
});
