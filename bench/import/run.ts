// Prints the time to import the Zephyr RTOS project's StrictDoc requirements (288 requirements, 257
// relations) into a new model folder, and to load and validate that model, each the median of a few
// runs after a warm-up. The set is read from ../shared beside the checkout (or RR_ZEPHYR_REQUIREMENTS).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeImport } from '../../tools/import/imported-model/write-import.js';
import { importStrictdoc } from '../../tools/import/strictdoc/strictdoc-import.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ZEPHYR = resolve(
  process.env.RR_ZEPHYR_REQUIREMENTS ?? join(REPO, '..', 'shared', 'real-requirements', 'zephyr-reqmgmt'),
);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 5);

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

if (!existsSync(ZEPHYR)) {
  console.log(
    `the Zephyr requirements are not at ${ZEPHYR} (set RR_ZEPHYR_REQUIREMENTS): nothing to measure`,
  );
} else {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-import-'));
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
    console.log(
      `node ${process.version}, Zephyr StrictDoc set, ${RUNS} runs each (median), after one warm-up run`,
    );
    console.log(`  import (parse .sdoc/.sgra, map, write YAML): ${median(imports).toFixed(0)} ms`);
    console.log(
      `  load + validate the imported model:           ${median(validates).toFixed(0)} ms (${summary})`,
    );
    console.log(
      `  together:                                     ${(median(imports) + median(validates)).toFixed(0)} ms`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
