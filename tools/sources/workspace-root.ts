import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const MARKERS = ['MODULE.bazel', 'WORKSPACE', 'WORKSPACE.bazel', '.git'];

/**
 * The workspace a model lies in: the nearest ancestor holding MODULE.bazel, WORKSPACE or .git, else the
 * model's own folder (never the whole working directory: outside a repository the folder around a model
 * may hold anything); relative to the cwd so reported paths read as the user's own.
 */
export function workspaceRoot(from: string, cwd: string): string {
  const model = resolve(cwd, from);
  let dir = model;
  for (;;) {
    if (MARKERS.some((m) => existsSync(join(dir, m)))) return relative(cwd, dir) || '.';
    const parent = dirname(dir);
    if (parent === dir) return relative(cwd, modelFolder(model)) || '.';
    dir = parent;
  }
}

/** The folder a model path names, or the folder of a model file. */
function modelFolder(model: string): string {
  try {
    return statSync(model).isDirectory() ? model : dirname(model);
  } catch {
    return dirname(model);
  }
}
