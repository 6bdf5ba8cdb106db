// A save through the server killed mid-commit (a child `rr serve` stopped at a commit step by
// RR_EDITOR_TEST_STOP_AT and killed with SIGKILL): after a restart every file is wholly old or wholly
// new. Two clients saving one entity: one wins, the other gets 409.
import { spawn, type ChildProcess } from 'node:child_process';
import { buildIfStale, REPO } from '../built-dist.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { expectTree, fixtureCopy, gitStatus, treeOf } from '../edit/edit-fixture.js';
import { send, startEditor } from './editor-fixture.js';

const rr = join(REPO, 'bin/rr.js');

/** The child runs the built CLI. */
beforeAll(
  () =>
    buildIfStale('dist/tools/cli/main.js', [
      'tools/edit',
      'tools/editor',
      'tools/cli',
      'tools/git',
      'tools/model',
      'tools/verify',
    ]),
  180_000,
);

/** A running `rr serve` child; its output so far. */
interface Child {
  proc: ChildProcess;
  output: () => string;
  url: URL;
}

/** Starts `rr serve` on a free port and waits for its URL. */
async function serve(dir: string, env: Record<string, string> = {}): Promise<Child> {
  const proc = spawn(process.execPath, [rr, 'serve', '--model', dir, '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<URL>((done, fail) => {
    const timer = setInterval(() => {
      const m = /rr editor: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        done(new URL(m[1]!.replace('localhost', '127.0.0.1')));
      }
    }, 20);
    proc.on('exit', () => {
      clearInterval(timer);
      fail(new Error(`rr serve ended: ${out}`));
    });
  });
  return { proc, output: () => out, url };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function killed(child: Child, signal: NodeJS.Signals): Promise<NodeJS.Signals | number | null> {
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.proc.on('exit', (code, sig) => done(sig ?? code)),
  );
  child.proc.kill(signal);
  return exited;
}

describe('a multi-file save killed mid-commit (SIGKILL), then the server restarted', () => {
  test.each([
    ['prepared', 'rolled-back', 'before'],
    ['committed', 'rolled-forward', 'rename'],
    ['renamed-first', 'rolled-forward', 'rename'],
  ] as const)('killed at %s: %s, every file %s', async (step, outcome, expected) => {
    const dir = await fixtureCopy('links', { git: true });
    const first = await serve(dir, { RR_EDITOR_TEST_STOP_AT: step });
    const entity = await send(first.url, 'GET', '/api/entities/REQ-001');
    // The rename touches requirements.yaml, risks.yaml and rr.lock.json; its answer never comes.
    void send(
      first.url,
      'POST',
      '/api/entities/REQ-001/rename',
      { id: 'REQ-010', version: entity.body.entity.version },
      { 'x-rr-request': '1' },
    ).catch(() => undefined);
    await until(() => first.output().includes(`stopped at ${step}`), `the save to stop at ${step}`);
    expect(await killed(first, 'SIGKILL')).toBe('SIGKILL');

    const second = await serve(dir);
    expect(second.output()).toContain(`an interrupted save was settled: ${outcome}`);
    await expectTree(dir, 'links', expected);
    expect([...(await treeOf(dir)).keys()].filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const state = await send(
      second.url,
      'GET',
      expected === 'before' ? '/api/entities/REQ-001' : '/api/entities/REQ-010',
    );
    expect(state.status).toBe(200);
    expect(await killed(second, 'SIGTERM')).toBe(0);
    if (expected === 'before') expect(gitStatus(dir)).toBe('');
  });
});

describe('two writers', () => {
  test('two clients saving the same entity at once: one wins, the other gets 409 stale-version', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const [a, b] = await Promise.all(
      ['Rate entry in mL/h', 'Rate entry (other client)'].map((title) =>
        editor.call('PUT', '/api/entities/REQ-001', {
          data: { ...entity.data, title },
          version: entity.version,
        }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const loser = a!.status === 409 ? a! : b!;
    expect(loser.body.code).toBe('stale-version');
    if (a!.status === 200) await expectTree(dir, 'crlf', 'update-title');
  });

  test('two editor processes on one checkout: the second sees changed-on-disk after the first saved', async () => {
    const dir = await fixtureCopy('crlf');
    const one = await startEditor(dir);
    const two = await startEditor(dir);
    const entity = (await one.call('GET', '/api/entities/REQ-002')).body.entity;
    const other = (await two.call('GET', '/api/entities/REQ-001')).body.entity;
    const first = await one.call('PUT', '/api/entities/REQ-002', {
      data: { ...entity.data, title: 'Bolus limit (one)' },
      version: entity.version,
    });
    expect(first.status).toBe(200);
    const second = await two.call('PUT', '/api/entities/REQ-001', {
      data: { ...other.data, title: 'Rate (two)' },
      version: other.version,
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('changed-on-disk');
  });
});
