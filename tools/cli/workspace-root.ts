import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const MARKERS = ['MODULE.bazel', 'WORKSPACE', 'WORKSPACE.bazel', '.git'];

/**
 * The workspace a path lies in: the nearest ancestor holding MODULE.bazel, WORKSPACE or .git, else the
 * cwd; relative to the cwd so reported paths read as the user's own.
 */
export function workspaceRoot(from: string, cwd: string): string {
  let dir = resolve(cwd, from);
  for (;;) {
    if (MARKERS.some((m) => existsSync(join(dir, m)))) return relative(cwd, dir) || '.';
    const parent = dirname(dir);
    if (parent === dir) return '.';
    dir = parent;
  }
}
