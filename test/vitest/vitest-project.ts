// A throwaway vitest project in a temp folder that uses the built rr package as a user would
// (`rules-rr/vitest`, `rules-rr/vitest-reporter`), and a real vitest child process to run it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../cli/run-cli.js';

const run = promisify(execFile);

/** What a vitest run printed and how it ended. */
export interface VitestRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** How to run vitest in a project. */
export interface VitestRunOptions {
  /** vitest arguments after `run` */
  args?: string[];
  env?: Record<string, string>;
  /** the project's config file to use; `vitest.config.mjs` by default */
  config?: string;
}

/** A temp project: its folder, a way to run vitest in it, and its removal. */
export interface VitestProject {
  dir: string;
  /** runs `vitest run` over the project with one of its configs, `env` added to a clean environment */
  vitest: (options?: VitestRunOptions) => Promise<VitestRun>;
  remove: () => Promise<void>;
}

/** Creates a project from `files` (relative path → content) that resolves `vitest` and `rules-rr`. */
export async function createVitestProject(files: Record<string, string>): Promise<VitestProject> {
  if (!existsSync(join(repoRoot, 'dist/tools/vitest/junit-reporter.js'))) {
    throw new Error('dist/tools/vitest is missing: run `npm run build` before these tests');
  }
  const dir = await mkdtemp(join(tmpdir(), 'rr-vitest-'));
  await mkdir(join(dir, 'node_modules'));
  // The package by its name, as a consumer's node_modules holds it; vitest from this repository.
  await symlink(repoRoot, join(dir, 'node_modules', 'rules-rr'), 'dir');
  await symlink(join(repoRoot, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'dir');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return {
    dir,
    vitest: ({ args = [], env = {}, config = 'vitest.config.mjs' } = {}) => runVitest(dir, config, args, env),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

async function runVitest(
  dir: string,
  config: string,
  args: string[],
  env: Record<string, string>,
): Promise<VitestRun> {
  const vitestBin = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  // --root and --config keep the repository's own vitest.config.ts (and its include patterns) out;
  // one thread in the child's own process leaves no worker processes behind.
  const argv = [vitestBin, 'run', '--root', dir, '--config', join(dir, config)];
  argv.push('--pool', 'threads', '--maxWorkers', '1', ...args);
  try {
    const { stdout, stderr } = await run(process.execPath, argv, {
      cwd: dir,
      env: { ...cleanEnvironment(), ...env },
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** This process's environment without what the outer vitest (or Bazel) set for itself. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1' };
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('VITEST') || name === 'XML_OUTPUT_FILE' || name === 'FORCE_COLOR') continue;
    if (name === 'NODE_ENV' || name === 'TEST' || name === 'NODE_OPTIONS') continue;
    env[name] = value;
  }
  return env;
}
