// SPDX-License-Identifier: AGPL-3.0-or-later
// Benchmark of the viewer server over HTTP: `rr view` runs as a child process on a live directory of
// 100,000 events, and this process polls it as the page does. Prints the time to the first full state,
// `since` poll latency (p50/p95) while idle and while new events arrive, and the server's memory (RSS).
// Run with `npm run bench:viewer-server`; RR_BENCH_EVENTS and RR_BENCH_POLLS change the sizes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIEWER_BIN } from '../viewer-bin.js';
import { LiveDirGenerator } from '../live/generate-live-dir.js';
import { latencyLine, percentile } from '../live/poll-latency.js';

const EVENTS = Number(process.env.RR_BENCH_EVENTS ?? 100_000);
const POLLS = Number(process.env.RR_BENCH_POLLS ?? 1000);
const ARRIVALS_PER_POLL = 5;
const TARGET_P95_MS = 20;
const BIG_BOARD = '/usr/share/kicad/demos/vme-wren/vme-wren.kicad_pcb';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** GET a path as the page does (one kept-alive connection); resolves to the parsed JSON. */
function get(
  port: number,
  path: string,
): Promise<{ cursor: string; changed: boolean; events: unknown[]; lanes: unknown[] }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, headers: { host: `127.0.0.1:${port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200)
            reject(new Error(`${path}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GETs a path accepting gzip; resolves to the number of bytes received. */
function download(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${port}`, 'accept-encoding': 'gzip' };
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Size of the whole-geometry JSON the viewer assembled for a board (under its extractor key). */
function wholeJsonBytes(boardDir: string): number {
  const key = readdirSync(boardDir)[0]!;
  return statSync(join(boardDir, key, 'geometry.json')).size;
}

/** VmRSS and VmHWM of a process in MiB (Linux). */
function memory(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
    return `RSS ${kb('VmRSS').toFixed(0)} MiB (peak ${kb('VmHWM').toFixed(0)} MiB)`;
  } catch {
    return 'RSS unknown (no /proc)';
  }
}

const dir = mkdtempSync(join(tmpdir(), 'rr-bench-server-'));
const root = join(dir, 'exp', 'live');
const generator = new LiveDirGenerator(root);
let t = performance.now();
generator.write(EVENTS);
console.log(
  `node ${process.version}; generated ${generator.written} events in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const child = spawn(process.execPath, [VIEWER_BIN, 'view', '--root', root, '--port', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`rr view exited ${code}: ${out}`)));
  });
  console.log(`rr view (pid ${child.pid}) before any request: ${memory(child.pid!)}`);

  t = performance.now();
  const full = await get(port, '/api/state');
  console.log(
    `first full state over HTTP: ${(performance.now() - t).toFixed(0)} ms (${full.lanes.length} lanes, ${full.events.length} events returned); server ${memory(child.pid!)}`,
  );
  // Let the reader's background listing after the first state finish before timing polls.
  await new Promise((r) => setTimeout(r, 2500));

  let cursor = full.cursor;
  const idle: number[] = [];
  for (let i = 0; i < POLLS; i++) {
    const s0 = performance.now();
    const s = await get(port, `/api/state?since=${cursor}`);
    idle.push(performance.now() - s0);
    if (s.changed) cursor = s.cursor;
  }
  console.log(latencyLine('since poll over HTTP, idle', idle));

  const arriving: number[] = [];
  let delivered = 0;
  for (let i = 0; i < POLLS; i++) {
    generator.writeCosts(ARRIVALS_PER_POLL);
    const s0 = performance.now();
    const s = await get(port, `/api/state?since=${cursor}`);
    arriving.push(performance.now() - s0);
    delivered += s.events.length;
    cursor = s.cursor;
  }
  await new Promise((r) => setTimeout(r, 1500));
  delivered += (await get(port, `/api/state?since=${cursor}`)).events.length;
  console.log(latencyLine(`since poll over HTTP, ${ARRIVALS_PER_POLL} new events before each`, arriving));
  console.log(
    `delivered ${delivered} of ${POLLS * ARRIVALS_PER_POLL} new events; server ${memory(child.pid!)}`,
  );
  const p95 = Math.max(percentile(idle, 95), percentile(arriving, 95));
  console.log(
    `target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'missed'} (worst p95 ${p95.toFixed(2)} ms)`,
  );

  // The largest board KiCad ships, as a checkpoint: the first request extracts and compresses it.
  if (existsSync(BIG_BOARD)) {
    const sha = createHash('sha256').update(readFileSync(BIG_BOARD)).digest('hex');
    copyFileSync(BIG_BOARD, join(root, 'boards', `${sha}.kicad_pcb`));
    for (const label of ['first (extract + gzip)', 'cached']) {
      const g0 = performance.now();
      const bytes = await download(port, `/api/geometry/${sha}`);
      console.log(
        `geometry of vme-wren, ${label}: ${(performance.now() - g0).toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB sent gzip-compressed (${(wholeJsonBytes(join(root, 'geometry', sha)) / 1e6).toFixed(1)} MB of JSON)`,
      );
    }
    console.log(`server ${memory(child.pid!)}`);
  } else console.log(`geometry: ${BIG_BOARD} not found (install kicad-demos to measure it)`);
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
