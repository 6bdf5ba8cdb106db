// Debian's nginx as Bazel's HTTP remote cache: GET and WebDAV PUT of /ac/ and /cas/ entries under a
// temporary folder, on a loopback port, as the current user (pid, logs and temp files in that folder).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function config(dir: string, port: number): string {
  return `# Written by test/bazel-rules/nginx-cache.ts: Bazel's HTTP remote cache.
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/cache;
    location / {
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw;
      client_max_body_size 0;
    }
  }
}
`;
}

/** A running nginx serving a cache folder; `url` is what --remote_cache takes. */
export class NginxCache {
  private constructor(
    private readonly process: ChildProcess,
    readonly url: string,
    readonly dir: string,
  ) {}

  /** Writes the config into `dir` and starts nginx on a free loopback port. */
  static async start(nginx: string, dir: string): Promise<NginxCache> {
    await mkdir(join(dir, 'cache'), { recursive: true });
    for (let attempt = 0; ; attempt++) {
      const port = await freePort();
      await writeFile(join(dir, 'nginx.conf'), config(dir, port));
      // -e: the error log before the config is read, which otherwise is a path under /var/log.
      const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const url = `http://127.0.0.1:${port}`;
      if (await answers(url, child)) return new NginxCache(child, url, dir);
      child.kill('SIGTERM');
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      // Another process may have taken the port between the probe and nginx's bind: try another.
      if (attempt < 3 && /Address already in use/.test(stderr + log)) continue;
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
  }

  /** How many PUT requests nginx answered with 201/204 (entries Bazel uploaded). */
  async uploads(): Promise<number> {
    const log = await readFile(join(this.dir, 'access.log'), 'utf8');
    return log.split('\n').filter((line) => /"PUT [^"]*" 20[14] /.test(line)).length;
  }

  /** Stops nginx and waits for it to exit. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGQUIT');
    await exited;
  }
}

/** Whether nginx answers at `url` before it exits or 10 s pass. */
async function answers(url: string, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    try {
      await fetch(`${url}/ac/probe`);
      return true;
    } catch {
      await sleep(100);
    }
  }
  return false;
}
