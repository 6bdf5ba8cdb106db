// The whole `rr` process as a user starts it: bin/rr.js executed through its shebang (with its Node
// flags), timed from spawn to exit, its output read from a pipe as a terminal or `| less` would. This is
// what the user waits for: start-up, module loading, the work, writing the output and exiting.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * bin/rr.js of this checkout (the benches run from dist/bench/<name>/), or the one RR_BENCH_RR names:
 * another build's bin/rr.js, to time it on the same generated inputs (before and after a change). Only
 * the whole-process figures are that build's; what a bench times in its own process is this one's.
 */
export const RR_BIN = process.env.RR_BENCH_RR
  ? resolve(process.env.RR_BENCH_RR)
  : fileURLToPath(new URL('../../bin/rr.js', import.meta.url));

/** One process: its wall time, its CPU time (user + system; null without GNU time), exit code and output size. */
export interface RrProcessRun {
  ms: number;
  cpuMs: number | null;
  code: number;
  outBytes: number;
}

// GNU time reports the child's CPU time, which other work on a busy machine barely changes while the
// wall time it adds can double: the benches print both.
const GNU_TIME = '/usr/bin/time';

/** A run stopped at its time limit: how long it was let run. */
export class RrProcessTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`stopped after ${limitMs} ms`);
  }
}

/**
 * Runs bin/rr.js with `args` and the environment `env` added; resolves when it has exited. With
 * `limitMs`, a run still going then is killed and rejects with RrProcessTimeout.
 */
export function timeRrProcess(
  args: string[],
  env: Record<string, string>,
  limitMs?: number,
): Promise<RrProcessRun> {
  return new Promise((resolve, reject) => {
    const timed = existsSync(GNU_TIME);
    const cpuDir = timed ? mkdtempSync(join(tmpdir(), 'rr-bench-cpu-')) : '';
    const cpuFile = join(cpuDir, 'cpu');
    const [command, commandArgs] = timed
      ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, RR_BIN, ...args]]
      : [RR_BIN, args];
    const t0 = performance.now();
    // Its own process group, so that a run stopped at the limit is killed with GNU time's child.
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      detached: true,
    });
    const timer =
      limitMs === undefined
        ? undefined
        : setTimeout(() => {
            process.kill(-child.pid!, 'SIGKILL');
            rmSync(cpuDir, { recursive: true, force: true });
            reject(new RrProcessTimeout(limitMs));
          }, limitMs);
    let outBytes = 0;
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (outBytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      const cpuMs = timed ? cpuTimeMs(cpuFile) : null;
      if (timed) rmSync(cpuDir, { recursive: true, force: true });
      // 0 and 1 are answers (clean, errors found); anything else means rr did not do the work.
      if (code === 0 || code === 1) resolve({ ms, cpuMs, code, outBytes });
      else reject(new Error(`rr ${args.join(' ')} exited with ${code}: ${err.slice(0, 2000)}`));
    });
  });
}

/** GNU time's "%U %S" line as milliseconds (its last line: it may print a note above it). */
function cpuTimeMs(file: string): number | null {
  try {
    const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
    const [user, system] = last.split(' ').map(Number);
    return user === undefined || system === undefined || Number.isNaN(user + system)
      ? null
      : (user + system) * 1000;
  } catch {
    return null;
  }
}

/** The median of some values (the upper one of an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Median and range of some times in ms: "median 123 ms (120–131)". */
export function msSpread(ms: number[]): string {
  return `median ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)})`;
}

/** Median and range of some times in ms, as seconds: "median 1.23 s (1.20–1.31)". */
export function secondsSpread(ms: number[]): string {
  const s = (v: number) => (v / 1000).toFixed(2);
  return `median ${s(median(ms))} s (${s(Math.min(...ms))}–${s(Math.max(...ms))})`;
}

/** "met" or "missed": whether the median of `ms` is under the target. */
export function targetVerdict(ms: number[], targetMs: number): string {
  return median(ms) < targetMs ? 'met' : 'missed';
}
