// SPDX-License-Identifier: AGPL-3.0-or-later
// Which engine the viewer's subprocess services (the schematic builder, placement-cost replay) run:
// `--engine-runtime DIR`, a frozen copy of the engine, or by default the viewer package that runs the
// viewer. The engine is the viewer's own package (its services are the viewer's); DIR is the folder that
// contains it (DIR/rules-rr-viewer, DIR/node_modules/rules-rr-viewer) or the package folder itself
// (DIR/bin/rr-viewer.js). See docs/viewer-netlist.md, "Engine runtime".
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VIEWER_PACKAGE, viewerPackageRoot } from '../viewer-package.js';

/** The engine a service runs: the rr command-line script run with this Node. */
export interface EngineRuntime {
  /** The engine's command-line script (bin/rr-viewer.js of the engine package). */
  entry: string;
  /** The engine package folder. */
  packageDir: string;
  /** Where it came from: the installed viewer, or --engine-runtime. */
  source: 'installed' | 'engine-runtime';
}

/** An engine runtime folder that holds no engine; the message says what was looked for. */
export class EngineRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineRuntimeError';
  }
}

const ENTRY = join('bin', 'rr-viewer.js');

/** The engine of `--engine-runtime DIR`, or the installed viewer when `dir` is undefined. */
export function resolveEngineRuntime(dir: string | undefined): EngineRuntime {
  if (dir === undefined) {
    const packageDir = viewerPackageRoot();
    return { entry: join(packageDir, ENTRY), packageDir, source: 'installed' };
  }
  const base = resolve(dir);
  const candidates = [base, join(base, VIEWER_PACKAGE), join(base, 'node_modules', VIEWER_PACKAGE)];
  for (const packageDir of candidates)
    if (existsSync(join(packageDir, ENTRY)))
      return { entry: join(packageDir, ENTRY), packageDir, source: 'engine-runtime' };
  throw new EngineRuntimeError(
    `--engine-runtime ${dir}: no engine there: looked for ${candidates.map((c) => join(c, ENTRY)).join(', ')}; ` +
      'give the folder that contains a copy of the viewer package rules-rr-viewer (with its dist/ built)',
  );
}
