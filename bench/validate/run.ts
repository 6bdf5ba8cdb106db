// Prints the time of `rr validate` on generated models of 10,000 and 50,000 entities.
// First, the layout matrix: the same entities in one file, in sections files of 250 entities (42 files
// at 10,000) and in one file per entity; as YAML with comments, without comments, with folded block
// scalars, and as JSON. Each is timed as the whole bin/rr.js process (what the user waits for), first
// run (compose cache empty) and cached, with its ratio to the best layout of its size and the
// 50k/10k ratio (linear work gives about 5), and the targets met or missed.
// Then, for the shape the benches have always used (sections files with comments and folded text),
// the work in three cache states, each named: "first" is a fresh process with the compose cache empty,
// "cached" a fresh process whose model files are all in the compose cache, "warm" this process after a
// warm-up; beside them, the yaml package's bare parse of the same files, and the load average, since a
// loaded machine stretches every figure.
// RR_BENCH_SIZES, RR_BENCH_RUNS, RR_BENCH_LAYOUTS, RR_BENCH_FORMATS, RR_BENCH_LIMIT_S (a run still going
// then is stopped and printed as "> N s"), RR_BENCH_DETAIL=0 skips the second part;
// `run.js --once DIR` is one fresh-process run (to profile it).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadModelEngine } from '../../tools/incremental/load-model-engine.js';
import { listModelFiles } from '../../tools/model/model-files.js';
import { generateModel } from './generate-model.js';
import { FORMATS, LAYOUTS, layoutMatrix } from './layout-matrix.js';
import { median, msSpread, secondsSpread, targetVerdict, timeRrProcess } from '../rr-process.js';

/** What a user waits for on the first `rr validate` of 10,000 entities, compose cache empty. */
const FIRST_RUN_TARGET_MS = 1000;

const SIZES = (process.env.RR_BENCH_SIZES ?? '10000,50000').split(',').map(Number);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 5);
const MATRIX_RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const LIMIT_MS = Number(process.env.RR_BENCH_LIMIT_S ?? 120) * 1000;
const list = <T extends string>(name: string, all: T[]): T[] =>
  process.env[name] ? (process.env[name].split(',') as T[]).filter((v) => all.includes(v)) : all;
const DETAIL = process.env.RR_BENCH_DETAIL !== '0';

interface Run {
  ms: number;
  diagnostics: number;
  entities: number;
}

async function bareParse(files: string[]): Promise<number> {
  const t0 = performance.now();
  for (const file of files) parseAllDocuments(await readFile(file, 'utf8'));
  return performance.now() - t0;
}

/** What `rr validate` does: the model loaded into the incremental engine, its diagnostics taken from it. */
async function loadAndValidate(dir: string): Promise<Run> {
  const t0 = performance.now();
  const engine = await loadModelEngine(dir);
  const diagnostics = engine.diagnostics();
  return {
    ms: performance.now() - t0,
    diagnostics: diagnostics.length,
    entities: engine.model().entities.length,
  };
}

/** One run in a fresh process, as `rr validate` is, with the compose cache folder `cache`. */
function freshRun(dir: string, cache: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--once', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, RR_CACHE_DIR: cache },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Run) : reject(new Error(`run exited with ${code}`)),
    );
  });
}

const range = msSpread;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-'));
  try {
    console.log(
      `node ${process.version}, ${availableParallelism()} CPUs, ${RUNS} runs each (median and range); ` +
        `load average ${load()} (1, 5, 15 min)`,
    );
    await layoutMatrix(
      root,
      SIZES,
      MATRIX_RUNS,
      LIMIT_MS,
      list('RR_BENCH_LAYOUTS', LAYOUTS),
      list('RR_BENCH_FORMATS', FORMATS),
    );
    if (!DETAIL) return;
    console.log('\nsections files with comments and folded text, in detail:');
    for (const size of SIZES) {
      const dir = join(root, String(size));
      const cache = join(root, `cache-${size}`);
      process.env.RR_CACHE_DIR = cache;
      const { files: fileCount } = await generateModel(dir, size);
      const { files } = listModelFiles(dir);
      const first: number[] = [];
      const cached: number[] = [];
      let entities = 0;
      for (let i = 0; i < RUNS; i++) {
        await rm(cache, { recursive: true, force: true });
        const run = await freshRun(dir, cache);
        first.push(run.ms);
        entities = run.entities;
        if (run.diagnostics > 0)
          console.log(`  note: the generated model has ${run.diagnostics} diagnostics`);
        await freshRun(dir, cache); // the second run of the same bytes writes the compose cache
        cached.push((await freshRun(dir, cache)).ms);
      }
      const processFirst: number[] = [];
      const processCached: number[] = [];
      const loads: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        await rm(cache, { recursive: true, force: true });
        processFirst.push((await timeRrProcess(['validate', dir], { RR_CACHE_DIR: cache })).ms);
        processCached.push((await timeRrProcess(['validate', dir], { RR_CACHE_DIR: cache })).ms);
        loads.push(load().split(' ')[0]!);
      }
      await bareParse(files);
      await loadAndValidate(dir);
      const parse: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        parse.push(await bareParse(files));
        warm.push((await loadAndValidate(dir)).ms);
      }
      console.log(
        `${entities} entities in ${fileCount} files (load average now ${load()}):\n` +
          `  first  (fresh process, compose cache empty):  ${range(first)}\n` +
          `  cached (fresh process, compose cache filled): ${range(cached)}\n` +
          `  warm   (this process, cache filled):          ${range(warm)}\n` +
          `  yaml package parse only (this process):       ${range(parse)}; ` +
          `first/parse ${(median(first) / median(parse)).toFixed(2)}x\n` +
          `  the whole bin/rr.js validate process (what the user waits for; 1-min load average ${loads.join(', ')}):\n` +
          `    first  (compose cache empty):  ${secondsSpread(processFirst)}` +
          (size === 10_000
            ? `, target < ${FIRST_RUN_TARGET_MS / 1000} s: ${targetVerdict(processFirst, FIRST_RUN_TARGET_MS)}`
            : '') +
          `\n    cached (compose cache filled): ${secondsSpread(processCached)}`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--once') console.log(JSON.stringify(await loadAndValidate(process.argv[3]!)));
else await main();
