// SPDX-License-Identifier: AGPL-3.0-or-later
// Board geometry over HTTP, as a user meets it: KiCad's largest demo board (vme-wren, 70 MB) as the one
// checkpoint of a live directory, `rr view` on loopback as a child process, and the page's own code
// loading it (loader-timing.ts: the time to the first drawn layer and to the whole board, bytes on the
// wire). Each run starts a viewer on an empty geometry cache (the first request extracts the board),
// loads again from the same viewer (cached), then from a new viewer on the filled cache; and, when
// Chromium is installed, opens the page in headless Chromium on an empty and on a filled cache.
// The old page's one request, the whole JSON, is measured on the filled cache for comparison.
// Environment: RR_BENCH_BOARD (default vme-wren), RR_BENCH_RUNS (default 3), RR_BENCH_CHROMIUM=0 to skip
// the browser.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium, timePageLoad, type PageTiming } from './chromium-timing.js';
import { writeCheckpointLiveDir } from './checkpoint-live-dir.js';
import { timeGeometryLoad, type LoadTiming } from './loader-timing.js';
import { startViewerChild } from './viewer-child.js';

const BOARD = process.env.RR_BENCH_BOARD ?? '/usr/share/kicad/demos/vme-wren/vme-wren.kicad_pcb';
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const CHROMIUM = '/usr/bin/chromium';
const TARGET_MS = 1500;
const NATIVE_ONCE = fileURLToPath(new URL('./native-once.js', import.meta.url));

/** The native reader alone on the board in a fresh process (the extraction's share of an empty cache), ms. */
async function extractionAlone(): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [NATIVE_ONCE, BOARD]);
  return (JSON.parse(stdout) as { ms: number }).ms;
}

if (!existsSync(BOARD)) {
  console.error(`${BOARD} is missing: install KiCad 9 and its demos with .ci/install-kicad (as root)`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'rr-bench-geometry-'));
const root = join(dir, 'live');
const sha = writeCheckpointLiveDir(root, BOARD);
const cache = join(root, 'geometry');

/** "median (min–max)" of some times in ms, as seconds. */
function range(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return sorted.length === 1 ? `${s(median)} s` : `${s(median)} s (${s(sorted[0]!)}–${s(sorted.at(-1)!)})`;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Loads the whole-JSON route (the old page's request) and parses it; ms and wire bytes. */
async function wholeJson(url: string): Promise<{ ms: number; wire: number; body: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/geometry/${sha}`);
  const text = await response.text();
  JSON.parse(text);
  return {
    ms: performance.now() - started,
    wire: Number(response.headers.get('content-length') ?? 0),
    body: Buffer.byteLength(text),
  };
}

const node = { first: [] as LoadTiming[], cached: [] as LoadTiming[], restarted: [] as LoadTiming[] };
const page = { first: [] as PageTiming[], cached: [] as PageTiming[] };
const whole: { ms: number; wire: number; body: number }[] = [];
const extraction: number[] = [];
let browser: Browser | undefined;
let browserNote = '';
if (process.env.RR_BENCH_CHROMIUM === '0') browserNote = 'skipped (RR_BENCH_CHROMIUM=0)';
else if (!existsSync(CHROMIUM)) browserNote = `skipped: no Chromium at ${CHROMIUM}`;
else browser = await launchChromium(CHROMIUM);

console.log(
  `node ${process.version}; board ${basename(BOARD)} (${(readFileSync(BOARD).length / 1e6).toFixed(1)} MB, sha256 ${sha.slice(0, 12)}…); ${RUNS} runs`,
);
try {
  for (let run = 1; run <= RUNS; run++) {
    rmSync(cache, { recursive: true, force: true });
    let viewer = await startViewerChild(root);
    try {
      node.first.push(await timeGeometryLoad(viewer.url, sha));
      node.cached.push(await timeGeometryLoad(viewer.url, sha));
      await wholeJson(viewer.url); // assembles and stores the whole JSON once
      whole.push(await wholeJson(viewer.url));
    } finally {
      await viewer.stop();
    }
    viewer = await startViewerChild(root);
    try {
      node.restarted.push(await timeGeometryLoad(viewer.url, sha));
    } finally {
      await viewer.stop();
    }
    if (browser) {
      rmSync(cache, { recursive: true, force: true });
      viewer = await startViewerChild(root);
      try {
        page.first.push(await timePageLoad(browser, `${viewer.url}/`));
        page.cached.push(await timePageLoad(browser, `${viewer.url}/`));
      } finally {
        await viewer.stop();
      }
    }
    extraction.push(await extractionAlone());
    const last = node.first.at(-1)!;
    console.log(
      `  run ${run}: empty cache first view ${(last.firstMs / 1000).toFixed(2)} s, whole ${(last.wholeMs / 1000).toFixed(2)} s; cached first view ${(node.cached.at(-1)!.firstMs / 1000).toFixed(2)} s` +
        (browser
          ? `; Chromium empty cache first layer ${(page.first.at(-1)!.firstLayerMs / 1000).toFixed(2)} s`
          : ''),
    );
  }
} finally {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
}

const line = (label: string, runs: LoadTiming[]) =>
  console.log(
    `${label.padEnd(40)} first layer ${range(runs.map((r) => r.firstMs))}; whole board ${range(runs.map((r) => r.wholeMs))}; ` +
      `${runs[0]!.requests} requests, ${mb(runs[0]!.wireBytes)} on the wire (${mb(runs[0]!.bodyBytes)} decompressed)`,
  );
console.log("\nThe page's code in Node (fetch, decode, path data), median (min–max):");
line('empty cache (extraction included)', node.first);
console.log(`${'  of which the native reader alone'.padEnd(40)} ${range(extraction)} (in a fresh process)`);
line('cached, same viewer', node.cached);
line('cached, new viewer process', node.restarted);
console.log(
  `${"whole JSON (the old page's request), cached".padEnd(40)} ${range(whole.map((w) => w.ms))} to fetch and parse; ${mb(whole[0]!.wire)} on the wire (${mb(whole[0]!.body)} of JSON)`,
);
if (browser) {
  console.log(
    "\nHeadless Chromium, the viewer's page (from navigation start; the index request starts at about " +
      `${range(page.first.map((p) => p.indexRequestMs))}):`,
  );
  for (const [label, runs] of [
    ['empty cache (extraction included)', page.first],
    ['cached (new browser context)', page.cached],
  ] as const)
    console.log(
      `${label.padEnd(40)} first layer (${runs[0]!.firstLayer}) ${range(runs.map((r) => r.firstLayerMs))}, ` +
        `${range(runs.map((r) => r.firstLayerMs - r.indexRequestMs))} after the index request; ` +
        `whole board ${range(runs.map((r) => r.wholeMs))}; ${mb(runs[0]!.wireBytes)} on the wire (${mb(runs[0]!.bodyBytes)} decompressed)`,
    );
} else console.log(`\nHeadless Chromium: ${browserNote}`);
const worst = Math.max(...node.cached.map((r) => r.firstMs), ...node.restarted.map((r) => r.firstMs));
const worstFirst = Math.max(...node.first.map((r) => r.firstMs));
console.log(
  `\ntarget: first layer under ${TARGET_MS / 1000} s: cached ${worst < TARGET_MS ? 'met' : 'MISSED'} (worst ${(worst / 1000).toFixed(2)} s); ` +
    `empty cache ${worstFirst < TARGET_MS ? 'met' : 'MISSED'} (worst ${(worstFirst / 1000).toFixed(2)} s, extraction included)`,
);
