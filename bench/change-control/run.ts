// Prints the time of `rr suspect` on the Zephyr RTOS project's StrictDoc requirements (288
// requirements, 257 refines links) after one parent changed: the set is imported into a new model,
// stamped with `rr suspect clear --all`, the requirement with the most children gets a new
// description (a checked save, as the editor makes it), and `rr suspect` lists what that made
// suspect. As a user runs it, in a fresh process (compose cache filled), and warm in this process
// (load the model, judge every link). Each figure is the median of a few runs. The set is read from
// ../shared beside the checkout (or RR_ZEPHYR_REQUIREMENTS).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkReviews } from '../../tools/change-control/link-reviews.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { writeImport } from '../../tools/import/imported-model/write-import.js';
import { importStrictdoc } from '../../tools/import/strictdoc/strictdoc-import.js';
import { stringList } from '../../tools/model/entity.js';
import { loadModel } from '../../tools/model/load-model.js';
import { median, msSpread, timeRrProcess } from '../rr-process.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ZEPHYR = resolve(
  process.env.RR_ZEPHYR_REQUIREMENTS ?? join(REPO, '..', 'shared', 'real-requirements', 'zephyr-reqmgmt'),
);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 5);
const AUTHOR = 'Bench Reviewer <bench@example.com>';

if (!existsSync(ZEPHYR)) {
  console.log(
    `the Zephyr requirements are not at ${ZEPHYR} (set RR_ZEPHYR_REQUIREMENTS): nothing to measure`,
  );
} else {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-suspect-'));
  const cache = join(root, 'compose-cache');
  process.env.RR_CACHE_DIR = cache;
  try {
    const model = join(root, 'model');
    await writeImport(model, importStrictdoc(ZEPHYR));
    const start = await timeRrProcess(['suspect', 'clear', '--all', '--model', model, '--author', AUTHOR], {
      RR_CACHE_DIR: cache,
    });
    if (start.code !== 0) throw new Error(`rr suspect clear --all exited with ${start.code}`);

    // The parent with the most children gets a new description.
    const loaded = await loadModel(model);
    const children = new Map<string, number>();
    for (const e of loaded.entities)
      for (const id of stringList(e.data.refines)) children.set(id, (children.get(id) ?? 0) + 1);
    const [parentId] = [...children].sort((a, b) => b[1] - a[1])[0]!;
    const parent = loaded.byId.get(parentId)!;
    await saveEdit(
      { root, modelPath: model },
      {
        op: 'update',
        id: parentId,
        version: entityVersion(parent),
        data: { ...parent.data, description: `${String(parent.data.description ?? '')} (revised)` },
      },
    );

    const fresh: number[] = [];
    let code = 0;
    for (let i = 0; i <= RUNS; i++) {
      const run = await timeRrProcess(['suspect', '--model', model, '--format', 'json'], {
        RR_CACHE_DIR: cache,
      });
      code = run.code;
      // The first run fills the compose cache for the changed file; it is not counted.
      if (i > 0) fresh.push(run.ms);
    }
    const warm: number[] = [];
    let summary = '';
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const m = await loadModel(model);
      const reviews = linkReviews(m);
      const t1 = performance.now();
      const suspect = reviews.filter((r) => r.state === 'suspect').length;
      summary = `${m.entities.length} entities, ${reviews.length} links, ${suspect} suspect after changing ${parentId} (${children.get(parentId)} children)`;
      if (i > 0) warm.push(t1 - t0);
    }
    console.log(`node ${process.version}, Zephyr StrictDoc set, ${RUNS} runs each (median)`);
    console.log(`  ${summary}`);
    console.log(`  rr suspect clear --all (first stamping, fresh process): ${start.ms.toFixed(0)} ms`);
    console.log(`  rr suspect --format json, fresh process (exit ${code}): ${msSpread(fresh)}`);
    console.log(
      `  warm, in this process: load the model and judge every link: ${median(warm).toFixed(0)} ms`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
