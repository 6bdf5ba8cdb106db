// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr view --agent on` as a user starts it (the built CLI as a child process): it says which assistant
// CLI it found and with which budgets, and warns when a listener is not loopback.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { FAKE_CLI_DIR } from './agent-fixture.js';

function startView(args: string[], env: NodeJS.ProcessEnv) {
  const dir = tempDir();
  mkdirSync(join(dir, 'exp', 'live'), { recursive: true });
  return spawn(
    process.execPath,
    [join(repoRoot, 'bin', 'rr.js'), 'view', '--root', 'exp/live', '--port', '0', ...args],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VIEWER_USER_CONFIG: '', VIEWER_AGENT_CLI: '', ...env },
    },
  );
}

async function startupOutput(args: string[], env: NodeJS.ProcessEnv): Promise<{ out: string; err: string }> {
  const child = startView(args, env);
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  while (!/serving at/.test(out)) {
    if (child.exitCode !== null) throw new Error(`rr view exited ${child.exitCode}: ${err}`);
    await sleep(50);
  }
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  return { out, err };
}

describe('rr view with the Ask agent', () => {
  it('finds claude on PATH and says what a turn may spend', async () => {
    const { out, err } = await startupOutput(['--agent', 'on', '--agent-budget-usd', '1.5'], {
      PATH: `${FAKE_CLI_DIR}:${process.env.PATH ?? ''}`,
    });
    expect(out).toContain(
      `rr view: assistant: ${join(FAKE_CLI_DIR, 'claude')} (from PATH, Claude Code 2.1.197), model opus, $1.5 a turn, $1 a net-label call, cap $20 for this process`,
    );
    expect(err).toBe('');
  });

  it('names the flag that gave the CLI, and warns when a listener is not loopback', async () => {
    const { out, err } = await startupOutput(
      [
        '--agent',
        'on',
        '--agent-cli',
        join(FAKE_CLI_DIR, 'claude'),
        '--listen',
        '0.0.0.0:0',
        '--agent-total-usd',
        '0',
      ],
      {},
    );
    // The version the CLI gave for --version is said beside where it came from.
    expect(out).toContain('(from --agent-cli, Claude Code 2.1.197)');
    expect(out).toContain('cap off');
    expect(err).toContain(
      'warning: the assistant is on (--agent/--net-summaries) and the viewer listens on 0.0.0.0:0, which is not a loopback address',
    );
  });

  it('takes the CLI from the machine config, and the environment before it', async () => {
    const dir = tempDir();
    const machine = join(dir, 'config.toml');
    writeFileSync(machine, `[agent]\ncli = "${join(FAKE_CLI_DIR, 'claude')}"\n`);
    const fromFile = await startupOutput(['--agent', 'on'], {
      VIEWER_USER_CONFIG: machine,
      PATH: '/nonexistent',
    });
    // No node on PATH for the fake's --version: the version is not known, and not said.
    expect(fromFile.out).toContain(`(from machine config ${machine} [agent] cli)`);
    const fromEnv = await startupOutput(['--agent', 'on'], {
      VIEWER_USER_CONFIG: machine,
      VIEWER_AGENT_CLI: join(FAKE_CLI_DIR, 'fake-claude.mjs'),
    });
    expect(fromEnv.out).toContain('rr view: assistant unavailable: the assistant CLI');
    expect(fromEnv.out).toContain(
      'fake-claude.mjs (from environment VIEWER_AGENT_CLI) is not an executable file',
    );
  });

  it('warns at start when the search endpoint is on a local address, which the web guard refuses', async () => {
    const { err } = await startupOutput(
      [
        '--agent',
        'on',
        '--agent-cli',
        join(FAKE_CLI_DIR, 'claude'),
        '--agent-web',
        'on',
        '--agent-search-url',
        'http://127.0.0.1:8888/search',
      ],
      {},
    );
    expect(err).toContain(
      'rr view: warning: --agent-search-url http://127.0.0.1:8888/search: 127.0.0.1 is a loopback (127.0.0.0/8) address; the web guard reaches public hosts only, so every web_search will be refused',
    );
    const named = await startupOutput(
      ['--agent', 'on', '--agent-cli', join(FAKE_CLI_DIR, 'claude'), '--agent-web', 'on'].concat([
        '--agent-search-url',
        'http://searx.lan/search?q={query}',
      ]),
      {},
    );
    expect(named.err).toContain('searx.lan is a local name (.lan)');
  });

  it('refuses a budget of 0, which would let calls start with the cap used up', async () => {
    const child = startView(
      ['--agent', 'on', '--agent-budget-usd', '0', '--net-summaries', 'on', '--net-summary-budget-usd', '0'],
      {},
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('rr view: --agent-budget-usd takes an amount in USD greater than 0; got "0"');
    expect(err).toContain('rr view: --net-summary-budget-usd takes an amount in USD greater than 0; got "0"');
  });

  it('says why the assistant is unavailable when no CLI is found', async () => {
    const { out } = await startupOutput(['--agent', 'on'], { PATH: '/nonexistent' });
    expect(out).toContain('rr view: assistant unavailable: no assistant CLI: install Claude Code');
  });
});
