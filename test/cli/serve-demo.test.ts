// The README's quick start: `rr serve --demo` serves a copy of the example in a git repository of its
// own, so Commit and Tag in the page never write into the repository rr was started from.
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from './run-cli.js';

/** Starts `rr serve --demo` with more arguments; resolves to its output once the URLs are printed. */
async function serveDemo(args: string[] = []): Promise<string> {
  const proc = spawn(
    process.execPath,
    [join(repoRoot, 'bin/rr.js'), 'serve', '--demo', '--port', '0', ...args],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  onTestFinished(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<string>((done, fail) => {
    const timer = setInterval(() => {
      if (/rr editor: http/.test(out) && (!args.includes('0.0.0.0') || /--allow-host/.test(out))) {
        clearInterval(timer);
        done(out);
      }
    }, 20);
    proc.on('exit', () => {
      clearInterval(timer);
      fail(new Error(`rr serve --demo ended: ${out}`));
    });
  });
}

/** GET on loopback naming `host` in the Host header, as a browser that opened that address would. */
function getAs(port: string, host: string, token: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/state', headers: { host, authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

describe('rr serve --demo', () => {
  it('serves the example from a fresh git repository that is not rr’s, and saves go there', async () => {
    const out = await serveDemo();
    const repository = /new git repository at (\S+);/.exec(out)?.[1];
    expect(repository, out).toBeDefined();
    onTestFinished(() => rmSync(repository!, { recursive: true, force: true }));
    expect(realpathSync(git(repository!, 'rev-parse', '--show-toplevel'))).toBe(realpathSync(repository!));
    expect(realpathSync(repository!)).not.toBe(realpathSync(repoRoot));
    expect(git(repository!, 'log', '--format=%s')).toBe('The rr example: a volumetric infusion pump');

    const url = new URL(/rr editor: (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1'));
    const status = (await (await fetch(new URL('/api/git/status', url))).json()) as {
      repository: boolean;
      branch: string;
      files: unknown[];
    };
    expect(status).toMatchObject({ repository: true, branch: 'main', files: [] });

    // A save changes the demo's files, never rr's own checkout.
    const rrBefore = git(repoRoot, 'status', '--porcelain', '--', 'examples');
    const { entity } = (await (await fetch(new URL('/api/entities/UN-001', url))).json()) as {
      entity: { version: string; data: Record<string, unknown> };
    };
    const saved = await fetch(new URL('/api/entities/UN-001', url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-rr-request': '1' },
      body: JSON.stringify({
        version: entity.version,
        data: { ...entity.data, title: 'Dose safely (demo edit)' },
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(git(repository!, 'status', '--porcelain')).toMatch(/infusion-pump\//);
    expect(git(repoRoot, 'status', '--porcelain', '--', 'examples')).toBe(rrBefore);
  });

  it('on 0.0.0.0 prints a URL for each of the machine’s addresses, each accepted by the Host guard', async () => {
    const out = await serveDemo(['--host', '0.0.0.0']);
    const repository = /new git repository at (\S+);/.exec(out)![1]!;
    onTestFinished(() => rmSync(repository, { recursive: true, force: true }));
    const urls = [...out.matchAll(/rr editor: (http:\/\/\S+)/g)].map((m) => new URL(m[1]!));
    expect(urls.map((u) => u.hostname)).toContain('127.0.0.1');
    expect(urls.every((u) => u.hostname !== '0.0.0.0')).toBe(true);
    const token = urls[0]!.hash.replace('#token=', '');
    for (const url of urls) expect(await getAs(url.port, url.host, token), url.host).toBe(200);
    expect(await getAs(urls[0]!.port, 'elsewhere.example', token)).toBe(421);
    expect(out).toContain('--allow-host NAME');
  });
});
