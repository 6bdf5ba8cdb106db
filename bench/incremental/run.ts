// Prints what the incremental engine (tools/incremental) costs on a generated model of 10,000 entities
// in about 40 files (bench/validate's shape), next to the batch analysis of the same model in this
// process: the first load, then one-character edits of a title in one file (as a language server gets
// them while the user types), each followed by that file's diagnostics and by all of them; p50/p95.
// Targets (issue 28): p95 under 50 ms for a one-character change's diagnostics.
// RR_BENCH_ENTITIES, RR_BENCH_EDITS.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateModel } from '../validate/generate-model.js';
import { percentile, spread } from './percentiles.js';
import { openTimedEngine, printBatchFigures, timeTitleEdits } from './title-edits.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 10_000);
const EDITS = Number(process.env.RR_BENCH_EDITS ?? 200);
const TARGET_P95_MS = 50;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-bench-incremental-'));
  try {
    const shape = await generateModel(dir, ENTITIES);
    console.log(
      `model: ${shape.entities} entities in ${shape.files} files; load ${loadavg()[0]!.toFixed(2)}`,
    );
    await printBatchFigures(dir);
    const engine = openTimedEngine(dir);
    const { fileMs, allMs } = await timeTitleEdits(engine, EDITS);
    const p95 = percentile(fileMs, 0.95);
    console.log(
      `one-character change → the file's diagnostics: ${spread(fileMs)} (target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'missed'})`,
    );
    console.log(`  then every file's diagnostics: ${spread(allMs)}`);
    console.log(`queries run: ${[...engine.runs].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
