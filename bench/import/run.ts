// Prints the time to import the Zephyr RTOS project's StrictDoc requirements (288 requirements, 257
// relations) into a new model folder, and to load and validate that model: as a user runs them, one
// `rr import strictdoc` and one `rr validate` in a fresh process each, with the compose cache empty
// (first) and filled (cached); and warm, in this process after a warm-up. Each figure is the median of
// a few runs. The set is read from ../shared beside the checkout (or RR_ZEPHYR_REQUIREMENTS).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeImport } from '../../tools/import/imported-model/write-import.js';
import { importStrictdoc } from '../../tools/import/strictdoc/strictdoc-import.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { median, msSpread, timeRrProcess } from '../rr-process.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ZEPHYR = resolve(
  process.env.RR_ZEPHYR_REQUIREMENTS ?? join(REPO, '..', 'shared', 'real-requirements', 'zephyr-reqmgmt'),
);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 5);

const range = msSpread;

/** Milliseconds from starting `rr ARGS` in a new process to its exit, which must be 0. */
async function rrProcess(args: string[], cache: string): Promise<number> {
  const run = await timeRrProcess(args, { RR_CACHE_DIR: cache });
  if (run.code !== 0) throw new Error(`rr ${args.join(' ')} exited with ${run.code}`);
  return run.ms;
}

/**
 * `rr import strictdoc` into a new folder and `rr validate` of it, each in a fresh process: first with
 * the compose cache emptied before the command, then cached (the same command again, its cache filled).
 */
async function freshProcesses(root: string): Promise<string[]> {
  const cache = join(root, 'compose-cache');
  const importFirst: number[] = [];
  const importCached: number[] = [];
  const validateFirst: number[] = [];
  const validateCached: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = (name: string) => join(root, `fresh-${i}-${name}`);
    await rm(cache, { recursive: true, force: true });
    importFirst.push(await rrProcess(['import', 'strictdoc', ZEPHYR, '--out', out('first')], cache));
    importCached.push(await rrProcess(['import', 'strictdoc', ZEPHYR, '--out', out('cached')], cache));
    await rm(cache, { recursive: true, force: true });
    validateFirst.push(await rrProcess(['validate', out('first')], cache));
    await rrProcess(['validate', out('first')], cache); // the second sighting writes the compose cache
    validateCached.push(await rrProcess(['validate', out('first')], cache));
  }
  return [
    `  fresh process, as a user runs them (import validates the new model too):`,
    `    rr import strictdoc  first  (compose cache empty):  ${range(importFirst)}`,
    `    rr import strictdoc  cached (compose cache filled): ${range(importCached)}`,
    `    rr validate          first  (compose cache empty):  ${range(validateFirst)}`,
    `    rr validate          cached (compose cache filled): ${range(validateCached)}`,
  ];
}

if (!existsSync(ZEPHYR)) {
  console.log(
    `the Zephyr requirements are not at ${ZEPHYR} (set RR_ZEPHYR_REQUIREMENTS): nothing to measure`,
  );
} else {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-import-'));
  // The compose cache of the warm runs lives here too, never in the user's home folder.
  process.env.RR_CACHE_DIR = join(root, 'warm-cache');
  try {
    const imports: number[] = [];
    const validates: number[] = [];
    let summary = '';
    for (let i = 0; i <= RUNS; i++) {
      const out = join(root, `run-${i}`);
      const t0 = performance.now();
      await writeImport(out, importStrictdoc(ZEPHYR));
      const t1 = performance.now();
      const model = await loadModel(out);
      const diagnostics = validateModel(model);
      const t2 = performance.now();
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      summary = `${model.entities.length} entities, ${errors} errors, ${diagnostics.length - errors} warnings`;
      // The first run warms up the parser and the schema compiler; it is not counted.
      if (i > 0) {
        imports.push(t1 - t0);
        validates.push(t2 - t1);
      }
    }
    console.log(`node ${process.version}, Zephyr StrictDoc set, ${RUNS} runs each (median)`);
    console.log(`  warm, in this process after one warm-up run:`);
    console.log(`    import (parse .sdoc/.sgra, map, write YAML): ${median(imports).toFixed(0)} ms`);
    console.log(
      `    load + validate the imported model:           ${median(validates).toFixed(0)} ms (${summary})`,
    );
    console.log(
      `    together:                                     ${(median(imports) + median(validates)).toFixed(0)} ms`,
    );
    for (const line of await freshProcesses(root)) console.log(line);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
