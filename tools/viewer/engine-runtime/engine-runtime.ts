// Where the engine's subprocess services (cost replay, the schematic builder) run from: --engine-runtime
// names a folder that contains the engine package (a frozen copy of rr: the folder holding its
// package.json, or a folder with node_modules/rules-rr); without it, the rr that runs the viewer. The
// services always run in a child process from that copy's own files, so a frozen copy is used as it is.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../model/package-paths.js';

/** The engine package's name in its package.json. */
export const ENGINE_PACKAGE = 'rules-rr';

/** The child process's entry, relative to the engine package. */
export const ENGINE_SERVICE_ENTRY = join(
  'dist',
  'tools',
  'viewer',
  'engine-runtime',
  'engine-service-main.js',
);

/** An engine copy the services can run from. */
export interface EngineRuntime {
  /** The engine package's folder. */
  packageDir: string;
  entry: string;
  version?: string;
  /** `flag`: --engine-runtime; `installed`: the rr running the viewer. */
  from: 'flag' | 'installed';
}

/** The engine runtime for --engine-runtime (or the installed rr), or why it cannot be used. */
export function resolveEngineRuntime(dir: string | undefined): EngineRuntime | { problem: string } {
  const from = dir === undefined ? 'installed' : 'flag';
  const candidates = dir === undefined ? [packageRoot()] : [dir, join(dir, 'node_modules', ENGINE_PACKAGE)];
  for (const packageDir of candidates) {
    let manifest: { name?: string; version?: string };
    try {
      manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue;
    }
    if (manifest.name !== ENGINE_PACKAGE) continue;
    const entry = join(packageDir, ENGINE_SERVICE_ENTRY);
    if (!isFile(entry))
      return {
        problem: `${packageDir} holds the engine package but not its built services (${ENGINE_SERVICE_ENTRY}); build it with npm run build`,
      };
    return { packageDir, entry, ...(manifest.version ? { version: manifest.version } : {}), from };
  }
  return {
    problem:
      dir === undefined
        ? `the installed rr (${packageRoot()}) has no engine package`
        : `--engine-runtime ${dir} does not contain the engine package: neither ${join(dir, 'package.json')} nor ${join(dir, 'node_modules', ENGINE_PACKAGE, 'package.json')} names ${ENGINE_PACKAGE}`,
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
