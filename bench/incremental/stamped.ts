// Prints what the incremental engine costs on a generated model of 10,000 entities under change control
// (every link stamped in rr.reviewed, docs/change-control.md), next to the batch analysis of the same
// model in this process: one-character edits of the first title of a file (a normative field: the links
// resting on that entity turn suspect), each followed by that file's diagnostics and by all of them;
// then one stamp dropped from the stamps file (a link turns suspect). p50/p95, and how often the
// suspect-link queries ran. RR_BENCH_ENTITIES, RR_BENCH_EDITS.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkReviews } from '../../tools/change-control/link-reviews.js';
import { clearedStampsText } from '../../tools/change-control/stamp-changes.js';
import { loadModel } from '../../tools/model/load-model.js';
import { reviewStampsPathOf } from '../../tools/model/review-stamps.js';
import { generateModel } from '../validate/generate-model.js';
import { spread } from './percentiles.js';
import { openTimedEngine, printBatchFigures, timeTitleEdits } from './title-edits.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 10_000);
const EDITS = Number(process.env.RR_BENCH_EDITS ?? 100);

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-bench-incremental-stamped-'));
  try {
    const shape = await generateModel(dir, ENTITIES);
    const unstamped = await loadModel(dir);
    const reviews = linkReviews(unstamped);
    const stampsPath = reviewStampsPathOf(unstamped, true);
    const stamps = clearedStampsText(unstamped, reviews, reviews, {
      by: 'Bench Reviewer <bench@example.com>',
      at: '2026-01-01T00:00:00Z',
    });
    await writeFile(stampsPath, stamps);
    console.log(
      `model: ${shape.entities} entities in ${shape.files} files, ${reviews.length} links stamped; load ${loadavg()[0]!.toFixed(2)}`,
    );
    await printBatchFigures(dir);
    const engine = openTimedEngine(dir);
    const files = engine.model().files.filter((f) => !f.endsWith('rr.yaml'));
    let judged = 0;
    let before = 0;
    const { fileMs, allMs } = await timeTitleEdits(engine, EDITS, {
      before: () => {
        before = engine.runs.get('suspectOfFile') ?? 0;
      },
      after: () => {
        judged += (engine.runs.get('suspectOfFile') ?? 0) - before;
      },
    });
    console.log(`one-character normative change → the file's diagnostics: ${spread(fileMs)}`);
    console.log(`  then every file's diagnostics: ${spread(allMs)}`);
    console.log(
      `  files whose links were judged again per edit: ${(judged / EDITS).toFixed(1)} of ${files.length}`,
    );
    const lines = stamps.split('\n');
    const dropAt = lines.findIndex((l) => l.startsWith('{"parent"'));
    const dropped = [...lines.slice(0, dropAt), ...lines.slice(dropAt + 1)].join('\n');
    const judgedBefore = engine.runs.get('suspectOfFile') ?? 0;
    const t0 = performance.now();
    engine.setReviewStamps({ path: stampsPath, text: dropped });
    const suspect = engine.diagnostics().filter((d) => d.rule === 'suspect-link').length;
    console.log(
      `one stamp dropped → every file's diagnostics: ${(performance.now() - t0).toFixed(1)} ms (${suspect} suspect, ${(engine.runs.get('suspectOfFile') ?? 0) - judgedBefore} files judged again)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
