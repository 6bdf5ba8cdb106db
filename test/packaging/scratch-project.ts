// An empty npm project in a temporary folder outside the repository, as a user's would be: its own
// package.json, no node_modules above it, and commands run in it as a user types them (`npx rr …`).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a command printed and how it ended. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment for commands in a scratch project: this one without what a running npm script, vitest
 * or Bazel put in it (npm's own settings, the registry and its cache among them, stay), plus `extra`.
 */
export function scratchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const inherited =
    /^(npm_(package|lifecycle)_|npm_command$|npm_config_(local_prefix|call|workspaces?|include_workspace_root)$|INIT_CWD$|VITEST|XML_OUTPUT_FILE$|BUILD_WORKING_DIRECTORY$)/i;
  for (const [key, value] of Object.entries(process.env)) if (!inherited.test(key)) env[key] = value;
  return { ...env, ...extra };
}

/** The first folder above `dir` that holds node_modules or a package.json, if any. */
export function projectAbove(dir: string): string | undefined {
  for (let at = dirname(dir); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules')) || existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** Creates `<parent>/<name>/` holding only a package.json (ES modules, private). */
export function createProject(parent: string, name: string): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  return dir;
}

/** Runs a command to its end (at most `timeoutMs`) and resolves to its exit code and output. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 10 * 60_000,
): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd, env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        // A non-numeric code is a failure to run the command at all: say why.
        if (typeof code !== 'number') done({ code: -1, stdout, stderr: `${stderr}${String(error)}` });
        else done({ code, stdout, stderr });
      },
    );
  });
}

/** A package in `npm ls --json`'s tree. */
interface ListedPackage {
  /** absent for an optional peer dependency that is not installed (npm lists it as `{}`) */
  version?: string;
  dependencies?: Record<string, ListedPackage>;
}

/**
 * The names of every package installed in a project's tree, at any depth, as `npm ls --all` lists
 * them; rejects when npm finds the tree incomplete or invalid (a missing or mismatched dependency).
 */
export async function installedPackages(project: string, env: NodeJS.ProcessEnv): Promise<Set<string>> {
  const listed = await run('npm', ['ls', '--all', '--json'], project, env);
  if (listed.code !== 0)
    throw new Error(`npm ls in ${project} found problems:\n${listed.stdout}${listed.stderr}`);
  const names = new Set<string>();
  const visit = (deps: Record<string, ListedPackage> | undefined) => {
    for (const [name, dep] of Object.entries(deps ?? {})) {
      if (dep.version === undefined) continue;
      names.add(name);
      visit(dep.dependencies);
    }
  };
  visit((JSON.parse(listed.stdout) as ListedPackage).dependencies);
  return names;
}

/** The command lines of running processes that mention `text` (Linux's /proc; none elsewhere). */
export function processesMentioning(text: string): string[] {
  if (!existsSync('/proc')) return [];
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      continue; // ended meanwhile
    }
    if (command.includes(text)) found.push(`${pid}: ${command}`);
  }
  return found;
}

/** A long-running command (a server) started in a process group of its own. */
export interface Started {
  /** the address it printed */
  url: URL;
  /** milliseconds from starting it to its address (printed by the tests, never asserted on) */
  startedIn: number;
  /** what it printed so far */
  output(): string;
  /**
   * Ctrl-C: SIGINT to its whole process group; resolves once it has ended, or after half a minute, to
   * the milliseconds that took
   */
  stop(): Promise<number>;
  /** whether any process of its group is still running */
  running(): boolean;
  /** SIGKILL to what is left of the group (cleanup after a failure) */
  kill(): void;
}

/**
 * Starts `command args` in `cwd` as a new process group and resolves once its output has a line that
 * `printed` matches (group 1: the URL); rejects when it ends first or after `timeoutMs`.
 */
export function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  printed: RegExp,
  timeoutMs = 120_000,
): Promise<Started> {
  const startedAt = Date.now();
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<void>((done) => child.on('exit', () => done()));
  const group = child.pid!;
  const running = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  const started: Started = {
    url: new URL('http://invalid/'),
    startedIn: 0,
    output: () => out,
    running,
    kill: () => {
      if (running()) process.kill(-group, 'SIGKILL');
    },
    stop: async () => {
      const stoppedAt = Date.now();
      if (running()) process.kill(-group, 'SIGINT');
      await ended;
      // The command's own children (npx runs rr in a child) may take a moment longer to finish.
      for (let waited = 0; running() && waited < 30_000; waited += 100)
        await new Promise((done) => setTimeout(done, 100));
      return Date.now() - stoppedAt;
    },
  };
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      started.kill();
      fail(new Error(`${command} ${args.join(' ')} printed no address in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const match = printed.exec(out);
      if (!match) return;
      clearInterval(poll);
      clearTimeout(timer);
      started.url = new URL(match[1]!.replace('//localhost:', '//127.0.0.1:'));
      started.startedIn = Date.now() - startedAt;
      done(started);
    }, 50);
    void ended.then(() => {
      clearInterval(poll);
      clearTimeout(timer);
      fail(new Error(`${command} ${args.join(' ')} ended before it printed an address:\n${out}`));
    });
  });
}
