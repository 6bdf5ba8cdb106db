// Tests that run rr in a child process use the built files (dist/): build them when a source is newer
// than the build (npm test builds first, so this only matters when running one test file).
import { execFileSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../', import.meta.url));

/** Builds dist/ unless `built` (a path under the repository) is newer than every file of `sourceDirs`. */
export async function buildIfStale(built: string, sourceDirs: readonly string[]): Promise<void> {
  const output = await stat(join(REPO, built)).catch(() => undefined);
  const sources = await Promise.all(
    sourceDirs.flatMap(async (dir) =>
      Promise.all((await readdir(join(REPO, dir))).map((f) => stat(join(REPO, dir, f)))),
    ),
  );
  const newest = Math.max(...sources.flat().map((s) => s.mtimeMs));
  if (!output || output.mtimeMs < newest)
    execFileSync(
      process.execPath,
      [join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
      {
        cwd: REPO,
      },
    );
}
