// SPDX-License-Identifier: AGPL-3.0-or-later
// One first look at a live directory in a fresh process, as a viewer that just started has it (cold
// modules, an empty parsed-event cache; the event checker compiled, as rr view compiles it while it
// starts). Modes: `wait` asks for the first state as a plain
// GET /api/state does (waiting for the indexing); `stream` asks for partial states as the page does and
// times the first answer with lanes, then the end of the indexing. Then it closes the experiment, which
// writes the persistent index. Prints one JSON line; run.ts starts it and names the cache state.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LiveExperiment } from '../../src/live/live-experiment.js';
import type { IndexOpeningSummary } from '../../src/live/live-index-store.js';
import { prepareLiveEventCheck } from '../../src/telemetry/event-schema.js';

export type FirstStateMode = 'wait' | 'stream';

/** What one run measured. */
export interface FirstStateRun {
  /** Until the whole first state (all files indexed). */
  ms: number;
  /** CPU time (user and system) of the process meanwhile: less sensitive to a busy machine. */
  cpuMs: number;
  /** stream: until the first answer that lists a lane. */
  firstLanesMs?: number;
  /** stream: lanes in that answer, and how many files were indexed then. */
  firstLanes?: number;
  firstDone?: number;
  lanes: number;
  filesRead: number;
  index: IndexOpeningSummary;
  /** After the first state, until the background work ended (the check of the index's stamps). */
  settleMs: number;
  /** Writing the persistent index when the experiment closes. */
  closeMs: number;
}

/** Runs one first look in a child process. */
export function firstStateRun(mode: FirstStateMode, root: string, indexDir: string): Promise<FirstStateRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), mode, root, indexDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      // trusted: this file's own child wrote the line.
      code === 0
        ? resolve(JSON.parse(out) as FirstStateRun)
        : reject(new Error(`first-state run exited with ${code}`)),
    );
  });
}

async function once(mode: FirstStateMode, root: string, indexDir: string): Promise<FirstStateRun> {
  // As rr view does while it starts, before anyone asks for a state.
  prepareLiveEventCheck();
  const experiment = new LiveExperiment({ root, indexDir });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let run: Omit<FirstStateRun, 'lanes' | 'filesRead' | 'index' | 'closeMs' | 'ms' | 'cpuMs' | 'settleMs'> =
    {};
  let lanes: number;
  if (mode === 'stream') {
    let state = await experiment.state({ partial: true });
    while (state.lanes.length === 0 && state.indexing) {
      await new Promise((r) => setImmediate(r));
      state = await experiment.state({ partial: true });
    }
    run = {
      firstLanesMs: performance.now() - t0,
      firstLanes: state.lanes.length,
      firstDone: state.indexing?.done ?? 0,
    };
    lanes = (await experiment.state()).lanes.length;
  } else lanes = (await experiment.state()).lanes.length;
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const s0 = performance.now();
  await experiment.reader().idle();
  const settleMs = performance.now() - s0;
  const stats = experiment.reader().stats();
  const c0 = performance.now();
  await experiment.close();
  return {
    ...run,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    settleMs,
    lanes,
    filesRead: stats.filesRead,
    index: stats.index,
    closeMs: performance.now() - c0,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, root, indexDir] = process.argv.slice(2) as [FirstStateMode, string, string];
  process.stdout.write(`${JSON.stringify(await once(mode, root, indexDir))}\n`);
}
