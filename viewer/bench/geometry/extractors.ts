// SPDX-License-Identifier: AGPL-3.0-or-later
// Board geometry extraction of KiCad's largest demo board, native reader against KiCad's own
// pcbnew (through pcbnew_extract.py), measured in the same run: wall time and peak memory of each
// (the native reader in fresh Node processes, pcbnew as the child process it is in the viewer),
// and their ratios. Targets: native at least 10x faster than KiCad's load alone, under 300 MB.
// Environment: RR_BENCH_BOARD (default vme-wren), RR_BENCH_RUNS (native runs, default 3),
// RR_BENCH_PYTHON (default /usr/bin/python3).
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractWithPcbnew } from '../../src/geometry/pcbnew-extractor.js';

const BOARD = process.env.RR_BENCH_BOARD ?? '/usr/share/kicad/demos/vme-wren/vme-wren.kicad_pcb';
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);
const PYTHON = process.env.RR_BENCH_PYTHON ?? '/usr/bin/python3';
const NATIVE_ONCE = fileURLToPath(new URL('./native-once.js', import.meta.url));
const MIB = 1024 * 1024;

interface NativeRun {
  ms: number;
  peakMiB: number;
  footprints: number;
  pads: number;
  segments: number;
  arcs: number;
  vias: number;
  zones: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function nativeRun(): Promise<NativeRun> {
  const { stdout } = await promisify(execFile)(process.execPath, [NATIVE_ONCE, BOARD], { maxBuffer: MIB });
  return JSON.parse(stdout) as NativeRun;
}

/** Polls a child's peak resident set (VmHWM) from /proc until it exits; Linux only. */
function watchPeakMemory(child: ChildProcess): () => number {
  let peakKiB = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /VmHWM:\s+(\d+) kB/.exec(status);
      if (match !== null) peakKiB = Math.max(peakKiB, Number(match[1]));
    } catch {
      // The child has exited; the last reading stands.
    }
  };
  const timer = setInterval(read, 50);
  child.once('exit', () => clearInterval(timer));
  return () => peakKiB / 1024;
}

async function pcbnewRun(): Promise<{ ms: number; peakMiB: number; loadSeconds: number | undefined }> {
  let peak: () => number = () => NaN;
  let stderr = '';
  const started = performance.now();
  await extractWithPcbnew(BOARD, {
    python: PYTHON,
    onChild: (child) => {
      peak = watchPeakMemory(child);
      child.stderr?.on('data', (chunk: Buffer | string) => (stderr += String(chunk)));
    },
  });
  const ms = performance.now() - started;
  const load = /load ([\d.]+) s/.exec(stderr);
  return { ms, peakMiB: peak(), loadSeconds: load === null ? undefined : Number(load[1]) };
}

if (!existsSync(BOARD)) {
  console.error(`${BOARD} is missing: install KiCad 9 and its demos with .ci/install-kicad (as root)`);
  process.exit(2);
}

const sizeMB = statSync(BOARD).size / 1e6;
console.log(`node ${process.version}; board ${basename(BOARD)} (${sizeMB.toFixed(1)} MB)`);

await nativeRun(); // warm the disk cache
const runs: NativeRun[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await nativeRun());
const native = { ms: median(runs.map((r) => r.ms)), peakMiB: Math.max(...runs.map((r) => r.peakMiB)) };
const c = runs[0]!;
console.log(
  `  ${c.footprints} footprints, ${c.pads} pads, ${c.segments} segments, ${c.arcs} arcs, ${c.vias} vias, ${c.zones} zones`,
);
console.log(
  `native reader:   ${(native.ms / 1000).toFixed(2)} s (median of ${RUNS}, a fresh process each), peak RSS ${native.peakMiB.toFixed(0)} MiB`,
);

const pcbnew = await pcbnewRun();
const load = pcbnew.loadSeconds;
console.log(
  `KiCad pcbnew:    ${(pcbnew.ms / 1000).toFixed(2)} s (${load === undefined ? 'load time unknown' : `of which LoadBoard ${load.toFixed(2)} s`}), peak RSS ${pcbnew.peakMiB.toFixed(0)} MiB`,
);

const loadMs = load === undefined ? pcbnew.ms : load * 1000;
const speedup = loadMs / native.ms;
console.log(
  `ratio:           native is ${speedup.toFixed(1)}x faster than KiCad's load alone, ` +
    `${(pcbnew.ms / native.ms).toFixed(1)}x than the whole pcbnew extraction; ` +
    `memory ${(native.peakMiB / pcbnew.peakMiB).toFixed(2)}x of pcbnew's`,
);
const fast = speedup >= 10;
const small = native.peakMiB * MIB < 300e6;
console.log(
  `targets:         >= 10x faster: ${fast ? 'met' : 'MISSED'}; under 300 MB: ${small ? 'met' : 'MISSED'}`,
);
