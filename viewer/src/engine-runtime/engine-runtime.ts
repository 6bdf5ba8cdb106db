// SPDX-License-Identifier: AGPL-3.0-or-later
// Which engine the viewer's subprocess services (the schematic builder, placement-cost replay) run:
// `--engine-runtime DIR`, a frozen copy of the engine, or by default the rr that runs the viewer. The
// engine is rr's own package; DIR is the folder that contains it (DIR/rules-rr, DIR/node_modules/rules-rr)
// or the package folder itself (DIR/bin/rr.js). See docs/viewer.md, "Engine runtime".
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from 'rules-rr/core/model/package-paths.js';

/** The engine a service runs: the rr command-line script run with this Node. */
export interface EngineRuntime {
  /** The rr entry script (bin/rr.js of the engine package). */
  entry: string;
  /** The engine package folder. */
  packageDir: string;
  /** Where it came from: the installed rr, or --engine-runtime. */
  source: 'installed' | 'engine-runtime';
}

/** An engine runtime folder that holds no engine; the message says what was looked for. */
export class EngineRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineRuntimeError';
  }
}

const PACKAGE_NAME = 'rules-rr';
const ENTRY = join('bin', 'rr.js');

/** The engine of `--engine-runtime DIR`, or the installed rr when `dir` is undefined. */
export function resolveEngineRuntime(dir: string | undefined): EngineRuntime {
  if (dir === undefined) {
    const packageDir = packageRoot();
    return { entry: join(packageDir, ENTRY), packageDir, source: 'installed' };
  }
  const base = resolve(dir);
  const candidates = [base, join(base, PACKAGE_NAME), join(base, 'node_modules', PACKAGE_NAME)];
  for (const packageDir of candidates)
    if (existsSync(join(packageDir, ENTRY)))
      return { entry: join(packageDir, ENTRY), packageDir, source: 'engine-runtime' };
  throw new EngineRuntimeError(
    `--engine-runtime ${dir}: no engine there: looked for ${candidates.map((c) => join(c, ENTRY)).join(', ')}; ` +
      'give the folder that contains a copy of the rr package (with its dist/ built)',
  );
}
