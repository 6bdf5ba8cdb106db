// SPDX-License-Identifier: AGPL-3.0-or-later
// The real `rr view` (the built CLI) as a child process on a free port, for the browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { repoRoot } from '../../../test/cli/run-cli.js';

/** A running viewer: its page URL, and a way to stop it. */
export interface ViewerProcess {
  url: string;
  /** Everything the viewer printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `rr view ARGS --port 0` and resolves once it listens (with no machine config of the user). */
export async function startViewer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ViewerProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/rr.js'), 'view', ...args, '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VIEWER_USER_CONFIG: '', ...env },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /serving at (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`rr view exited with ${code} before listening:\n${output}`)),
    );
    child.once('error', reject);
  });
  return { url, output: () => output, stop: () => stopChild(child) };
}

/** Ends a child process with SIGINT (a clean stop) and waits for it. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
