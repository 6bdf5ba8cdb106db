// SPDX-License-Identifier: AGPL-3.0-or-later
// rr against the real assistant CLI's shapes (real-cli-lines.ts says where they come from): the command
// lines rr builds use only flags the real CLI has, with values it takes; a real-shaped init of an Ask turn
// and of a net-label call passes the guard with the tools the CLI reports for those flags, and one that
// lists more is refused; a real-shaped streamed Read outside the turn's folders is refused as soon as
// its input is complete.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askTurnArguments, netLabelArguments } from '../../src/agent/agent-cli-arguments.js';
import { JsonLineReader, type CliMessage } from '../../src/agent/cli-stream-messages.js';
import { ReadScope } from '../../src/agent/read-scope.js';
import { TurnGuard } from '../../src/agent/turn-guard.js';
import { MCP_RESOURCE_TOOLS, READ_TOOLS, type TurnPermissions } from '../../src/agent/turn-permissions.js';
import { tempDir } from '../temp-dir.js';
import { flagValues } from './agent-fixture.js';
import { parseClaudeArguments } from './fake-cli/claude-flags.mjs';
import { REAL_ASK_INIT, REAL_NET_LABEL_INIT, realReadLines } from './real-cli-lines.js';

const ASK = askTurnArguments({
  model: 'opus',
  budgetUsd: 2,
  mcpConfigFile: '/tmp/rr-ask-x/mcp-config.json',
  servers: ['rr-notes', 'rr-web'],
  cwd: '/home/ada/exp',
  readDirs: ['/home/ada/design', '/home/ada/exp'],
  systemPrompt: 'You are the Ask assistant.',
});
const NET_LABEL = netLabelArguments({ model: 'opus', budgetUsd: 1, systemPrompt: 'Label the nets.' });

/** Every message of the lines, read as rr reads the stream, and the guard's first refusal. */
function guarded(
  lines: string[],
  permissions: TurnPermissions,
): { messages: CliMessage[]; refusal?: string } {
  const guard = new TurnGuard(permissions);
  const messages: CliMessage[] = [];
  let refusal: string | undefined;
  const reader = new JsonLineReader(
    (m) => {
      messages.push(m);
      refusal ??= guard.check(m);
    },
    () => undefined,
  );
  reader.push(lines.join('\n') + '\n');
  reader.end();
  return { messages, ...(refusal ? { refusal } : {}) };
}

describe("rr's command lines and the real CLI's flags", () => {
  it('uses only flags the real CLI has, with values it takes', () => {
    for (const args of [ASK, NET_LABEL]) expect(parseClaudeArguments(args).error).toBeUndefined();
    const ask = parseClaudeArguments(ASK).options!;
    expect(ask.get('--setting-sources')).toEqual(['']);
    expect(ask.get('--permission-mode')).toEqual(['dontAsk']);
    expect(ask.get('--add-dir')).toEqual(['/home/ada/design']);
    // Reads are pre-approved per folder, never for the whole disk.
    expect(ask.get('--allowedTools')).toEqual([
      'Read(//home/ada/exp/**)',
      'Read(//home/ada/design/**)',
      'mcp__rr-notes',
      'mcp__rr-web',
    ]);
    expect(ask.get('--allowedTools')).not.toContain('Read');
  });

  it('would fail a misspelt flag or value, as the real CLI does', () => {
    const typo = ASK.map((a) => (a === '--strict-mcp-config' ? '--strict-mcp-configs' : a));
    expect(parseClaudeArguments(typo).error).toBe("error: unknown option '--strict-mcp-configs'");
    const mode = ASK.map((a) => (a === 'dontAsk' ? 'dont-ask' : a));
    expect(parseClaudeArguments(mode).error).toContain("argument 'dont-ask' is invalid");
    const sources = ASK.map((a, i) => (ASK[i - 1] === '--setting-sources' ? 'users' : a));
    expect(parseClaudeArguments(sources).error).toContain('Invalid setting source: users');
  });
});

describe("the guard and the real CLI's init", () => {
  const askPermissions = { builtinTools: READ_TOOLS, servers: ['rr-notes', 'rr-web'] };

  it("passes a real-shaped init of an Ask turn, whose built-in tools are what rr's --tools leaves", () => {
    const init = JSON.parse(REAL_ASK_INIT) as { tools: string[] };
    const builtin = init.tools.filter(
      (t) => !t.startsWith('mcp__') && !(MCP_RESOURCE_TOOLS as readonly string[]).includes(t),
    );
    expect(builtin.sort()).toEqual(flagValues(ASK, '--tools')[0]!.split(',').sort());
    const { messages, refusal } = guarded([REAL_ASK_INIT], askPermissions);
    expect(messages[0]).toMatchObject({
      kind: 'init',
      mcpServers: [{ name: 'rr-notes' }, { name: 'rr-web' }],
    });
    expect(refusal).toBeUndefined();
  });

  it('passes a real-shaped init of a net-label call, which has no tools and no servers', () => {
    expect(flagValues(NET_LABEL, '--tools')).toEqual(['']);
    expect(guarded([REAL_NET_LABEL_INIT], { builtinTools: [], servers: [] }).refusal).toBeUndefined();
  });

  it('refuses the same init with one more built-in tool or MCP server', () => {
    const init = JSON.parse(REAL_ASK_INIT) as { tools: string[]; mcp_servers: object[] };
    const withBash = JSON.stringify({ ...init, tools: ['Bash', ...init.tools] });
    expect(guarded([withBash], askPermissions).refusal).toContain('Bash');
    const withServer = JSON.stringify({
      ...init,
      mcp_servers: [...init.mcp_servers, { name: 'claude.ai Gmail', status: 'needs-auth' }],
    });
    expect(guarded([withServer], askPermissions).refusal).toContain('"claude.ai Gmail"');
  });

  it('refuses a streamed Read outside the folders once its input is complete, before the whole message', () => {
    const dir = tempDir('rr-real-read-');
    mkdirSync(join(dir, 'exp'));
    const scope = ReadScope.of(join(dir, 'exp'), []);
    const lines = [REAL_ASK_INIT, ...realReadLines('/etc/passwd')];
    const guard = new TurnGuard({ ...askPermissions, readScope: scope });
    const verdicts: (string | undefined)[] = [];
    const reader = new JsonLineReader(
      (m) => verdicts.push(guard.check(m)),
      () => undefined,
    );
    reader.push(lines.join('\n') + '\n');
    // init, start, three pieces: nothing; the block's stop: refused.
    expect(verdicts.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(verdicts[5]).toContain(
      'the tool Read asked for /etc/passwd, outside the folders this turn may read',
    );
    const inside = guarded([REAL_ASK_INIT, ...realReadLines(join(dir, 'exp', 'notes.md'))], {
      ...askPermissions,
      readScope: scope,
    });
    expect(inside.refusal).toBeUndefined();
  });
});
