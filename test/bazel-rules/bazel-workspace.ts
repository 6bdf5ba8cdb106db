// A throwaway copy of the consumer workspace in test/bazel/, driven by the real `bazel` binary.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../cli/run-cli.js';

/** What one bazel command gave. */
export interface BazelRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for messages */
  output: string;
}

/** Where a copy lives and how its Bazel runs: another path, user, home, temporary folder. */
export interface BazelWorkspaceOptions {
  /** the folder the copy is made in (default: a new temporary folder) */
  dir?: string;
  /** Bazel startup options, e.g. --output_base and --output_user_root */
  startup?: string[];
  /** environment of every bazel command, over this process's */
  env?: NodeJS.ProcessEnv;
  /** a command every bazel command runs under, made anew for each (see shifted-clock.ts) */
  prefix?: () => Promise<string[]>;
}

/** A copy of test/bazel whose rules_rr is this checkout. */
export class BazelWorkspace {
  private constructor(
    readonly dir: string,
    private readonly options: BazelWorkspaceOptions = {},
  ) {}

  /** Copies the consumer workspace to a temporary folder and points it at this checkout. */
  static async create(options: BazelWorkspaceOptions = {}): Promise<BazelWorkspace> {
    const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'rr-bazel-')));
    // Leftovers of a run in place (convenience links, a written lock) are not part of the workspace.
    const leftover = (path: string) => /(^|\/)(bazel-[^/]*|rr\.lock\.json)$/.test(path);
    await cp(join(repoRoot, 'test/bazel'), dir, { recursive: true, filter: (source) => !leftover(source) });
    const workspace = join(dir, 'WORKSPACE');
    const text = await readFile(workspace, 'utf8');
    await writeFile(workspace, text.replace('path = "../.."', `path = ${JSON.stringify(repoRoot)}`));
    return new BazelWorkspace(dir, options);
  }

  /** Runs `bazel COMMAND ARGS` here with the flags Debian's offline Bazel needs. */
  async bazel(command: string, args: string[]): Promise<BazelRun> {
    const flags = [`--override_repository=remote_coverage_tools=${join(this.dir, 'tools/coverage')}`];
    const startup = ['--max_idle_secs=60', ...(this.options.startup ?? [])];
    const argv = [
      ...startup,
      command,
      ...(command === 'info' || command === 'shutdown' ? [] : flags),
      ...args,
    ];
    const env = { ...process.env, ...this.options.env };
    const [program, ...before] = [...((await this.options.prefix?.()) ?? []), 'bazel'];
    return new Promise((resolve) => {
      execFile(
        program!,
        [...before, ...argv],
        { cwd: this.dir, env, maxBuffer: 32 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
        },
      );
    });
  }

  /** Starts `bazel run TARGET -- ARGS` in `cwd` (a folder of the workspace) without waiting for it. */
  start(target: string, args: string[], cwd = this.dir): ChildProcess {
    const flags = [`--override_repository=remote_coverage_tools=${join(this.dir, 'tools/coverage')}`];
    return spawn('bazel', ['--max_idle_secs=60', 'run', ...flags, target, '--', ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  /** Reads a file of the workspace. */
  read(rel: string): Promise<string> {
    return readFile(join(this.dir, rel), 'utf8');
  }

  /** Writes a file of the workspace. */
  write(rel: string, text: string): Promise<void> {
    return writeFile(join(this.dir, rel), text);
  }

  /** Deletes a file of the workspace. */
  remove(rel: string): Promise<void> {
    return rm(join(this.dir, rel));
  }

  /** Stops this workspace's Bazel server and deletes the copy. */
  async dispose(): Promise<void> {
    await this.bazel('shutdown', []);
    await rm(this.dir, { recursive: true, force: true });
  }
}
