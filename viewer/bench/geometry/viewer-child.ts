// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr view` as a child process on a free loopback port, as a user runs it: the benchmark talks to it
// over real HTTP and stops it with SIGTERM.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { VIEWER_BIN } from '../viewer-bin.js';

/** A running viewer: its base URL and a way to stop it. */
export interface ViewerChild {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `rr view --root ROOT` and resolves once it listens. */
export async function startViewerChild(root: string): Promise<ViewerChild> {
  const child = spawn(process.execPath, [VIEWER_BIN, 'view', '--root', root, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VIEWER_USER_CONFIG: '' },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const match = /serving at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`rr view exited ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
