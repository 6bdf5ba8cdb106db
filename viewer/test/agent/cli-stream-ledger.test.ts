// SPDX-License-Identifier: AGPL-3.0-or-later
// The pieces under an Ask turn: reading the assistant CLI's stream-json lines (as Claude Code writes them,
// and as older versions wrote the init's servers), the guard's verdict on tools and servers, and the
// budget ledger's arithmetic.
import { describe, expect, it } from 'vitest';
import { BudgetLedger } from '../../src/agent/budget-ledger.js';
import { cliMessage, JsonLineReader, type CliMessage } from '../../src/agent/cli-stream-messages.js';
import { initRefusal, toolRefusal, READ_TOOLS } from '../../src/agent/turn-permissions.js';

describe('stream-json lines', () => {
  it('reads the init with its tools and MCP servers, in both shapes of mcp_servers', () => {
    expect(
      cliMessage({
        type: 'system',
        subtype: 'init',
        tools: ['Read', 'mcp__rr-notes__add_note'],
        mcp_servers: [{ name: 'rr-notes', status: 'connected' }],
        model: 'claude-opus',
      }),
    ).toEqual({
      kind: 'init',
      tools: ['Read', 'mcp__rr-notes__add_note'],
      mcpServers: [{ name: 'rr-notes', status: 'connected' }],
      model: 'claude-opus',
    });
    expect(
      cliMessage({
        type: 'system',
        subtype: 'init',
        tools: [],
        mcp_servers: { github: { status: 'failed' } },
      }),
    ).toMatchObject({
      mcpServers: [{ name: 'github', status: 'failed' }],
    });
  });

  it('reads text deltas, tool calls (announced and whole), tool results and the result with or without a cost', () => {
    expect(
      cliMessage({
        type: 'stream_event',
        event: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hi' } },
        parent_tool_use_id: null,
      }),
    ).toEqual({ kind: 'text-delta', text: 'Hi' });
    expect(
      cliMessage({
        type: 'stream_event',
        event: {
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', id: 't1', name: 'Bash' },
        },
        parent_tool_use_id: null,
      }),
    ).toEqual({ kind: 'tool-start', id: 't1', name: 'Bash', block: '#1' });
    expect(
      cliMessage({
        type: 'stream_event',
        event: {
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'input_json_delta', partial_json: '{"file_pa' },
        },
        parent_tool_use_id: null,
      }),
    ).toEqual({ kind: 'tool-input-delta', block: '#1', json: '{"file_pa' });
    expect(
      cliMessage({
        type: 'stream_event',
        event: { type: 'content_block_stop', index: 1 },
        parent_tool_use_id: null,
      }),
    ).toEqual({ kind: 'block-stop', block: '#1' });
    expect(
      cliMessage({
        type: 'assistant',
        message: {
          content: [
            { type: 'text', text: 'a' },
            { type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/x' } },
          ],
        },
        parent_tool_use_id: null,
      }),
    ).toEqual({
      kind: 'assistant',
      id: '',
      texts: ['a'],
      toolUses: [{ id: 't2', name: 'Read', input: { file_path: '/x' } }],
      subagent: false,
      synthetic: false,
    });
    expect(
      cliMessage({
        type: 'user',
        message: {
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't2',
              content: [{ type: 'text', text: 'ok' }],
              is_error: true,
            },
          ],
        },
      }),
    ).toEqual({ kind: 'tool-result', toolUseId: 't2', isError: true, text: 'ok' });
    expect(
      cliMessage({
        type: 'result',
        subtype: 'success',
        is_error: false,
        total_cost_usd: 0.12,
        result: 'done',
      }),
    ).toEqual({
      kind: 'result',
      subtype: 'success',
      isError: false,
      costUsd: 0.12,
      text: 'done',
      errors: [],
    });
    expect(
      cliMessage({ type: 'result', subtype: 'error_during_execution', is_error: true, errors: ['boom'] }),
    ).toEqual({
      kind: 'result',
      subtype: 'error_during_execution',
      isError: true,
      errors: ['boom'],
    });
  });

  it('splits lines across chunks and passes over what is not JSON', () => {
    const messages: CliMessage[] = [];
    const noise: string[] = [];
    const reader = new JsonLineReader(
      (m) => messages.push(m),
      (l) => noise.push(l),
    );
    reader.push('{"type":"result","subtype":"succ');
    reader.push('ess","total_cost_usd":1}\nWarning: something\n{"type":"x"}');
    reader.end();
    expect(messages).toEqual([
      { kind: 'result', subtype: 'success', isError: false, costUsd: 1, errors: [] },
      { kind: 'other', type: 'x' },
    ]);
    expect(noise).toEqual(['Warning: something']);
  });
});

describe('the guard', () => {
  const ask = { builtinTools: READ_TOOLS, servers: ['rr-notes'] };
  it('permits the read tools, the MCP resource tools and the tools of rr servers only', () => {
    for (const tool of ['Read', 'Grep', 'Glob', 'ListMcpResourcesTool', 'mcp__rr-notes__add_note'])
      expect(toolRefusal(tool, ask)).toBeUndefined();
    expect(toolRefusal('Bash', ask)).toContain('Bash');
    expect(toolRefusal('WebFetch', ask)).toContain('WebFetch');
    expect(toolRefusal('mcp__filesystem__write_file', ask)).toContain('"filesystem"');
    expect(
      initRefusal({ tools: ['Read'], mcpServers: [{ name: 'rr-notes' }, { name: 'github' }] }, ask),
    ).toContain('"github"');
    // A net-label call may have nothing at all.
    const none = { builtinTools: [], servers: [] };
    expect(initRefusal({ tools: [], mcpServers: [] }, none)).toBeUndefined();
    expect(initRefusal({ tools: ['ListMcpResourcesTool'], mcpServers: [] }, none)).toContain(
      'ListMcpResourcesTool',
    );
  });
});

describe('budget ledger', () => {
  it('reserves whole budgets, charges reported costs or the whole budget, and reports what is left', () => {
    const ledger = new BudgetLedger(1);
    const a = ledger.reserve('ask', 0.6)!;
    expect(ledger.reserve('net-label', 0.5)).toBeUndefined();
    expect(ledger.figures()).toMatchObject({ capUsd: 1, spentUsd: 0, heldUsd: 0.6, remainingUsd: 0.4 });
    expect(a.settle(0.1)).toBe(0.1);
    expect(() => a.settle(0.1)).toThrow();
    const b = ledger.reserve('net-label', 0.3)!;
    expect(b.settle(undefined)).toBe(0.3);
    const c = ledger.reserve('ask', 0.6)!;
    expect(c.settle(Number.NaN)).toBe(0.6);
    expect(ledger.figures()).toMatchObject({ spentUsd: 1, heldUsd: 0, remainingUsd: 0, calls: 3 });
    expect(ledger.covers(0.01)).toBe(false);
  });

  it('has no cap at 0', () => {
    const ledger = new BudgetLedger(0);
    for (let i = 0; i < 100; i++) ledger.reserve('ask', 2)!.settle(undefined);
    expect(ledger.figures()).toMatchObject({ capUsd: null, remainingUsd: null, spentUsd: 200 });
  });
});
