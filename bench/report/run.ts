// Prints what `rr report --evidence` costs on a large workspace: a model of 5,000 entities and an evidence
// tree of 200,000 cases over 2,000 targets (bazel-testlogs layout, several runner dialects). Measured in
// one process after a warm-up: load (the model into the incremental engine, as `rr report`), ingest
// (readEvidence + assembleEvidence, as loadInputs), analyze (the engine's), their total, the peak RSS; ingestion alone and the bare XML parse time of the same XML files
// (read + saxes parse with positions, no handlers: the parser rr uses) with their ratio.
// Fresh child processes do the work once, as a CLI run would, with the compose cache empty (first run)
// and filled (cold), and report their time and maxRSS. The same again for the Bazel path, where the
// model arrives as rr_model's composed JSON. And what the user waits for: the whole bin/rr.js process
// (`rr report --model M --evidence E`, start-up and output included), first run (compose cache empty)
// and cached, with the first run's target (under 2 s) met or missed. Sizes: RR_BENCH_ENTITIES,
// RR_BENCH_CASES, RR_BENCH_TARGETS;
// RR_BENCH_RUNS measured runs;
// RR_BENCH_KEEP=1 keeps the generated workspace (to profile `run.js --once MODEL EVIDENCE`).
// RR_BENCH_EVIDENCE=one-file: instead, the evidence is ONE JUnit file of RR_BENCH_CASES cases (default
// 200,000), the single target //big:suite_test (one-junit-file.ts), under a model of RR_BENCH_ENTITIES
// entities claiming groups of its cases by literal path and by glob; only the whole bin/rr.js process
// is timed, first run and cached, RR_BENCH_RUNS times each, after one `--format json` run that counts
// the cases the report read.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SaxesParser } from 'saxes';
import { modelAndEvidence } from '../../tools/verify/inputs.js';
import { assembleEvidence, ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import { startModelEngine } from '../../tools/incremental/load-model-engine.js';
import type { ModelEngine } from '../../tools/incremental/model-engine.js';
import { composeModel, readComposedModel } from '../../tools/model/load-model.js';
import { analyze, type Analysis } from '../../tools/verify/analyze.js';
import { generateWorkspace } from './generate-workspace.js';
import { generateOneJunitFile, ONE_FILE_TARGET } from './one-junit-file.js';
import {
  median,
  RR_BIN,
  secondsSpread,
  targetVerdict,
  timeRrProcess,
  type RrProcessRun,
} from '../rr-process.js';

/** What a user waits for on the first run of 5,000 entities and 200,000 cases, compose cache empty. */
const FIRST_RUN_TARGET_MS = 2000;

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 5000);
const CASES = Number(process.env.RR_BENCH_CASES ?? 200_000);
const TARGETS = Number(process.env.RR_BENCH_TARGETS ?? 2000);
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const KEEP = process.env.RR_BENCH_KEEP === '1';
const EVIDENCE = process.env.RR_BENCH_EVIDENCE ?? 'testlogs';

interface Figures {
  load: number;
  ingest: number;
  analyze: number;
  total: number;
  /** MB: the sampled RSS high-water mark of this run (in process), or the child's maxRSS (cold) */
  rss: number;
  summary: string;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/** RSS sampled every few ms while the event loop is free, and at each phase boundary. */
function rssSampler(): { sample: () => void; stop: () => number } {
  let peak = process.memoryUsage.rss();
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 10);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/**
 * load → ingest → analyze, as `rr report` does them (no lock): the model composes (on worker threads when
 * large) while this thread parses the evidence and then helps, and goes into the incremental engine,
 * whose model rules run while the evidence is read (tools/incremental/engine-inputs.ts); so `load` and
 * `ingest` both count from the start and overlap; `ingest` ends when the evidence is assembled (which
 * needs the model's config), `analyze` is the engine's analysis with the evidence.
 */
async function pipeline(modelDir: string, evidenceDir: string): Promise<Figures> {
  const rss = rssSampler();
  const t0 = performance.now();
  let loaded = 0;
  let engine: ModelEngine | undefined;
  const startModel = (path: string) => {
    const load = startModelEngine(path);
    const model = load.engine.then((e) => {
      loaded = performance.now();
      engine = e;
      e.modelAnalysis();
      return e.model();
    });
    return Promise.resolve({ onWorkers: load.onWorkers, model });
  };
  const { model, read } = await modelAndEvidence(modelDir, evidenceDir, startModel, false);
  rss.sample();
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const evidence = assembleEvidence(read!, options);
  const t2 = performance.now();
  rss.sample();
  engine!.setEvidence(evidence);
  const analysis = engine!.analysis();
  const t3 = performance.now();
  return {
    load: loaded - t0,
    ingest: t2 - t0,
    analyze: t3 - t2,
    total: t3 - t0,
    rss: mb(rss.stop()),
    summary: summarize(analysis, evidence.targets.size),
  };
}

/**
 * The same work as Bazel's set action does it (rr_verification_set): the model arrives as the composed
 * JSON rr_model wrote, so it is parsed and assembled (no YAML) before the evidence is read.
 */
async function bazelPipeline(modelJson: string, evidenceDir: string): Promise<Figures> {
  const rss = rssSampler();
  const t0 = performance.now();
  const model = await readComposedModel(modelJson);
  const t1 = performance.now();
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const evidence = await ingestEvidence(evidenceDir, options);
  const t2 = performance.now();
  rss.sample();
  const analysis = analyze({ model, evidence });
  const t3 = performance.now();
  return {
    load: t1 - t0,
    ingest: t2 - t0,
    analyze: t3 - t2,
    total: t3 - t0,
    rss: mb(rss.stop()),
    summary: summarize(analysis, evidence.targets.size),
  };
}

/** ingestEvidence by itself (no model loading beside it, on this thread), for the ratio to the bare parse. */
async function ingestAlone(evidenceDir: string): Promise<number> {
  const t0 = performance.now();
  await ingestEvidence(evidenceDir);
  return performance.now() - t0;
}

function summarize(analysis: Analysis, targets: number): string {
  const { cases, owned, unowned, quarantined } = analysis.counts;
  const byTag = analysis.cases.filter((a) => a.basis === 'tag').length;
  const rules = new Map<string, number>();
  for (const d of analysis.diagnostics) rules.set(d.rule, (rules.get(d.rule) ?? 0) + 1);
  const list = [...rules].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule} ${n}`);
  const verdicts = new Map<string, number>();
  for (const e of analysis.entities) {
    if (e.verdict) verdicts.set(e.verdict, (verdicts.get(e.verdict) ?? 0) + 1);
  }
  return [
    `analysis: ${cases} cases in ${targets} targets; owned ${owned} (${pct(owned, cases)}, by tag ${byTag}), unowned ${unowned}, quarantined ${quarantined}`,
    `  verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`,
    `  diagnostics: ${analysis.diagnostics.length} (${list.join(', ') || 'none'})`,
  ].join('\n');
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;

/** Read + parse of every file on this thread, with no handlers: the floor rr's ingestion builds on. */
async function bareParse(files: string[]): Promise<number> {
  const t0 = performance.now();
  for (const file of files) new SaxesParser({ position: true }).write(await readFile(file, 'utf8')).close();
  return performance.now() - t0;
}

// A full collection before each measured run, so no run pays for (or keeps the RSS of) the one before.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Child mode: the work once in a fresh process; prints its figures as JSON. */
async function once(mode: string, model: string, evidenceDir: string): Promise<void> {
  const figures =
    mode === '--once-bazel' ? await bazelPipeline(model, evidenceDir) : await pipeline(model, evidenceDir);
  figures.rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify(figures));
}

function coldRun(mode: '--once' | '--once-bazel', model: string, evidenceDir: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), mode, model, evidenceDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`cold run exited with ${code}`));
      else resolve(JSON.parse(out) as Figures);
    });
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function row(cells: (string | number)[]): string {
  const widths = [5, 6, 7, 8, 7, 7, 9, 10, 9, 15];
  return cells.map((c, i) => (typeof c === 'number' ? c.toFixed(0) : c).padStart(widths[i] ?? 8)).join(' ');
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-report-'));
  try {
    console.log(
      `node ${process.version}, ${availableParallelism()} CPUs, load average ${load()} (1, 5, 15 min)`,
    );
    const g0 = performance.now();
    const ws = await generateWorkspace(root, { entities: ENTITIES, cases: CASES, targets: TARGETS });
    const s = ws.stats;
    console.log(
      `generated in ${((performance.now() - g0) / 1000).toFixed(1)} s${KEEP ? ` under ${root}` : ''}:\n` +
        `  model: ${s.entities} entities in ${s.modelFiles} files, ${mb(s.modelBytes).toFixed(1)} MB; ` +
        `${s.literalSelectors} literal selectors, ${s.globSelectors} globs, ${s.wholeClaims} whole-target claims\n` +
        `  evidence: ${s.cases} cases over ${s.targets} targets in ${ws.xmlFiles.length} XML files, ${mb(s.xmlBytes).toFixed(1)} MB ` +
        `(${Object.entries(s.filesByDialect)
          .map(([d, n]) => `${d} ${n}`)
          .join(
            ', ',
          )}); ${s.shardedTargets} sharded, ${s.attemptTargets} with test_attempts, ${s.runTargets} with runs; ` +
        `claims meant to select ${s.claimedCases} cases (${pct(s.claimedCases, s.cases)}), ${s.taggedCases} cases tagged`,
    );

    // The compose cache lives in the workspace: each first run below finds it emptied.
    const cacheDir = join(root, 'cache');
    process.env.RR_CACHE_DIR = cacheDir;
    const firsts: Figures[] = [];
    const cacheds: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      await rm(cacheDir, { recursive: true, force: true });
      firsts.push(await coldRun('--once', ws.modelDir, ws.evidenceDir));
      await coldRun('--once', ws.modelDir, ws.evidenceDir); // the second sighting writes the compose cache
      cacheds.push(await coldRun('--once', ws.modelDir, ws.evidenceDir));
    }
    const loadAfterFresh = load();

    // The real process, alternating: the compose cache emptied before each first run.
    const processRuns: { state: 'first' | 'cached'; run: RrProcessRun; load: string }[] = [];
    const reportArgs = ['report', '--model', ws.modelDir, '--evidence', ws.evidenceDir];
    for (let i = 0; i < RUNS; i++) {
      await rm(cacheDir, { recursive: true, force: true });
      for (const state of ['first', 'second', 'cached'] as const)
        if (state === 'second') await timeRrProcess(reportArgs, { RR_CACHE_DIR: cacheDir });
        else
          processRuns.push({
            state,
            run: await timeRrProcess(reportArgs, { RR_CACHE_DIR: cacheDir }),
            load: load(),
          });
    }
    const processMs = (state: 'first' | 'cached') =>
      processRuns.filter((r) => r.state === state).map((r) => r.run.ms);

    // Warm-up: the same work once, so the measured runs see compiled code and a warm file cache.
    await bareParse(ws.xmlFiles);
    const warm = await pipeline(ws.modelDir, ws.evidenceDir);
    console.log(warm.summary);

    console.log(
      `\nrr report on the YAML model. first: a fresh process, compose cache empty (the first run on a\n` +
        'checkout); cached: a fresh process, model files in the compose cache (any later run that changed no\n' +
        `model file), ${RUNS} of each, alternating; 1..${RUNS}: this process after a warm-up run, each after a full GC. ms; RSS in MB (a\n` +
        "fresh process's maxRSS). load and ingest count from the start: an uncached large model composes on\n" +
        'worker threads while this thread parses the evidence; a cached one loads first and the evidence\n' +
        'XML is then shared with workers. alone: ingestEvidence by itself; bare XML: read + saxes parse of\n' +
        'the same files on this thread, no handlers.',
    );
    console.log(
      row([
        'run',
        'load',
        'ingest',
        'analyze',
        'total',
        'alone',
        'bare XML',
        'alone/XML',
        'RSS peak',
        'load average',
      ]),
    );
    for (const [name, runs] of [
      ['first', firsts],
      ['cached', cacheds],
    ] as const) {
      for (const f of runs)
        console.log(row([name, f.load, f.ingest, f.analyze, f.total, '', '', '', f.rss, loadAfterFresh]));
    }
    const first = firsts.reduce((a, b) => (a.total <= b.total ? a : b));
    const cold = cacheds.reduce((a, b) => (a.total <= b.total ? a : b));
    const spread = (runs: Figures[]) => secondsSpread(runs.map((f) => f.total));
    const totals: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const parse = await bareParse(ws.xmlFiles);
      collectGarbage();
      const alone = await ingestAlone(ws.evidenceDir);
      collectGarbage();
      const f = await pipeline(ws.modelDir, ws.evidenceDir);
      totals.push(f.total);
      const ratio = `${(alone / parse).toFixed(2)}x`;
      console.log(row([String(i), f.load, f.ingest, f.analyze, f.total, alone, parse, ratio, f.rss, load()]));
      collectGarbage();
    }

    console.log(
      `\nbin/rr.js report, the whole process (start-up, loading, the work, ${processRuns[0]!.run.outBytes} bytes of output to a\n` +
        'pipe, exit): what the user waits for. first: compose cache empty; cached: every model file in it.',
    );
    processRuns.forEach((r, i) =>
      console.log(
        `${String(Math.floor(i / 2) + 1).padStart(5)} ${r.state.padEnd(6)} ${r.run.ms.toFixed(0).padStart(6)} ms` +
          `  exit ${r.run.code}  load average ${r.load}`,
      ),
    );

    const modelJson = join(root, 'model.json');
    await writeFile(modelJson, JSON.stringify(await composeModel(ws.modelDir)));
    console.log(
      `\nBazel path (rr_verification_set): the model arrives as rr_model's composed JSON ` +
        `(${mb((await stat(modelJson)).size).toFixed(1)} MB), read and assembled before the evidence; then\n` +
        'ingest and analyze as above. Same columns; ingest counts from the start.',
    );
    const bazelTotals: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      collectGarbage();
      const f = await bazelPipeline(modelJson, ws.evidenceDir);
      bazelTotals.push(f.total);
      console.log(row([String(i), f.load, f.ingest, f.analyze, f.total, '', '', '', f.rss, load()]));
    }
    const bazelCold = await coldRun('--once-bazel', modelJson, ws.evidenceDir);
    console.log(
      row([
        'cold',
        bazelCold.load,
        bazelCold.ingest,
        bazelCold.analyze,
        bazelCold.total,
        '',
        '',
        '',
        bazelCold.rss,
        load(),
      ]),
    );

    const firstProcess = processMs('first');
    console.log(
      `\nrr report, the whole bin/rr.js process: first run (compose cache empty) ${secondsSpread(firstProcess)}, ` +
        (ENTITIES === 5000 && CASES === 200_000
          ? `target < ${FIRST_RUN_TARGET_MS / 1000} s: ${targetVerdict(firstProcess, FIRST_RUN_TARGET_MS)}; `
          : '(the target is for 5,000 entities and 200,000 cases); ') +
        `cached ${secondsSpread(processMs('cached'))}\n` +
        `in process (the work alone, YAML model): first run ${spread(firsts)}, cached ${spread(cacheds)}, ` +
        `median warm ${(median(totals) / 1000).toFixed(2)} s; ` +
        `Bazel path: median warm ${(median(bazelTotals) / 1000).toFixed(2)} s, cold ${(bazelCold.total / 1000).toFixed(2)} s\n` +
        `maxRSS of fresh processes (best runs): first ${first.rss.toFixed(0)} MB, cached ${cold.rss.toFixed(0)} MB, ` +
        `Bazel ${bazelCold.rss.toFixed(0)} MB (target < 1024 MB); ` +
        `this process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
  } finally {
    if (!KEEP) await rm(root, { recursive: true, force: true });
  }
}

/** `rr report --format json` once, as a user would run it: its exit code and the report it printed. */
function reportJsonRun(args: string[], env: Record<string, string>): Promise<{ code: number; json: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(RR_BIN, [...args, '--format', 'json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1) resolve({ code, json: Buffer.concat(out).toString('utf8') });
      else reject(new Error(`rr ${args.join(' ')} --format json exited with ${code}: ${err.slice(0, 2000)}`));
    });
  });
}

/** RR_BENCH_EVIDENCE=one-file: the whole `rr report` process over one JUnit file of many cases. */
async function oneFileMain(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-report-one-file-'));
  try {
    console.log(
      `node ${process.version}, ${availableParallelism()} CPUs, load average ${load()} (1, 5, 15 min)`,
    );
    const g0 = performance.now();
    const ws = await generateOneJunitFile(root, { entities: ENTITIES, cases: CASES });
    const s = ws.stats;
    console.log(
      `generated in ${((performance.now() - g0) / 1000).toFixed(1)} s${KEEP ? ` under ${root}` : ''}:\n` +
        `  model: ${s.entities} entities in ${s.modelFiles} files, ${mb(s.modelBytes).toFixed(1)} MB; ` +
        `${s.literalSelectors} literal selectors, ${s.globSelectors} globs, all on ${ONE_FILE_TARGET}\n` +
        `  evidence: ONE JUnit file, ${s.cases} cases, ${mb(s.xmlBytes).toFixed(1)} MB ` +
        `(${s.suites} testsuites, ${s.classes} classes; ${s.failures} failed, ${s.skipped} skipped, ` +
        `${s.taggedCases} tagged); claims select ${s.claimedCases} cases (${pct(s.claimedCases, s.cases)})`,
    );

    const cacheDir = join(root, 'cache');
    const env = { RR_CACHE_DIR: cacheDir };
    const reportArgs = ['report', '--model', ws.modelDir, '--evidence', ws.evidenceDir];
    // Once with --format json: the report must have read the file's cases, or the figures are of nothing.
    const check = await reportJsonRun(reportArgs, env);
    const report = JSON.parse(check.json) as {
      counts: { cases: number; owned: number; unowned: number; quarantined: number };
      cases: { target: string; state: string }[];
      diagnostics: { rule: string }[];
    };
    const read = report.cases.filter((c) => c.target === ONE_FILE_TARGET);
    const failed = read.filter((c) => c.state === 'failed').length;
    const rules = new Map<string, number>();
    for (const d of report.diagnostics) rules.set(d.rule, (rules.get(d.rule) ?? 0) + 1);
    const { owned, unowned, quarantined } = report.counts;
    console.log(
      `rr report --format json (exit ${check.code}, ${mb(Buffer.byteLength(check.json)).toFixed(1)} MB): ` +
        `${read.length} cases of ${ONE_FILE_TARGET} read (${failed} failed), of ${s.cases} written; ` +
        `owned ${owned}, unowned ${unowned}, quarantined ${quarantined}; ` +
        `diagnostics ${report.diagnostics.length} (${[...rules].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'})`,
    );
    if (read.length !== s.cases) throw new Error(`the report read ${read.length} of ${s.cases} cases`);

    // The real process, alternating: the compose cache emptied before each first run.
    const runs: { state: 'first' | 'cached'; run: RrProcessRun; load: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      await rm(cacheDir, { recursive: true, force: true });
      for (const state of ['first', 'second', 'cached'] as const)
        if (state === 'second')
          await timeRrProcess(reportArgs, env); // writes the compose cache
        else runs.push({ state, run: await timeRrProcess(reportArgs, env), load: load() });
    }
    console.log(
      `\nbin/rr.js report, the whole process (start-up, loading, the work, ${runs[0]!.run.outBytes} bytes of output to a\n` +
        'pipe, exit): what the user waits for. first: compose cache empty; cached: every model file in it.',
    );
    runs.forEach((r, i) =>
      console.log(
        `${String(Math.floor(i / 2) + 1).padStart(5)} ${r.state.padEnd(6)} ${r.run.ms.toFixed(0).padStart(6)} ms` +
          `  exit ${r.run.code}  load average ${r.load}`,
      ),
    );
    const ms = (state: 'first' | 'cached') => runs.filter((r) => r.state === state).map((r) => r.run.ms);
    console.log(
      `\nrr report over one JUnit file of ${s.cases} cases (${mb(s.xmlBytes).toFixed(1)} MB), ${s.entities} entities, ` +
        `the whole bin/rr.js process: first run (compose cache empty) ${secondsSpread(ms('first'))}, ` +
        `cached ${secondsSpread(ms('cached'))}`,
    );
  } finally {
    if (!KEEP) await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2]?.startsWith('--once')) await once(process.argv[2], process.argv[3]!, process.argv[4]!);
else if (EVIDENCE === 'one-file') await oneFileMain();
else if (EVIDENCE === 'testlogs') await main();
else throw new Error(`RR_BENCH_EVIDENCE is testlogs (the default) or one-file, not ${EVIDENCE}`);
