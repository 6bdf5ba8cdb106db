// SPDX-License-Identifier: AGPL-3.0-or-later
// The simulator obeys the viewer's runtime controls: requests written by the viewer's control store
// (control.json) pause, resume, prune and stop it, and it reports what it applies in control-active.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ControlStore } from '../../src/records/control-store.js';
import type { ControlActiveFile } from '../../src/telemetry/control-files.js';
import { tempDir } from '../temp-dir.js';
import { ofKind, readEvents, shortRun } from './sim-run.js';

const viewer = { address: '127.0.0.1', now: new Date('2025-06-01T12:00:00.000Z') };

function active(live: string): ControlActiveFile | undefined {
  const file = join(live, 'control-active.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ControlActiveFile) : undefined;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}

/** A simulation started after the viewer asked for a pause, once it has applied that request. */
async function pausedRun(overrides: Parameters<typeof shortRun>[1]) {
  const live = join(tempDir(), 'live');
  const store = new ControlStore(live);
  await store.update({ requested: { paused: true } }, viewer);
  const run = shortRun(live, overrides);
  await until(() => active(live)?.revision === 1);
  return { live, store, run };
}

describe('runtime controls in rr pnr-sim', () => {
  it('waits while paused, then applies a prune request and reports what it applies', async () => {
    const { live, store, run } = await pausedRun({ candidates: 1, trials: 2, rounds: 1, steps: 200 });
    expect(active(live)).toMatchObject({
      schema: 'pnr-control-active-v1',
      active: { paused: true, stop: false },
    });
    expect(readdirSync(join(live, 'events'))).toEqual([]);
    expect(store.state()).toMatchObject({
      revision: 1,
      appliedRevision: 1,
      pending: false,
      limitsFrom: 'experiment',
    });

    await store.update({ requested: { paused: false, prune: ['cand-0.trial-1'] }, revision: 1 }, viewer);
    const summary = await run;
    expect(summary.status).toBe('completed');
    expect(active(live)).toMatchObject({ revision: 2, active: { paused: false, prune: ['cand-0.trial-1'] } });
    const ends = ofKind(readEvents(live), 'lane_end');
    expect(ends.find((e) => e.lane === 'cand-0.trial-1')).toMatchObject({
      status: 'pruned',
      message: expect.stringContaining('pruned on request'),
    });
    expect(ends.find((e) => e.lane === 'cand-0.trial-0')).toMatchObject({ status: 'completed' });
  });

  it('stops cleanly when the viewer asks it to', async () => {
    const { live, store, run } = await pausedRun({ candidates: 2, trials: 2, rounds: 2, steps: 400 });
    await store.update({ requested: { stop: true } }, viewer);
    const summary = await run;
    expect(summary.status).toBe('stopped');
    const events = readEvents(live);
    expect(ofKind(events, 'experiment_end')[0]).toMatchObject({ status: 'stopped' });
    expect(active(live)).toMatchObject({ revision: 2, active: { stop: true } });
  });
});
