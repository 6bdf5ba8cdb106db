import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root, where `bin/rr.js` lives. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the built `bin/rr.js` as a user would, returning exit code and output. */
export async function rr(
  args: string[],
  cwd = repoRoot,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [`${repoRoot}bin/rr.js`, ...args], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message?: string };
    // A non-numeric code is a failure to run rr at all: say why instead of hiding it.
    if (typeof e.code !== 'number')
      return { code: -1, stdout: e.stdout ?? '', stderr: e.message ?? String(error) };
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
