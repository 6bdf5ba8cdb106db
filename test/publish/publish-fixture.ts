// A git repository holding a copy of the bundled example, made with fixed names and dates, for the
// publisher's tests; and running `rr publish` on it as a user would.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot, rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = join(repoRoot, 'examples', 'infusion-pump');

/** git's environment with a fixed author, committer and date, so commits have the same ids anywhere. */
export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Audit Tester',
  GIT_AUTHOR_EMAIL: 'audit@example.com',
  GIT_COMMITTER_NAME: 'Audit Tester',
  GIT_COMMITTER_EMAIL: 'audit@example.com',
  GIT_AUTHOR_DATE: '2026-03-01T10:00:00+01:00',
  GIT_COMMITTER_DATE: '2026-03-01T10:00:00+01:00',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** Runs git in a folder with the fixed identity. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });
}

/** A new repository with the example at its root (model files, lock and evidence), committed and tagged v1. */
export function exampleRepository(prefix = 'rr-publish-'): string {
  const dir = tempDir(prefix);
  cpSync(EXAMPLE, dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'VIP-200 model');
  git(dir, 'tag', '-a', 'v1', '-m', 'baseline v1');
  return dir;
}

/** Replaces `from` by `to` in a file of the repository (the first occurrence; it must be there). */
export function editFile(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(path, text.replace(from, to));
}

/** `rr publish` over the example in `dir`, writing to `out`; extra flags after. */
export function publish(
  dir: string,
  out: string,
  extra: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
) {
  return rr(['publish', '--model', '.', '--evidence', 'bazel-testlogs', '--out', out, ...extra], dir, env);
}

/** Every file below a folder with its bytes, by '/'-separated relative path. */
export function filesBelow(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files.set(relative(dir, path).split('\\').join('/'), readFileSync(path));
  }
  return files;
}
