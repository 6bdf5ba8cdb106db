// Prints what the incremental engine (tools/incremental) costs on a generated model of 10,000 entities
// in about 40 files (bench/validate's shape), next to the batch analysis of the same model in this
// process: the first load, then one-character edits of a title in one file (as a language server gets
// them while the user types), each followed by that file's diagnostics and by all of them; p50/p95.
// Targets (issue 28): p95 under 50 ms for a one-character change's diagnostics.
// RR_BENCH_ENTITIES, RR_BENCH_EDITS.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openModelEngine } from '../../tools/incremental/engine-from-disk.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { generateModel } from '../validate/generate-model.js';
import { percentile, spread } from './percentiles.js';

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
    const batch: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      validateModel(await loadModel(dir));
      batch.push(performance.now() - t0);
    }
    console.log(`batch load + validate (in process, warm): ${spread(batch)}`);
    let t0 = performance.now();
    const engine = openModelEngine(dir);
    const first = engine.diagnostics();
    console.log(
      `engine first load + diagnostics: ${(performance.now() - t0).toFixed(0)} ms (${first.length} diagnostics)`,
    );
    const files = engine.model().files.filter((f) => !f.endsWith('rr.yaml'));
    const fileMs: number[] = [];
    const allMs: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const file = files[(i * 7) % files.length]!;
      const text = await readFile(file, 'utf8');
      // One character more in the first title of the file, different each time.
      const at = text.indexOf('title: ') + 7;
      const edited = text.slice(0, at) + String.fromCharCode(97 + (i % 26)) + text.slice(at);
      t0 = performance.now();
      engine.setText(file, { ok: true, text: edited, bom: false });
      engine.diagnosticsOf(file);
      fileMs.push(performance.now() - t0);
      t0 = performance.now();
      engine.diagnostics();
      allMs.push(performance.now() - t0);
      engine.setText(file, { ok: true, text, bom: false });
      engine.diagnosticsOf(file);
    }
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
