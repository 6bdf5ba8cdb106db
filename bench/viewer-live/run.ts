// SPDX-License-Identifier: AGPL-3.0-or-later
// Benchmark of the live directory reader over a live directory of 100,000 events: time to the first full
// state, `since` poll latency (p50/p95) while idle and while new events arrive, and heap. Run with
// `npm run bench:viewer-live`; RR_BENCH_EVENTS and RR_BENCH_POLLS change the sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveExperiment } from '../../tools/viewer/live/live-experiment.js';
import { LiveDirGenerator } from './generate-live-dir.js';
import { latencyLine, percentile } from './poll-latency.js';

const EVENTS = Number(process.env.RR_BENCH_EVENTS ?? 100_000);
const POLLS = Number(process.env.RR_BENCH_POLLS ?? 1000);
const ARRIVALS_PER_POLL = 5;
const TARGET_P95_MS = 20;

const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const dir = mkdtempSync(join(tmpdir(), 'rr-bench-live-'));
try {
  const root = join(dir, 'live');
  const generator = new LiveDirGenerator(root);
  let t = performance.now();
  generator.write(EVENTS);
  console.log(
    `node ${process.version}; generated ${generator.written} events in ${((performance.now() - t) / 1000).toFixed(1)} s${gc ? '' : ' (run with --expose-gc for exact heap figures)'}`,
  );

  const heapBefore = heapMb();
  const experiment = new LiveExperiment({ root });
  t = performance.now();
  const full = await experiment.state();
  const firstMs = performance.now() - t;
  const reader = experiment.reader();
  await reader.idle();
  const heapAfter = heapMb();
  console.log(
    `first full state: ${firstMs.toFixed(0)} ms (${reader.stats().indexed} events indexed, ${full.lanes.length} lanes, ${full.events.length} events returned)`,
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
