// SPDX-License-Identifier: AGPL-3.0-or-later
// Benchmark of the live directory reader over a live directory of 100,000 events. First, the first state
// of a viewer process that just started (each run in a fresh process): fresh (no persistent index),
// streamed to a page that asks for partial states (time to the first lanes), reopened with the index,
// and reopened after new events arrived. Then, in this process, `since` poll latency (p50/p95) while idle
// and while new events arrive, and heap. Run with `npm run bench:viewer-live`; RR_BENCH_EVENTS,
// RR_BENCH_POLLS and RR_BENCH_RUNS change the sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveExperiment } from '../../src/live/live-experiment.js';
import { firstStateRun, type FirstStateMode, type FirstStateRun } from './first-state.js';
import { LiveDirGenerator } from './generate-live-dir.js';
import { latencyLine, percentile } from './poll-latency.js';

const EVENTS = Number(process.env.RR_BENCH_EVENTS ?? 100_000);
const POLLS = Number(process.env.RR_BENCH_POLLS ?? 1000);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const ARRIVALS_PER_POLL = 5;
const TARGET_P95_MS = 20;
const TARGET_FIRST_MS = 1000;
/** Events written before each "reopened after new events" run. */
const APPENDED = 1000;

const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** `median M ms (min–max; each run)` of run times. */
const figures = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (range ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms; runs ${values.map((v) => v.toFixed(0)).join(', ')})`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const count = (n: number) => n.toLocaleString('en-US');

/** RUNS first looks of one kind; `before` prepares each (removes the index, writes events). */
async function firstStates(
  mode: FirstStateMode,
  root: string,
  indexDir: string,
  before: () => void,
): Promise<FirstStateRun[]> {
  const runs: FirstStateRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    before();
    runs.push(await firstStateRun(mode, root, indexDir));
  }
  return runs;
}

/** Wall-clock figures, then the CPU time of the same runs. */
const timed = (runs: FirstStateRun[]) =>
  `${figures(runs.map((r) => r.ms))}; CPU ${figures(runs.map((r) => r.cpuMs))}`;

const opening = (run: FirstStateRun) =>
  run.index.state === 'loaded'
    ? `index loaded (${count(run.index.entries)} entries)`
    : `index ${run.index.state}`;

const dir = mkdtempSync(join(tmpdir(), 'rr-bench-live-'));
try {
  const root = join(dir, 'live');
  const indexDir = join(dir, 'cache', 'live-index');
  const generator = new LiveDirGenerator(root);
  let t = performance.now();
  generator.write(EVENTS);
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs, load average ${load()} (1, 5, 15 min); generated ${count(generator.written)} events in ${((performance.now() - t) / 1000).toFixed(1)} s${gc ? '' : ' (run with --expose-gc for exact heap figures)'}`,
  );
  console.log(
    `first state of a viewer process that just started, ${RUNS} runs each, each in a new process; the event files are in the OS page cache (written just before)`,
  );
  const noIndex = () => rmSync(indexDir, { recursive: true, force: true });
  const fresh = await firstStates('wait', root, indexDir, noIndex);
  console.log(
    `  fresh (no index file; every event file read and checked): ${timed(fresh)}; ${count(fresh[0]!.filesRead)} files read, ${count(fresh[0]!.lanes)} lanes; writing the index ${figures(fresh.map((r) => r.closeMs))} more`,
  );
  const stream = await firstStates('stream', root, indexDir, noIndex);
  console.log(
    `  fresh, streamed as the page asks (partial=1): first answer with lanes ${figures(stream.map((r) => r.firstLanesMs!))}, holding ${stream[0]!.firstLanes} lanes after ${count(stream[0]!.firstDone!)} of ${count(stream[0]!.filesRead)} files; all indexed ${timed(stream)}`,
  );
  const reopened = await firstStates('wait', root, indexDir, () => undefined);
  console.log(
    `  reopened (${opening(reopened[0]!)}, events/ unchanged since it was written: no stat per file): ${timed(reopened)}; ${reopened[0]!.filesRead} files read`,
  );
  const appended = await firstStates('wait', root, indexDir, () => generator.write(APPENDED));
  console.log(
    `  reopened after about ${count(APPENDED)} new events each (${opening(appended[0]!)}, events/ changed: the new files read, the others' stamps checked after the first state, in the background): ${timed(appended)}; ${appended.map((r) => count(r.filesRead)).join(', ')} files read; the check took ${figures(appended.map((r) => r.settleMs))} more`,
  );
  const worst = Math.max(...reopened.map((r) => r.ms));
  const worstLanes = Math.max(...stream.map((r) => r.firstLanesMs!));
  console.log(
    `  target < ${TARGET_FIRST_MS} ms: reopened ${worst < TARGET_FIRST_MS ? 'met' : 'missed'} (worst ${worst.toFixed(0)} ms); first lanes of a fresh open ${worstLanes < TARGET_FIRST_MS ? 'met' : 'missed'} (worst ${worstLanes.toFixed(0)} ms)`,
  );

  const heapBefore = heapMb();
  const experiment = new LiveExperiment({ root, indexDir });
  t = performance.now();
  const full = await experiment.state();
  const firstMs = performance.now() - t;
  const reader = experiment.reader();
  await reader.idle();
  const heapAfter = heapMb();
  console.log(
    `in this process, reopened (${reader.stats().index.state}): first full state ${firstMs.toFixed(0)} ms (${count(reader.stats().indexed)} events indexed, ${full.lanes.length} lanes, ${full.events.length} events returned)`,
  );
  console.log(
    `heap: ${heapAfter.toFixed(1)} MB with the reader loaded (+${(heapAfter - heapBefore).toFixed(1)} MB for ${reader.stats().indexed} events; ${reader.stats().parsedHeld} parsed events held)`,
  );

  t = performance.now();
  const laneState = await experiment.state({ lane: full.lanes.at(-1)!.id });
  console.log(
    `full state of one lane (with its current view): ${(performance.now() - t).toFixed(1)} ms, ${laneState.events.length} events`,
  );

  let cursor = full.cursor;
  const idle: number[] = [];
  for (let i = 0; i < POLLS; i++) {
    const s0 = performance.now();
    const s = await experiment.state({ since: cursor });
    idle.push(performance.now() - s0);
    if (s.changed) throw new Error('an idle poll reported a change');
  }
  console.log(latencyLine('since poll, idle', idle));

  const arriving: number[] = [];
  let delivered = 0;
  for (let i = 0; i < POLLS; i++) {
    generator.writeCosts(ARRIVALS_PER_POLL);
    const s0 = performance.now();
    const s = await experiment.state({ since: cursor });
    arriving.push(performance.now() - s0);
    delivered += s.events.length;
    cursor = s.cursor;
  }
  await reader.idle();
  delivered += (await experiment.state({ since: cursor })).events.length;
  console.log(latencyLine(`since poll, ${ARRIVALS_PER_POLL} new events before each`, arriving));
  console.log(
    `delivered ${delivered} of ${POLLS * ARRIVALS_PER_POLL} new events; reader holds ${reader.stats().parsedHeld} parsed events; heap ${heapMb().toFixed(1)} MB`,
  );
  const p95 = Math.max(percentile(idle, 95), percentile(arriving, 95));
  console.log(
    `target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'missed'} (worst p95 ${p95.toFixed(2)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
