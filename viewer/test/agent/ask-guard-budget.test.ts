// SPDX-License-Identifier: AGPL-3.0-or-later
// The rules that keep an Ask turn safe and within money: the ledger's cap with turns racing for it, the
// whole budget charged when the CLI reports no cost, a turn killed with its process group when the CLI
// reports a tool or MCP server beyond the permitted ones or reads outside its folders, cancel, and the
// turn time limit.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import type { AskEvent } from '../../src/agent/ask-agent.js';
import { alive, chat, helperPid, startAgentViewer } from './agent-fixture.js';

type End = Extract<AskEvent, { type: 'end' }>;
/** The process the fake CLI started (in its process group) is gone once the kill has landed. */
async function expectHelperGone(pidFile: string): Promise<void> {
  const helper = await helperPid(pidFile);
  for (let i = 0; i < 100 && alive(helper); i++) await new Promise((r) => setTimeout(r, 50));
  expect(alive(helper)).toBe(false);
}
const endOf = (events: AskEvent[]) => events.at(-1) as End;
const textOf = (events: AskEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe('budget ledger across turns', () => {
  it('lets only as many of 10 racing turns start as the cap covers, and never passes it', async () => {
    const v = await startAgentViewer({ cost: 0.9 }, { agentTotalUsd: '5', agentBudgetUsd: '1' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => chat(v.port, { question: `question ${i}` })),
    );
    const started = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(started).toHaveLength(5);
    expect(refused.map((a) => [a.status, a.error?.code])).toEqual(Array(5).fill([402, 'budget-exhausted']));
    expect(refused[0]!.error!.message).toContain('cap cannot cover another Ask turn');
    expect(v.runs()).toHaveLength(5);
    const status = (await v.request('/api/agent/status')).json<{
      canAsk: boolean;
      capMessage: string;
      budget: { spentUsd: number; heldUsd: number; remainingUsd: number };
    }>();
    expect(status.budget.spentUsd).toBeCloseTo(4.5, 6);
    expect(status.budget.spentUsd).toBeLessThanOrEqual(5);
    expect(status.budget.heldUsd).toBe(0);
    // $0.50 is left, less than a turn's $1: Ask says so.
    expect(status.canAsk).toBe(false);
    expect(status.capMessage).toContain('--agent-total-usd');
    expect((await chat(v.port, { question: 'one more' })).status).toBe(402);
  });

  it('charges what the CLI reported when a turn finishes slightly above its budget', async () => {
    const v = await startAgentViewer({ mode: 'over-budget' }, { agentTotalUsd: '3', agentBudgetUsd: '1' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => chat(v.port, { question: `q${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const end = endOf(answers.find((a) => a.status === 200)!.events);
    expect(end).toMatchObject({ status: 'failed', costUsd: 1.02, chargedUsd: 1.02 });
    expect(end.reason).toContain('reached its budget');
    const status = (await v.request('/api/agent/status')).json<{ budget: { spentUsd: number } }>();
    // Three calls at most 2% over their budget each: the overrun the CLI's own check allows, no more.
    expect(status.budget.spentUsd).toBeCloseTo(3.06, 6);
  });

  it('charges nothing when a turn cannot start because a read folder is missing', async () => {
    const v = await startAgentViewer({}, { agentReadDirs: ['/nonexistent/sources'] });
    const end = endOf((await chat(v.port, { question: 'hello' })).events);
    expect(end).toMatchObject({ status: 'failed', costUsd: null, chargedUsd: 0 });
    expect(end.reason).toContain('/nonexistent/sources (--agent-read-dir) does not exist');
    expect(v.runs()).toEqual([]);
  });

  it('charges the whole budget when the CLI ends without a cost report', async () => {
    const v = await startAgentViewer({ mode: 'no-cost' }, { agentBudgetUsd: '2' });
    const answer = await chat(v.port, { question: 'hello' });
    expect(endOf(answer.events)).toMatchObject({ status: 'failed', costUsd: null, chargedUsd: 2 });
    expect(endOf(answer.events).reason).toContain('without a result');
    const status = (await v.request('/api/agent/status')).json<{ budget: { spentUsd: number } }>();
    expect(status.budget.spentUsd).toBe(2);
  });
});

describe('an assistant CLI that lacks what rr relies on (fake: the real 2.1.197 has it all)', () => {
  it('fails the turn naming the flag the CLI does not take, and how to update it', async () => {
    const v = await startAgentViewer({ mode: 'old-flag' });
    const end = endOf((await chat(v.port, { question: 'hello' })).events);
    expect(end.status).toBe('failed');
    expect(end.reason).toContain('does not take the flag --strict-mcp-config, which rr relies on');
    expect(end.reason).toContain('npm install -g @anthropic-ai/claude-code@latest');
    expect(end.chargedUsd).toBe(0);
  });

  it('fails the turn when the init lacks a tool rr relies on, instead of running without it', async () => {
    const v = await startAgentViewer({ mode: 'no-grep' });
    const answer = await chat(v.port, { question: 'hello' });
    const end = endOf(answer.events);
    expect(end.status).not.toBe('answered');
    expect(end.reason).toContain('has no tool Grep, which rr relies on');
    expect(answer.events.filter((e) => e.type === 'text')).toEqual([]);
  });
});

describe('guarding a turn', () => {
  it('kills a turn whose CLI reports an MCP server rr did not configure, with its whole process group', async () => {
    const v = await startAgentViewer({ mode: 'extra-server' });
    const answer = await chat(v.port, { question: 'write a note' });
    const end = endOf(answer.events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain('"filesystem"');
    expect(end).toMatchObject({ costUsd: null, chargedUsd: 2 });
    // Nothing the run said after the init reached the page, and no note was made.
    expect(answer.events.filter((e) => e.type === 'note' || e.type === 'text')).toEqual([]);
    await expectHelperGone(v.pidFile);
    const stored = (await v.request('/api/agent/conversations')).json<{ conversations: { id: string }[] }>();
    const conversation = (await v.request(`/api/agent/conversations/${stored.conversations[0]!.id}`)).json<{
      turns: { status: string; reason: string }[];
    }>();
    expect(conversation.turns[0]).toMatchObject({ status: 'killed' });
    expect(conversation.turns[0]!.reason).toContain('stopped for safety');
  });

  it('kills a turn whose CLI reports a built-in tool beyond the read-only ones at start', async () => {
    const v = await startAgentViewer({ mode: 'extra-tool' });
    const end = endOf((await chat(v.port, { question: 'hello' })).events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain('Bash');
  });

  it('kills a turn that calls a tool beyond the permitted ones later on', async () => {
    const v = await startAgentViewer({ mode: 'late-tool' });
    const answer = await chat(v.port, { question: 'hello' });
    const end = endOf(answer.events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain('Bash');
    // The text before the call did reach the page.
    expect(answer.events.some((e) => e.type === 'text')).toBe(true);
  });

  it('kills a turn at once when the CLI reads a file outside its folders, and says which', async () => {
    const v = await startAgentViewer({ mode: 'read-outside' });
    const answer = await chat(v.port, { question: 'what keys do I have?' });
    const end = endOf(answer.events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain('stopped for safety: the tool Read asked for');
    expect(end.reason).toContain(join('.ssh', 'id_ed25519'));
    expect(end.reason).toContain(`outside the folders this turn may read (${v.experimentDir})`);
    // The call was stopped before it came back: no result reached the page.
    expect(answer.events.some((e) => e.type === 'tool-result')).toBe(false);
    await expectHelperGone(v.pidFile);
  });

  it('kills a turn that reads through a link leading out of its folders, and lets it read inside', async () => {
    const outside = tempDir('rr-outside-');
    writeFileSync(join(outside, 'credentials'), 'aws_secret_access_key = abc');
    const v = await startAgentViewer();
    mkdirSync(join(v.experimentDir, 'docs'), { recursive: true });
    writeFileSync(join(v.experimentDir, 'docs', 'readme.txt'), 'The board has four layers.');
    symlinkSync(outside, join(v.experimentDir, 'docs', 'cloud'));

    const inside = await chat(v.port, { question: `read ${join(v.experimentDir, 'docs', 'readme.txt')}` });
    expect(endOf(inside.events).status).toBe('answered');
    expect(inside.events.find((e) => e.type === 'tool-result')).toMatchObject({ error: false });
    expect(textOf(inside.events)).toContain('The file says: The board has four layers.');

    const linked = await chat(v.port, {
      question: `read ${join(v.experimentDir, 'docs', 'cloud', 'credentials')}`,
    });
    const end = endOf(linked.events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain(`which leads to ${join(outside, 'credentials')}`);
    expect(textOf(linked.events)).not.toContain('aws_secret');
  });

  it('cancels a running turn, killing its process group and charging its budget', async () => {
    const v = await startAgentViewer({ mode: 'hang' });
    let turn = '';
    let cancelled: Promise<number> | undefined;
    let foreign: Promise<{ status: number; code: string }> | undefined;
    const answer = await chat(
      v.port,
      { question: 'take your time' },
      {
        onEvent: (event) => {
          if (event.type === 'turn') turn = event.turn;
          if (event.type === 'text' && !cancelled) {
            // Another site's page cannot cancel it; the viewer's own page can.
            foreign = v
              .request('/api/agent/cancel', { json: { turn }, origin: 'http://evil.example' })
              .then((r) => ({ status: r.status, code: r.json<{ code: string }>().code }));
            cancelled = foreign.then(() =>
              v.request('/api/agent/cancel', { json: { turn } }).then((r) => r.status),
            );
          }
        },
      },
    );
    expect(await foreign).toEqual({ status: 403, code: 'origin-refused' });
    expect(await cancelled).toBe(200);
    expect(endOf(answer.events)).toMatchObject({ status: 'cancelled', costUsd: null, chargedUsd: 2 });
    await expectHelperGone(v.pidFile);
    expect((await v.request('/api/agent/cancel', { json: { turn } })).status).toBe(404);
  });

  it('ends a turn that outlives its time limit and charges its budget', async () => {
    const v = await startAgentViewer({ mode: 'hang' }, {}, { turnTimeoutMs: 2000 });
    const end = endOf((await chat(v.port, { question: 'take your time' })).events);
    expect(end).toMatchObject({ status: 'timed-out', costUsd: null, chargedUsd: 2 });
  });
});
