// Prints the time to load+validate generated models of 10,000 and 50,000 entities, and the time just
// to parse the same files with the yaml package, measured in the same process; plus their ratio.
import { readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadModel } from '../../tools/model/load-model.js';
import { listModelFiles } from '../../tools/model/model-files.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { generateModel } from './generate-model.js';

const SIZES = (process.env.RR_BENCH_SIZES ?? '10000,50000').split(',').map(Number);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 5);

async function bareParse(files: string[]): Promise<number> {
  const t0 = performance.now();
  for (const file of files) parseAllDocuments(await readFile(file, 'utf8'));
  return performance.now() - t0;
}

async function loadAndValidate(dir: string): Promise<{ ms: number; diagnostics: number; entities: number }> {
  const t0 = performance.now();
  const model = await loadModel(dir);
  const diagnostics = validateModel(model);
  return { ms: performance.now() - t0, diagnostics: diagnostics.length, entities: model.entities.length };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const root = await mkdtemp(join(tmpdir(), 'rr-bench-'));
try {
  console.log(`node ${process.version}, ${RUNS} runs each (median), after one warm-up run`);
  for (const size of SIZES) {
    const dir = join(root, String(size));
    const { files: fileCount } = await generateModel(dir, size);
    const { files } = listModelFiles(dir);
    await bareParse(files);
    const warm = await loadAndValidate(dir);
    if (warm.diagnostics > 0) console.log(`  note: the generated model has ${warm.diagnostics} diagnostics`);
    const parse: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      parse.push(await bareParse(files));
      full.push((await loadAndValidate(dir)).ms);
    }
    const p = median(parse);
    const f = median(full);
    console.log(
      `${String(warm.entities).padStart(6)} entities in ${fileCount} files: load+validate ${f.toFixed(0)} ms, yaml parse only ${p.toFixed(0)} ms, ratio ${(f / p).toFixed(2)}x`,
    );
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
