// SPDX-License-Identifier: AGPL-3.0-or-later
// The Ask agent with the real assistant CLI (Claude Code, the dev dependency) against a stand-in of the
// Messages API on loopback (real-cli.ts): a whole turn that reads a file and proposes a note, a read
// outside the turn's folders (killed), no credentials (a failure with its fix, never an answer), an
// unreachable API (its retries shown as progress, cancelled, nothing charged, the reservation released)
// and a budget overrun. The shapes here are the CLI's own, not a fake's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AskConversation } from '../../src/agent/ask-conversations.js';
import type { AskEvent } from '../../src/agent/ask-events.js';
import type { DesignNote } from '../../src/notes/design-note.js';
import {
  startFakeMessagesApi,
  type FakeMessagesApi,
  type FakeReply,
} from '../../../test/agents/fake-messages-api.js';
import { chat } from './agent-fixture.js';
import { realCliEnv, startRealCliViewer, toolResults, unreachableUrl } from './real-cli.js';

let api: FakeMessagesApi;
beforeEach(async () => {
  api = await startFakeMessagesApi();
});
afterEach(() => api.close());

type End = Extract<AskEvent, { type: 'end' }>;
const endOf = (events: AskEvent[]) => events.find((e): e is End => e.type === 'end')!;
const texts = (events: AskEvent[]) =>
  events
    .filter((e): e is Extract<AskEvent, { type: 'text' }> => e.type === 'text')
    .map((e) => e.text)
    .join('');

describe('an Ask turn with the real CLI', { timeout: 120_000 }, () => {
  it('reads a file in its folder, proposes a note through rr-notes and answers, with the cost the CLI reports', async () => {
    const env = realCliEnv(api);
    const v = await startRealCliViewer(env);
    const readme = join(v.experimentDir, 'readme.txt');
    writeFileSync(readme, 'The ground net of this board is GND.\n');
    // The model's part: read the file, then propose a note, then answer in a message of its own.
    api.fallback = (request): FakeReply => {
      const results = toolResults(request);
      if (results.length === 0)
        return { kind: 'tool-use', text: 'Let me look.', name: 'Read', input: { file_path: readme } };
      if (results.length === 1)
        return {
          kind: 'tool-use',
          name: 'mcp__rr-notes__add_note',
          input: { kind: 'observation', title: 'GND is the ground net', body: 'Seen in readme.txt.' },
        };
      return { kind: 'text', text: 'The folder says the ground net is GND; I noted it.' };
    };
    const answer = await chat(v.port, { question: 'Which net is ground? Note it.' });
    const end = endOf(answer.events);
    expect(end, JSON.stringify(answer.events.slice(-3))).toMatchObject({ status: 'answered' });
    // The CLI read the file and sent its content back to the model.
    expect(
      api.requests.some((r) => toolResults(r).some((t) => t.text.includes('The ground net of this board'))),
    ).toBe(true);
    const tools = answer.events.filter((e) => e.type === 'tool').map((e) => (e as { name: string }).name);
    expect(tools).toEqual(['Read', 'mcp__rr-notes__add_note']);
    const note = answer.events.find((e) => e.type === 'note') as Extract<AskEvent, { type: 'note' }>;
    expect(note).toMatchObject({ action: 'add', note: { status: 'open', title: 'GND is the ground net' } });
    const stored = (await v.request(`/api/notes/${note.note.id}`)).json<DesignNote>();
    expect(stored.author.agent).toMatchObject({ model: 'opus' });
    // Two model messages, kept apart; the page got the same text as was stored.
    const conversation = (
      await v.request(`/api/agent/conversations/${end.conversation}`)
    ).json<AskConversation>();
    expect(conversation.turns[0]!.answer).toBe(
      'Let me look.\n\nThe folder says the ground net is GND; I noted it.',
    );
    expect(texts(answer.events)).toBe(conversation.turns[0]!.answer);
    // The cost is the CLI's total_cost_usd, and the ledger charged it.
    expect(end.costUsd).toBeGreaterThan(0);
    expect(end.chargedUsd).toBe(end.costUsd);
    const status = (await v.request('/api/agent/status')).json<{ cli: { version: string } }>();
    expect(status.cli.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is killed with its process group when the model asks to read outside the folders', async () => {
    const v = await startRealCliViewer(realCliEnv(api));
    api.fallback = () => ({ kind: 'tool-use', name: 'Read', input: { file_path: '/etc/hostname' } });
    const answer = await chat(v.port, { question: 'What is this machine called?' });
    const end = endOf(answer.events);
    expect(end.status).toBe('killed');
    expect(end.reason).toContain('stopped for safety: the tool Read asked for /etc/hostname');
    // Killed before the CLI could send the file to the model.
    expect(api.requests.flatMap(toolResults)).toEqual([]);
  });

  it('fails without credentials, saying so and how to sign in, and stores no answer', async () => {
    const v = await startRealCliViewer(realCliEnv({ url: api.url }));
    const answer = await chat(v.port, { question: 'Which net is ground?' });
    const end = endOf(answer.events);
    expect(end.status).toBe('failed');
    expect(end.reason).toContain('not signed in');
    expect(end.reason).toContain('Not logged in');
    expect(end.fix).toContain('claude auth login');
    expect(end.fix).toContain('ANTHROPIC_API_KEY');
    // The CLI's error never reached the page as the assistant's text, nor the stored answer.
    expect(texts(answer.events)).toBe('');
    const conversation = (
      await v.request(`/api/agent/conversations/${end.conversation}`)
    ).json<AskConversation>();
    expect(conversation.turns[0]).toMatchObject({ status: 'failed', answer: '', cause: 'authentication' });
    expect(end.chargedUsd).toBe(0);
    expect(api.requests).toEqual([]);
  });

  it('shows the retries of an unreachable API as progress, and a cancel ends the turn without a charge', async () => {
    const v = await startRealCliViewer(realCliEnv({ url: await unreachableUrl(), apiKey: api.apiKey }));
    const retries: Extract<AskEvent, { type: 'retry' }>[] = [];
    let turn = '';
    const answer = await chat(
      v.port,
      { question: 'Which net is ground?' },
      {
        onEvent: (event) => {
          if (event.type === 'turn') turn = event.turn;
          if (event.type === 'retry') {
            retries.push(event);
            if (retries.length === 2) void v.request('/api/agent/cancel', { method: 'POST', json: { turn } });
          }
        },
      },
    );
    expect(retries[0]).toMatchObject({ attempt: 1, maxRetries: 10, errorStatus: null });
    expect(retries[0]!.progress).toMatch(/^retrying 1\/10 in \d+ s: the API could not be reached$/);
    const end = endOf(answer.events);
    expect(end).toMatchObject({ status: 'cancelled', chargedUsd: 0 });
    expect(end.budget).toMatchObject({ heldUsd: 0, spentUsd: 0 });
  });

  it('fails an unreachable API with what to check once the CLI gives up', async () => {
    const env = realCliEnv(
      { url: await unreachableUrl(), apiKey: api.apiKey },
      { CLAUDE_CODE_MAX_RETRIES: '1' },
    );
    const v = await startRealCliViewer(env);
    const answer = await chat(v.port, { question: 'Which net is ground?' });
    const end = endOf(answer.events);
    expect(end.status).toBe('failed');
    expect(end.reason).toContain('the API could not be reached');
    expect(end.fix).toContain('network');
    expect(texts(answer.events)).toBe('');
    expect(end.chargedUsd).toBe(0);
  });

  it('fails a turn that passes its budget, charged what the CLI reports', async () => {
    const v = await startRealCliViewer(realCliEnv(api), { agentBudgetUsd: '0.01' });
    const readme = join(v.experimentDir, 'readme.txt');
    writeFileSync(readme, 'GND\n');
    // Every call costs more than the budget (the CLI's own prompt is long); the first one ends the turn.
    api.fallback = () => ({ kind: 'tool-use', name: 'Read', input: { file_path: readme } });
    const answer = await chat(v.port, { question: 'Which net is ground?' });
    const end = endOf(answer.events);
    expect(end.status).toBe('failed');
    expect(end.reason).toContain('reached its budget of $0.01 (--agent-budget-usd)');
    expect(end.costUsd).toBeGreaterThan(0.01);
    expect(end.chargedUsd).toBe(end.costUsd);
  });
});
