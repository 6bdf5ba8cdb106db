// Prints what the editor server costs on a large workspace: a model of 5,000 entities (bench/validate's
// shape, from bench/report's workspace generator, with claims over its evidence) served by the editor
// in this process over real HTTP on loopback. Figures: the session's start (load, ingest, analysis),
// GET /api/state latency, and the latency of 200 saves (PUT /api/entities/{id}, each planned, proven,
// checked with the one-owner checks over analyze(after) and written through the journal), p50/p95.
// The first read after a save makes the analysis of the saved model, through the incremental engine
// (docs/incremental.md): only what the save changed is recomputed; it is printed too, with the engine's
// queries the reads ran (a read that analysed the whole model again would run every file's rules).
// CPU time per save and per read is printed beside wall time, since a shared machine's load moves wall
// time; next to them, the batch figures: the same model loaded and analysed whole in this process.
// Saves alternate between title edits and claim edits (a selector dropped, then restored), spread over
// the model's files. Target (issue 28): p95 of a save under 100 ms.
// Before that, `rr serve`'s start as the user sees it: the whole bin/rr.js process
// `serve --model M --evidence E --port 0`, timed from spawn until GET /api/state answers 200 at the
// address it prints, then stopped; 3 times with the compose cache empty (a fresh RR_CACHE_DIR) and 3
// with it filled (the same folder again), alternating; median and range.
// Sizes: RR_BENCH_ENTITIES, RR_BENCH_CASES, RR_BENCH_TARGETS, RR_BENCH_SAVES; the model's shape:
// RR_BENCH_LAYOUT (one-file, sections, per-entity) and RR_BENCH_FORMAT (yaml-comments, yaml-plain,
// yaml-folded, yaml-comments-folded, json), by default sections files with comments and folded text;
// RR_BENCH_KEEP=1 keeps the generated workspace.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelSession } from '../../tools/app/model-session.js';
import { loadModel } from '../../tools/model/load-model.js';
import { analyze } from '../../tools/verify/analyze.js';
import { buildEditorServer } from '../../tools/editor/editor-server.js';
import { generateWorkspace } from '../report/generate-workspace.js';
import { msSpread, RR_BIN } from '../rr-process.js';
import { SECTIONS_COMMENTED, type ModelFormat, type ModelLayout } from '../validate/generate-model.js';
import { FORMATS, LAYOUTS } from '../validate/layout-matrix.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 5000);
const CASES = Number(process.env.RR_BENCH_CASES ?? 20_000);
const TARGETS = Number(process.env.RR_BENCH_TARGETS ?? 400);
const SAVES = Number(process.env.RR_BENCH_SAVES ?? 200);
const STATE_CALLS = 50;
const KEEP = process.env.RR_BENCH_KEEP === '1';
const TARGET_P95_MS = 100;
const LAYOUT = (process.env.RR_BENCH_LAYOUT ?? SECTIONS_COMMENTED.layout) as ModelLayout;
const FORMAT = (process.env.RR_BENCH_FORMAT ?? SECTIONS_COMMENTED.format) as ModelFormat;
if (!LAYOUTS.includes(LAYOUT)) throw new Error(`RR_BENCH_LAYOUT is one of ${LAYOUTS.join(', ')}`);
if (![...FORMATS, SECTIONS_COMMENTED.format].includes(FORMAT))
  throw new Error(`RR_BENCH_FORMAT is one of ${[...FORMATS, SECTIONS_COMMENTED.format].join(', ')}`);
/** `rr serve` starts timed with the compose cache empty, and as many with it filled (RR_BENCH_SERVE_STARTS; 0 skips them). */
const SERVE_STARTS = Number(process.env.RR_BENCH_SERVE_STARTS ?? 3);
/** A start still not answering then is a failure. */
const SERVE_LIMIT_MS = 300_000;

interface Reply {
  status: number;
  body: string;
}

/** One HTTP request to the server on loopback. */
function call(port: number, method: string, path: string, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(method === 'GET' ? {} : { 'x-rr-request': '1' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return `${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms, mean ${mean.toFixed(1)} ms (n=${samples.length})`;
}

/**
 * Starts `rr serve` as a user would (bin/rr.js through its shebang) and times it from spawn until
 * GET /api/state answers 200 at the port it prints; then stops it with SIGTERM (SIGKILL if it has not
 * exited 10 s later) and waits for its exit, so nothing is left running.
 */
async function timeServeStart(modelDir: string, evidenceDir: string, cacheDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(RR_BIN, ['serve', '--model', modelDir, '--evidence', evidenceDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RR_CACHE_DIR: cacheDir },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  try {
    // The editor prints its address (http://localhost:PORT/) once it listens.
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`rr serve printed no address in ${SERVE_LIMIT_MS / 1000} s`)),
        SERVE_LIMIT_MS,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /http:\/\/localhost:(\d+)\//.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`rr serve exited with ${code} before answering: ${(out + err).slice(0, 2000)}`));
      });
    });
    for (;;) {
      const reply = await call(port, 'GET', '/api/state');
      if (reply.status === 200) return performance.now() - t0;
      if (performance.now() - t0 > SERVE_LIMIT_MS)
        throw new Error(`GET /api/state: ${reply.status} ${reply.body.slice(0, 300)}`);
      await new Promise((done) => setTimeout(done, 20));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

interface EntityPage {
  entity: { id: string; version: string; data: Record<string, unknown> };
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-editor-'));
  try {
    console.log(
      `machine: ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const t0 = performance.now();
    const ws = await generateWorkspace(root, {
      entities: ENTITIES,
      cases: CASES,
      targets: TARGETS,
      shape: { layout: LAYOUT, format: FORMAT },
    });
    console.log(
      `workspace: ${ws.stats.entities} entities in ${ws.stats.modelFiles} files (${LAYOUT}, ${FORMAT}; ${(ws.stats.modelBytes / 1e6).toFixed(1)} MB), ${ws.stats.cases} cases in ${ws.stats.targets} targets (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    // rr serve's start, before the saves below change the model: the compose cache emptied before
    // each first start, the same folder again for the cached one.
    const cacheDir = join(root, 'serve-cache');
    const starts = { empty: [] as number[], cached: [] as number[] };
    for (let i = 0; i < SERVE_STARTS; i++) {
      await rm(cacheDir, { recursive: true, force: true });
      starts.empty.push(await timeServeStart(ws.modelDir, ws.evidenceDir, cacheDir));
      await timeServeStart(ws.modelDir, ws.evidenceDir, cacheDir); // the second start writes the cache
      starts.cached.push(await timeServeStart(ws.modelDir, ws.evidenceDir, cacheDir));
    }
    if (SERVE_STARTS > 0)
      console.log(
        `rr serve start (the whole bin/rr.js process, spawn until GET /api/state answers 200): ` +
          `compose cache empty ${msSpread(starts.empty)}, cached ${msSpread(starts.cached)} (n=${SERVE_STARTS} each)`,
      );

    const t1 = performance.now();
    const session = await ModelSession.open({
      modelPath: ws.modelDir,
      evidenceDir: ws.evidenceDir,
      root,
      targetGroups: new Map(),
    });
    const t2 = performance.now();
    session.analysis();
    const t3 = performance.now();
    console.log(
      `start: load + ingest ${(t2 - t1).toFixed(0)} ms, first analysis ${(t3 - t2).toFixed(0)} ms; ${session.analysis().counts.cases} cases, ${session.analysis().counts.owned} owned`,
    );
    // The batch figures: what analysing the same model whole costs in this process (warm), the work a
    // save and the read after it would repeat without the incremental engine.
    const batchLoad: number[] = [];
    const batchAnalysis: number[] = [];
    const batchCpu: number[] = [];
    let gaps = 0;
    for (let i = 0; i < 3; i++) {
      const used = process.cpuUsage();
      const s0 = performance.now();
      const model = await loadModel(ws.modelDir);
      const s1 = performance.now();
      gaps = analyze({ model, evidence: session.evidence, lock: session.verificationLock }).gaps.length;
      batchLoad.push(s1 - s0);
      batchAnalysis.push(performance.now() - s1);
      const spent = process.cpuUsage(used);
      batchCpu.push((spent.user + spent.system) / 1000);
    }
    console.log(
      `batch (in process, warm, n=3): load the model ${msSpread(batchLoad)}, analyse it whole (rules, attribution, verdicts, ${gaps} gaps) ${msSpread(batchAnalysis)}; CPU ${msSpread(batchCpu)}`,
    );
    const app = buildEditorServer({ session });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;

    const state: number[] = [];
    for (let i = 0; i < STATE_CALLS + 5; i++) {
      const s = performance.now();
      const reply = await call(port, 'GET', '/api/state');
      if (reply.status !== 200)
        throw new Error(`GET /api/state: ${reply.status} ${reply.body.slice(0, 300)}`);
      if (i >= 5) state.push(performance.now() - s); // the first calls warm the JIT
    }

    // Requirements that claim cases, one per model file where possible, so saves touch many files.
    const byFile = new Map<string, string>();
    for (const e of session.model.entities)
      if (e.kind === 'requirement' && Array.isArray(e.data.verified_by) && !byFile.has(e.file))
        byFile.set(e.file, e.id);
    for (const e of session.model.entities)
      if (e.kind === 'requirement' && Array.isArray(e.data.verified_by) && byFile.size < 40)
        byFile.set(`${e.file}#${e.id}`, e.id);
    const ids = [...byFile.values()];
    const saves: number[] = [];
    const cpu: number[] = [];
    const firstReads: number[] = [];
    const readCpu: number[] = [];
    // The engine's queries run by the reads after a save, by the kind of the save before them.
    const readRuns = { title: new Map<string, number>(), claim: new Map<string, number>() };
    const readsAfter = { title: 0, claim: 0 };
    const dropped = new Map<string, unknown>();
    for (let i = 0; i < SAVES + 5; i++) {
      const id = ids[i % ids.length]!;
      const runsBefore = session.engineRuns();
      const read = performance.now();
      const readUsed = process.cpuUsage();
      const page = JSON.parse((await call(port, 'GET', `/api/entities/${id}`)).body) as EntityPage;
      const readSpent = process.cpuUsage(readUsed);
      if (i > 5) {
        firstReads.push(performance.now() - read);
        readCpu.push((readSpent.user + readSpent.system) / 1000);
        const kind = (i - 1) % 2 === 0 ? 'title' : 'claim';
        readsAfter[kind]++;
        const runs = readRuns[kind];
        for (const [query, n] of session.engineRuns())
          if (n > (runsBefore.get(query) ?? 0))
            runs.set(query, (runs.get(query) ?? 0) + n - (runsBefore.get(query) ?? 0));
      }
      const data = structuredClone(page.entity.data);
      if (i % 2 === 0) data.title = `${String(data.title).replace(/ \(edit \d+\)$/, '')} (edit ${i})`;
      else {
        // A claim edit: drop a claim's last selector, or put back the one dropped before.
        const claims = data.verified_by as { cases?: string[] }[];
        const claim = claims.find((c) => Array.isArray(c.cases) && c.cases.length > 1);
        if (claim && !dropped.has(id)) dropped.set(id, claim.cases!.pop());
        else if (claim && dropped.has(id)) {
          claim.cases!.push(dropped.get(id) as string);
          dropped.delete(id);
        }
      }
      const s = performance.now();
      const used = process.cpuUsage();
      const reply = await call(port, 'PUT', `/api/entities/${id}`, { data, version: page.entity.version });
      const took = performance.now() - s;
      const spent = process.cpuUsage(used);
      if (reply.status !== 200)
        throw new Error(`save ${i} of ${id}: ${reply.status} ${reply.body.slice(0, 500)}`);
      if (i >= 5) {
        saves.push(took);
        cpu.push((spent.user + spent.system) / 1000);
      }
    }
    await app.close();

    console.log(figures('GET /api/state', state));
    console.log(
      figures(
        `save (PUT /api/entities/{id}, full checks, ${ids.length} entities over ${new Set(ids.map((id) => session.model.byId.get(id)!.file)).size} files)`,
        saves,
      ),
    );
    // A save checks only what it can change; the analysis of the saved model (verdicts, gaps) is made
    // by the first read after it, incrementally.
    console.log(figures('GET /api/entities/{id} right after a save (incremental analysis)', firstReads));
    // CPU time of this process per save and per read (all its threads, GC included): less sensitive
    // than wall time to other work on the machine.
    console.log(figures('  CPU time per save', cpu));
    console.log(figures('  CPU time per read after a save', readCpu));
    const files = new Set(session.model.entities.map((e) => e.file)).size;
    const shown = (runs: Map<string, number>, reads: number) =>
      [...runs].map(([q, n]) => `${q} ${(n / reads).toFixed(1)}`).join(', ') || 'none';
    console.log(
      `queries run per read after a title edit: ${shown(readRuns.title, readsAfter.title)}; after a claim edit: ${shown(readRuns.claim, readsAfter.claim)} (the model has ${files} files)`,
    );
    const p95 = percentile(
      [...saves].sort((a, b) => a - b),
      95,
    );
    const cpu95 = percentile(
      [...cpu].sort((a, b) => a - b),
      95,
    );
    console.log(
      `target: p95 save under ${TARGET_P95_MS} ms: wall ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}, CPU ${cpu95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (KEEP) console.log(`kept ${root}`);
    else await rm(root, { recursive: true, force: true });
  }
}

await main();
