// SPDX-License-Identifier: AGPL-3.0-or-later
// The PCB suite's extractor: runs pcbnew_extract.py with a Python that can import KiCad's pcbnew
// module, as a child process without a shell, and reads the geometry JSON it prints.
import { execFile, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { viewerPackageRoot } from '../viewer-package.js';
import type { BoardGeometry } from './board-geometry.js';
import { completeGeometry } from './geometry-completion.js';
import { geometryShapeProblem } from './geometry-shape-check.js';

/** Options of the pcbnew extractor. */
export interface PcbnewExtractOptions {
  /** The Python executable that can import pcbnew (see pcb-tool-resolution.ts). */
  python: string;
  /** The extraction script; defaults to the one shipped with rr. */
  script?: string;
  /** Time limit for one board; KiCad needs about 30 s for a 70 MB board. Default 10 minutes. */
  timeoutMs?: number;
  /** Called with the child process once started (the benchmark reads its peak memory). */
  onChild?: (child: ChildProcess) => void;
}

/** The extraction script shipped with rr. */
export function pcbnewExtractScript(): string {
  return join(viewerPackageRoot(), 'src', 'geometry', 'pcbnew_extract.py');
}

/** Extracts a board's geometry with KiCad's own pcbnew module. */
export async function extractWithPcbnew(
  board: string,
  options: PcbnewExtractOptions,
): Promise<BoardGeometry> {
  const script = options.script ?? pcbnewExtractScript();
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      options.python,
      [script, board],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        timeout: options.timeoutMs ?? 600_000,
        windowsHide: true,
      },
      (error, out, err) => {
        if (error === null) {
          resolve(out);
          return;
        }
        const detail = String(err).trim().split('\n').slice(-3).join(' ') || error.message;
        const reason = error.killed
          ? `it was stopped after ${(options.timeoutMs ?? 600_000) / 1000} s`
          : (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${options.python} does not exist; set --pcb-python or VIEWER_PCB_PYTHON to KiCad's Python`
            : detail;
        reject(new Error(`${board}: KiCad's pcbnew could not extract the board geometry: ${reason}`));
      },
    );
    options.onChild?.(child);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (error) {
    throw new Error(`${board}: pcbnew_extract.py printed no valid JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
  const problem = geometryShapeProblem(parsed);
  if (problem !== undefined)
    throw new Error(`${board}: pcbnew_extract.py printed no board geometry: ${problem}`);
  return completeGeometry(parsed as BoardGeometry);
}
