// A real `rr serve` over a copy of examples/infusion-pump in a temporary git repository, for the
// editor's browser tests. The copy is committed and tagged `before-editor`, so a test can diff against it.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './browser.js';

/** A running editor over a throwaway checkout. */
export interface EditorUnderTest {
  /** the address with `#token=…`, as `rr serve` printed it */
  url: string;
  /** the address without the fragment */
  origin: string;
  token: string;
  /** the checkout (git work tree) */
  root: string;
  /** the model directory inside it */
  modelDir: string;
  /** what the server printed so far, stdout then stderr */
  output(): { stdout: string; stderr: string };
  stop(): Promise<void>;
}

export const TEST_AUTHOR = 'Erin Editor <erin@example.com>';

/** Runs git in the checkout and returns its output. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

/** How `rr serve` is started: LLM workflows are off (`--no-llm`) unless `llm` is set. */
export interface ServeOptions {
  /** leave out `--no-llm`, so LLM workflows run (against `env`'s ANTHROPIC_BASE_URL) */
  llm?: boolean;
  /** more environment for the server (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL of a fake) */
  env?: Record<string, string>;
}

/** Copies the example into a new git repository and starts `rr serve` on a free port with a token. */
export async function startEditor(options: ServeOptions = {}): Promise<EditorUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'rr-editor-e2e-'));
  await cp(join(REPO_ROOT, 'examples', 'infusion-pump'), join(root, 'infusion-pump'), { recursive: true });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Setup');
  git(root, 'config', 'user.email', 'setup@example.com');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'The example model');
  git(root, 'tag', '-a', 'before-editor', '-m', 'before the editor touched it');
  return serve(root, 'infusion-pump', 'infusion-pump/bazel-testlogs', options);
}

/**
 * Starts `rr serve` in `root` over a model and evidence (if any) given relative to it; the editor
 * removes `root` when stopped.
 */
export async function serve(
  root: string,
  model: string,
  evidence?: string,
  options: ServeOptions = {},
): Promise<EditorUnderTest> {
  for (const built of ['dist/tools/cli/main.js', 'dist/ui/editor/index.html'])
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  const token = randomBytes(18).toString('base64url');
  const args = [
    'serve',
    '--model',
    model,
    ...(evidence !== undefined ? ['--evidence', evidence] : []),
    '--port',
    '0',
    '--token',
    token,
    ...(options.llm ? [] : ['--no-llm']),
  ];
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'rr.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (printed.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed.stderr += chunk.toString()));
  const url = await printedUrl(child);
  return {
    output: () => ({ ...printed }),
    url,
    origin: url.replace(/#.*$/, ''),
    token,
    root,
    modelDir: join(root, model),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
/** Waits for the `rr editor: URL` line; fails with the server's output when it exits first. */
function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /rr editor: (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`rr serve exited (${code}) before it listened:\n${out}${err}`)),
    );
  });
}
