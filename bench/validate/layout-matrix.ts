// The layout matrix of `rr validate`: the same generated entities in every layout and format, each
// timed as the whole bin/rr.js process, first run (compose cache empty), second (the run that writes
// the cache: a file is cached the second time rr meets its bytes) and cached. Linear work in
// every layout shows as rows within 1.5x of the best one and a 50k/10k ratio of about 5.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generateModel, type ModelFormat, type ModelLayout, type ModelShape } from './generate-model.js';
import { median, RrProcessTimeout, timeRrProcess } from '../rr-process.js';

/** Every layout and format of the matrix, in printing order. */
export const LAYOUTS: ModelLayout[] = ['one-file', 'sections', 'per-entity'];
export const FORMATS: ModelFormat[] = ['yaml-comments', 'yaml-plain', 'yaml-folded', 'json'];

/** Targets: 10,000 entities in one file under 1 s; 50,000 under 4 s; rows within 1.5x; ratio under 6. */
const ONE_FILE_TARGET_MS: Record<number, number> = { 10_000: 1000, 50_000: 4000 };
const WITHIN_BEST = 1.5;
const RATIO_LIMIT = 6;

/** One shape's figures at one size: medians in ms (Infinity: stopped at the limit), and the files. */
interface Cell {
  shape: ModelShape;
  size: number;
  files: number;
  bytes: number;
  first: number[];
  firstCpu: number[];
  second: number[];
  cached: number[];
}

const shapeName = (s: ModelShape) => `${s.layout.padEnd(10)} ${s.format.padEnd(13)}`;
const seconds = (ms: number[], limitMs: number) =>
  ms.length === 0 || median(ms) === Infinity
    ? `> ${(limitMs / 1000).toFixed(0)} s`.padEnd(18)
    : `${(median(ms) / 1000).toFixed(2)} s (${(Math.min(...ms) / 1000).toFixed(2)}–${(Math.max(...ms) / 1000).toFixed(2)})`.padEnd(
        18,
      );

// User + system time of the first runs (GNU time): what a busy machine changes least.
const cpuSeconds = (ms: number[]) => (ms.length === 0 ? '' : `${(median(ms) / 1000).toFixed(2)} s`);

/** Times `rr validate DIR` `runs` times each way; a first run past the limit ends that shape's runs. */
async function timeShape(dir: string, cache: string, runs: number, limitMs: number) {
  const first: number[] = [];
  const firstCpu: number[] = [];
  const second: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(cache, { recursive: true, force: true });
    try {
      const run = await timeRrProcess(['validate', dir], { RR_CACHE_DIR: cache }, limitMs);
      first.push(run.ms);
      if (run.cpuMs !== null) firstCpu.push(run.cpuMs);
      // The second run of the same bytes writes the compose cache; the third is served from it.
      second.push((await timeRrProcess(['validate', dir], { RR_CACHE_DIR: cache }, limitMs)).ms);
      cached.push((await timeRrProcess(['validate', dir], { RR_CACHE_DIR: cache }, limitMs)).ms);
    } catch (error) {
      if (!(error instanceof RrProcessTimeout)) throw error;
      first.push(Infinity);
      second.push(Infinity);
      cached.push(Infinity);
      break;
    }
  }
  return { first, firstCpu, second, cached };
}

/** Generates and times every shape at every size under `root`, printing each row as it is measured. */
export async function layoutMatrix(
  root: string,
  sizes: number[],
  runs: number,
  limitMs: number,
  layouts: ModelLayout[] = LAYOUTS,
  formats: ModelFormat[] = FORMATS,
): Promise<void> {
  const cells: Cell[] = [];
  for (const size of sizes) {
    console.log(
      `\n${size} entities: the whole rr validate process, median (range) of ${runs}; first = compose cache empty, second = writes it`,
    );
    console.log(
      `  ${'layout'.padEnd(10)} ${'format'.padEnd(13)} files   MB     first              second             cached             first, CPU`,
    );
    for (const layout of layouts) {
      for (const format of formats) {
        const shape = { layout, format };
        const dir = join(root, `${size}-${layout}-${format}`);
        const { files, bytes } = await generateModel(dir, size, shape);
        const times = await timeShape(dir, join(root, 'cache'), runs, limitMs);
        await rm(dir, { recursive: true, force: true });
        const cell = { shape, size, files, bytes, ...times };
        cells.push(cell);
        console.log(
          `  ${shapeName(shape)} ${String(files).padStart(5)} ${(bytes / 1e6).toFixed(1).padStart(5)}   ` +
            `${seconds(cell.first, limitMs)} ${seconds(cell.second, limitMs)} ${seconds(cell.cached, limitMs)} ` +
            cpuSeconds(cell.firstCpu),
        );
      }
    }
  }
  printVerdicts(cells, sizes);
}

/** Each size's best layout and every row's ratio to it; the 50k/10k ratios; the targets. */
function printVerdicts(cells: Cell[], sizes: number[]): void {
  const verdicts: string[] = [];
  for (const size of sizes) {
    const row = cells.filter((c) => c.size === size);
    const best = Math.min(...row.map((c) => median(c.first)));
    const worst = row.reduce((a, c) => (median(c.first) > median(a.first) ? c : a));
    const slowest = median(worst.first) / best;
    verdicts.push(
      `${size}: slowest first run ${shapeName(worst.shape).trim()} at ${slowest.toFixed(2)}x the best ` +
        `(target within ${WITHIN_BEST}x: ${slowest <= WITHIN_BEST ? 'met' : 'missed'})`,
    );
    const target = ONE_FILE_TARGET_MS[size];
    if (target !== undefined) {
      const oneFile = row.filter((c) => c.shape.layout === 'one-file');
      const slowestOne = Math.max(...oneFile.map((c) => median(c.first)));
      verdicts.push(
        `${size}: one file, slowest format first run ${(slowestOne / 1000).toFixed(2)} s ` +
          `(target under ${target / 1000} s: ${slowestOne < target ? 'met' : 'missed'})`,
      );
    }
  }
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  if (small !== large) {
    console.log(
      `\n${large}/${small} ratio of the first and cached runs (linear work: about ${large / small}):`,
    );
    let highest = 0;
    for (const cell of cells.filter((c) => c.size === small)) {
      const big = cells.find(
        (c) =>
          c.size === large && c.shape.layout === cell.shape.layout && c.shape.format === cell.shape.format,
      );
      if (!big) continue;
      const first = median(big.first) / median(cell.first);
      const cached = median(big.cached) / median(cell.cached);
      highest = Math.max(highest, first);
      console.log(`  ${shapeName(cell.shape)} first ${first.toFixed(2)}, cached ${cached.toFixed(2)}`);
    }
    verdicts.push(
      `${large}/${small}: highest first-run ratio ${highest.toFixed(2)} (target under ${RATIO_LIMIT}: ${highest < RATIO_LIMIT ? 'met' : 'missed'})`,
    );
  }
  console.log('\ntargets:');
  for (const v of verdicts) console.log(`  ${v}`);
}
