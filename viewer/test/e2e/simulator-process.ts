// SPDX-License-Identifier: AGPL-3.0-or-later
// The real experiment simulator (`rr pnr-sim`, the built CLI) as a child process writing a live
// directory at a pace the page can watch.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { stopChild } from './viewer-process.js';

/** A running simulator. */
export interface SimulatorProcess {
  /** Whether it is still writing events. */
  running(): boolean;
  /** Resolves with its exit code when it ends. */
  finished: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `rr pnr-sim --out LIVE_DIR` with the given flags (numbers as text). */
export function startSimulator(liveDir: string, flags: Record<string, string>): SimulatorProcess {
  const args = [join(repoRoot, 'bin/rr.js'), 'pnr-sim', '--out', liveDir];
  for (const [flag, value] of Object.entries(flags)) args.push(`--${flag}`, value);
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  let done = false;
  const finished = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return { running: () => !done, finished, stop: () => stopChild(child) };
}
