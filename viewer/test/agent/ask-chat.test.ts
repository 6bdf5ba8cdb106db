// SPDX-License-Identifier: AGPL-3.0-or-later
// POST /api/agent/chat against the fake assistant CLI: the streamed answer, the note it made, the stored
// conversation, the command line the CLI got, and the budget ledger's figures.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AskConversation } from '../../src/agent/ask-conversations.js';
import type { DesignNote } from '../../src/notes/design-note.js';
import { startViewer } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';
import { chat, flagValues, startAgentViewer } from './agent-fixture.js';

describe('Ask chat', () => {
  it('streams the answer, makes the note through the notes server and stores the conversation', async () => {
    const v = await startAgentViewer({ cost: 0.31 });
    const answer = await chat(v.port, { question: 'Please write a note about the ground net' });
    expect(answer.status).toBe(200);
    const types = answer.events.map((e) => e.type);
    expect(types[0]).toBe('turn');
    expect(types.at(-1)).toBe('end');
    const texts = answer.events.filter((e) => e.type === 'text');
    expect(texts.length).toBeGreaterThan(3); // word by word, as the CLI streamed it
    const tool = answer.events.find((e) => e.type === 'tool');
    expect(tool).toMatchObject({ name: 'mcp__rr-notes__add_note' });
    const note = answer.events.find((e) => e.type === 'note');
    expect(note).toMatchObject({ action: 'add', note: { status: 'open', kind: 'observation' } });
    const end = answer.events.at(-1)!;
    expect(end).toMatchObject({ status: 'answered', costUsd: 0.31, chargedUsd: 0.31 });

    // The note is in the store, written by the agent for the asking address.
    const id = (note as { note: { id: string } }).note.id;
    const stored = (await v.request(`/api/notes/${id}`)).json<DesignNote>();
    expect(stored.title).toContain('Fake note: Please write a note');
    expect(stored.author.address).toBe('127.0.0.1');
    expect(stored.author.agent).toMatchObject({ model: 'opus' });
    // Streamed word by word and then repeated whole by the CLI, the answer reaches the page once.
    expect(texts.map((e) => (e as { text: string }).text).join('')).toBe(
      `I added a note ${id} about "Please write a note about the ground net".`,
    );

    // The conversation is stored with the experiment and listed.
    const conversationId = (end as { conversation: string }).conversation;
    const files = readdirSync(join(v.experimentDir, 'conversations'));
    expect(files).toEqual([`${conversationId}.json`]);
    const list = (await v.request('/api/agent/conversations')).json<{
      conversations: { id: string; turns: number }[];
    }>();
    expect(list.conversations).toEqual([expect.objectContaining({ id: conversationId, turns: 1 })]);
    const stored2 = JSON.parse(
      readFileSync(join(v.experimentDir, 'conversations', files[0]!), 'utf8'),
    ) as AskConversation;
    expect(stored2.turns[0]).toMatchObject({
      status: 'answered',
      notes: [expect.objectContaining({ action: 'add' })],
    });
    expect(stored2.turns[0]!.answer).toContain('I added a note');

    // A follow-up carries the earlier turn in its prompt.
    const again = await chat(v.port, { question: 'And what else?', conversation: conversationId });
    expect(again.events.at(-1)).toMatchObject({ status: 'answered', conversation: conversationId });
    expect(v.runs()[1]!.prompt).toContain('Question: Please write a note about the ground net');

    const status = (await v.request('/api/agent/status')).json<{
      budget: { spentUsd: number; remainingUsd: number };
    }>();
    expect(status.budget.spentUsd).toBeCloseTo(0.62, 6);
    expect(status.budget.remainingUsd).toBeCloseTo(20 - 0.62, 6);
  });

  it('runs the CLI headless with its budget, a strict MCP configuration, read-only tools and the prompt on stdin', async () => {
    const v = await startAgentViewer({}, { agentModel: 'sonnet', agentBudgetUsd: '1.5' });
    await chat(v.port, { question: 'What is on the board?' });
    const [run] = v.runs();
    const args = run!.args;
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(args).toContain('-p');
    expect(value('--output-format')).toBe('stream-json');
    expect(args).toContain('--verbose');
    expect(value('--model')).toBe('sonnet');
    expect(value('--max-budget-usd')).toBe('1.5');
    expect(args).toContain('--strict-mcp-config');
    expect(value('--tools')).toBe('Read,Grep,Glob');
    expect(value('--disallowedTools')).toContain('Bash');
    expect(value('--disallowedTools')).toContain('WebFetch');
    expect(value('--permission-mode')).toBe('dontAsk');
    expect(args.join(' ')).not.toContain('What is on the board?');
    expect(run!.prompt).toBe('What is on the board?');
    expect(run!.cwd).toBe(v.experimentDir);
    // No settings files: the user's own rules and folders cannot widen what a turn may read.
    expect(value('--setting-sources')).toBe('');
    expect(flagValues(args, '--allowedTools')).toEqual([`Read(/${v.experimentDir}/**)`, 'mcp__rr-notes']);
  });

  it('runs in --agent-cwd and gives each --agent-read-dir to the CLI, reads pre-approved in those folders only', async () => {
    const base = tempDir('rr-ask-dirs-');
    const [work, design, datasheets] = ['work', 'design', 'datasheets'].map((d) => join(base, d));
    for (const d of [work!, design!, datasheets!]) mkdirSync(d);
    const v = await startAgentViewer({}, { agentCwd: work!, agentReadDirs: [design!, datasheets!, work!] });
    await chat(v.port, { question: 'Where are the sources?' });
    const [run] = v.runs();
    expect(run!.cwd).toBe(work);
    expect(flagValues(run!.args, '--add-dir')).toEqual([design, datasheets]);
    expect(flagValues(run!.args, '--allowedTools')).toEqual([
      `Read(/${work}/**)`,
      `Read(/${design}/**)`,
      `Read(/${datasheets}/**)`,
      'mcp__rr-notes',
    ]);
    expect(run!.prompt).toBe('Where are the sources?');
  });

  it("closes the turn's MCP listener and removes its configuration file when the turn ends", async () => {
    const v = await startAgentViewer();
    const answer = await chat(v.port, { question: 'write a note about the clock' });
    expect(answer.events.some((e) => e.type === 'note')).toBe(true);
    const [run] = v.runs();
    const configFile = flagValues(run!.args, '--mcp-config')[0]!;
    const notes = run!.mcpConfig!.mcpServers['rr-notes']!;
    expect(existsSync(configFile)).toBe(false);
    // The token still in hand, nothing answers at the address any more.
    const client = new Client({ name: 'late', version: '0' });
    await expect(
      client.connect(
        new StreamableHTTPClientTransport(new URL(notes.url), { requestInit: { headers: notes.headers } }),
      ),
    ).rejects.toThrow(/ECONNREFUSED|fetch failed/);
  });

  it('keeps every turn of a conversation continued from two pages at once', async () => {
    const v = await startAgentViewer();
    const first = await chat(v.port, { question: 'first' });
    const id = (first.events.at(-1) as { conversation: string }).conversation;
    await Promise.all([
      chat(v.port, { question: 'second', conversation: id }),
      chat(v.port, { question: 'third', conversation: id }),
    ]);
    const stored = (await v.request(`/api/agent/conversations/${id}`)).json<AskConversation>();
    expect(stored.turns.map((t) => t.question).sort()).toEqual(['first', 'second', 'third']);
  });

  it('answers the status and refuses chat without the viewer origin', async () => {
    const v = await startAgentViewer();
    const status = (await v.request('/api/agent/status')).json<Record<string, unknown>>();
    expect(status).toMatchObject({
      available: true,
      model: 'opus',
      turnBudgetUsd: 2,
      budget: { capUsd: 20, spentUsd: 0 },
    });
    const missing = await chat(v.port, { question: 'hi' }, { origin: null });
    expect(missing.status).toBe(403);
    expect(missing.error?.code).toBe('origin-missing');
    const foreign = await chat(v.port, { question: 'hi' }, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.error?.code).toBe('origin-refused');
    const cancel = await v.request('/api/agent/cancel', { json: { turn: 'x' }, origin: null });
    expect(cancel.status).toBe(403);
    const foreignCancel = await v.request('/api/agent/cancel', {
      json: { turn: 'x' },
      origin: 'http://evil.example',
    });
    expect([foreignCancel.status, foreignCancel.json<{ code: string }>().code]).toEqual([
      403,
      'origin-refused',
    ]);
    expect(v.runs()).toEqual([]);
  });

  it('refuses a question without text and an unknown conversation before spending anything', async () => {
    const v = await startAgentViewer();
    expect((await chat(v.port, { question: '' })).status).toBe(400);
    const unknown = await chat(v.port, { question: 'hi', conversation: 'ask-nope' });
    expect(unknown.status).toBe(404);
    expect(v.runs()).toEqual([]);
    const status = (await v.request('/api/agent/status')).json<{
      budget: { spentUsd: number; heldUsd: number };
    }>();
    expect(status.budget).toMatchObject({ spentUsd: 0, heldUsd: 0 });
  });
});

describe('Ask agent off', () => {
  it('has no chat and says how to turn it on', async () => {
    const v = await startViewer();
    const status = (await v.request('/api/agent/status')).json<{ available: boolean; reason: string }>();
    expect(status.available).toBe(false);
    expect(status.reason).toContain('--agent on');
    expect((await v.request('/api/agent/chat', { json: { question: 'hi' } })).status).toBe(501);
  });
});
