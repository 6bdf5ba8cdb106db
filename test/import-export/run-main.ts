// Runs the rr command line in this process (the corpus has many files; a process each is slow).
import { main } from '../../tools/cli/main.js';

/** `rr ARGS` in process: exit code and what it printed. */
export async function rrInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'rr', ...args], {
    out: (t) => (stdout += t),
    err: (t) => (stderr += t),
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}
