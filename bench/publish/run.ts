// Prints what `rr publish` costs on a large workspace: a model of 5,000 entities and an evidence tree of
// 200,000 cases over 2,000 targets (bench/report's generator). The whole bin/rr.js process is timed,
// first run (compose cache empty) and cached, RR_BENCH_RUNS times each, against the target of 10 s;
// then the pack's page count and largest page or script (the limit is 2 MB), and how long Chromium takes to show
// its start page from file:// (load event, the target is 1 s). Sizes: RR_BENCH_ENTITIES,
// RR_BENCH_CASES, RR_BENCH_TARGETS; RR_BENCH_KEEP=1 keeps the workspace.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { generateWorkspace } from '../report/generate-workspace.js';
import { msSpread, secondsSpread, targetVerdict, timeRrProcess } from '../rr-process.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 5000);
const CASES = Number(process.env.RR_BENCH_CASES ?? 200_000);
const TARGETS = Number(process.env.RR_BENCH_TARGETS ?? 2000);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const KEEP = process.env.RR_BENCH_KEEP === '1';
const CHROMIUM = process.env.RR_CHROMIUM || '/usr/bin/chromium';

const load = () => `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

async function largestFile(
  dir: string,
): Promise<{ count: number; name: string; bytes: number; total: number }> {
  let best = { count: 0, name: '', bytes: 0, total: 0 };
  for (const name of await readdir(dir, { recursive: true })) {
    const info = await stat(join(dir, name));
    if (!info.isFile()) continue;
    best.total += info.size;
    if (name.endsWith('.html')) best.count++;
    // What a browser opens: the pages and their scripts (the search index's pieces among them).
    const opened = name.endsWith('.html') || name.endsWith('.js');
    if (opened && info.size > best.bytes) best = { ...best, name, bytes: info.size };
  }
  return best;
}

async function startPageMs(out: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      const t0 = performance.now();
      await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
      times.push(performance.now() - t0);
      await page.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-publish-'));
  try {
    const g0 = performance.now();
    const ws = await generateWorkspace(root, { entities: ENTITIES, cases: CASES, targets: TARGETS });
    console.log(
      `generated in ${((performance.now() - g0) / 1000).toFixed(1)} s: ${ws.stats.entities} entities in ` +
        `${ws.stats.modelFiles} files, ${ws.stats.cases} cases over ${ws.stats.targets} targets`,
    );
    const cacheDir = join(root, 'cache');
    const out = join(root, 'pack');
    const args = ['publish', '--model', ws.modelDir, '--evidence', ws.evidenceDir, '--out', out];
    const runs: Record<'first' | 'cached', number[]> = { first: [], cached: [] };
    for (let i = 0; i < RUNS; i++) {
      await rm(cacheDir, { recursive: true, force: true });
      for (const state of ['first', 'cached'] as const) {
        // The second run of the same bytes writes the compose cache; the third is served from it.
        if (state === 'cached') await timeRrProcess(args, { RR_CACHE_DIR: cacheDir });
        const run = await timeRrProcess(args, { RR_CACHE_DIR: cacheDir });
        runs[state].push(run.ms);
        console.log(`  ${state.padEnd(6)} ${(run.ms / 1000).toFixed(2)} s (${load()})`);
      }
    }
    console.log(`\nrr publish, the whole process, ${RUNS} runs each:`);
    for (const state of ['first', 'cached'] as const)
      console.log(
        `  ${state.padEnd(6)} ${secondsSpread(runs[state])}; target under 10 s: ${targetVerdict(runs[state], 10_000)}`,
      );
    const pages = await largestFile(out);
    console.log(
      `pack: ${pages.count} pages, ${(pages.total / 1e6).toFixed(1)} MB in all; largest page or script ${pages.name} ` +
        `${(pages.bytes / 1e6).toFixed(2)} MB; limit 2 MB: ${pages.bytes < 2 * 1024 * 1024 ? 'met' : 'missed'}`,
    );
    if (existsSync(CHROMIUM)) {
      const shown = await startPageMs(out);
      console.log(
        `start page in Chromium from file:// (load event): ${msSpread(shown)}; target under 1 s: ${targetVerdict(shown, 1000)}`,
      );
    } else console.log(`no Chromium at ${CHROMIUM}: start page not timed`);
  } finally {
    if (KEEP) console.log(`kept ${root}`);
    else await rm(root, { recursive: true, force: true });
  }
}

await main();
