// SPDX-License-Identifier: AGPL-3.0-or-later
// What the Ask agent may do with notes, tried through a real MCP client against the per-turn server:
// add, comment, edit its own open notes; nothing else (no accept, apply or delete tool; no edit of a
// person's note or of a decided note), and every write records the agent and the asking address.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { NOTES_SERVER, notesMcpServer } from '../../src/agent/notes-mcp-server.js';
import { TurnGate } from '../../src/agent/turn-gate.js';
import { startTurnMcpListener } from '../../src/agent/turn-mcp-listener.js';
import { DesignNotesStore } from '../../src/notes/design-notes-store.js';
import { tempDir } from '../temp-dir.js';

async function notesTools(gate?: TurnGate) {
  const store = new DesignNotesStore(join(tempDir('rr-notes-mcp-'), 'notes'));
  const made: string[] = [];
  const listener = await startTurnMcpListener({
    [NOTES_SERVER]: () =>
      notesMcpServer({
        store,
        address: '10.1.2.3',
        agent: { model: 'opus', conversation: 'ask-1' },
        now: () => new Date('2026-01-02T03:04:05Z'),
        onNote: (e) => made.push(`${e.action} ${e.note.id}`),
        ...(gate ? { gate: () => gate.pass() } : {}),
      }),
  });
  onTestFinished(() => listener.close());
  const config = JSON.parse(readFileSync(listener.configFile, 'utf8')) as {
    mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
  };
  const spec = config.mcpServers[NOTES_SERVER]!;
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } }),
  );
  onTestFinished(() => client.close());
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    return { error: r.isError === true, text: r.content.map((c) => c.text).join('') };
  };
  return { store, made, client, call, spec };
}

describe('the notes MCP server of a turn', () => {
  it('offers adding, commenting and editing its own notes, and no way to decide, apply or delete', async () => {
    const { client } = await notesTools();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'add_note',
      'comment_on_note',
      'edit_own_note',
      'list_notes',
    ]);
  });

  it('writes notes as the agent for the asking address, and edits only its own open ones', async () => {
    const { store, made, call } = await notesTools();
    const added = await call('add_note', {
      kind: 'proposal',
      title: 'Move C3 closer to U1',
      targets: [{ type: 'footprint', ref: 'C3' }],
    });
    expect(added.error).toBe(false);
    const id = (JSON.parse(added.text) as { id: string }).id;
    const note = store.get(id);
    expect(note).toMatchObject({
      status: 'open',
      kind: 'proposal',
      author: { address: '10.1.2.3', agent: { model: 'opus', conversation: 'ask-1' } },
    });

    expect((await call('edit_own_note', { id, body: 'Decoupling loop is 9 mm.' })).error).toBe(false);
    expect(store.get(id)).toMatchObject({ body: 'Decoupling loop is 9 mm.', revision: 2 });
    expect(store.get(id).history[1]!.author.agent).toBeDefined();

    // A person's note: the agent may comment, never edit.
    const person = await store.create(
      { kind: 'question', title: 'Why is R5 here?' },
      { address: '127.0.0.1', now: new Date() },
    );
    const edit = await call('edit_own_note', { id: person.id, title: 'Changed' });
    expect(edit).toMatchObject({ error: true });
    expect(edit.text).toContain('edits only its own notes');
    expect(store.get(person.id).title).toBe('Why is R5 here?');
    expect(
      (await call('comment_on_note', { id: person.id, text: 'R5 pulls up the reset line.' })).error,
    ).toBe(false);
    expect(store.get(person.id).comments[0]).toMatchObject({
      text: 'R5 pulls up the reset line.',
      author: { agent: { model: 'opus' } },
    });

    // Once people accepted its note, it is no longer the agent's to edit.
    await store.act(id, 'accept', { revision: 2 }, { address: '127.0.0.1', now: new Date() });
    const late = await call('edit_own_note', { id, title: 'Something else' });
    expect(late.error).toBe(true);
    expect(late.text).toContain('accepted');
    expect(store.get(id).status).toBe('accepted');

    // Tools it does not have are refused by the MCP server.
    for (const tool of ['accept_note', 'apply_note', 'delete_note']) {
      const r = await call(tool, { id });
      expect(r.error).toBe(true);
    }
    expect(store.get(id).status).toBe('accepted');
    expect(made).toEqual([`add ${id}`, `edit ${id}`, `comment ${person.id}`]);
  });

  it('acts only once the gate opens, and refuses once it is shut', async () => {
    const gate = new TurnGate();
    const { store, call } = await notesTools(gate);
    const pending = call('add_note', { kind: 'observation', title: 'waiting' });
    await new Promise((r) => setTimeout(r, 200));
    expect(store.list().notes).toEqual([]);
    gate.open();
    expect((await pending).error).toBe(false);
    gate.shut('the turn was stopped');
    const refused = await call('add_note', { kind: 'observation', title: 'too late' });
    expect(refused).toMatchObject({ error: true, text: 'the turn was stopped' });
    expect(store.list().notes.map((n) => n.title)).toEqual(['waiting']);
  });

  it('lets the notes be listed only once the gate opens, like every other tool', async () => {
    const gate = new TurnGate();
    const { store, call } = await notesTools(gate);
    await store.create(
      { kind: 'question', title: 'Why is R5 here?' },
      { address: '127.0.0.1', now: new Date() },
    );
    // A turn stopped before its init passed the guard gets nothing, not even the list.
    const pending = call('list_notes', {});
    gate.shut('stopped for safety: the init listed Bash');
    expect(await pending).toEqual({ error: true, text: 'stopped for safety: the init listed Bash' });

    const open = new TurnGate();
    const { store: store2, call: call2 } = await notesTools(open);
    await store2.create(
      { kind: 'question', title: 'Why is R5 here?' },
      { address: '127.0.0.1', now: new Date() },
    );
    const listed = call2('list_notes', {});
    open.open();
    const answer = await listed;
    expect(answer.error).toBe(false);
    expect(JSON.parse(answer.text)).toEqual([expect.objectContaining({ title: 'Why is R5 here?' })]);
  });

  it('refuses requests without the turn token', async () => {
    const { spec } = await notesTools();
    const client = new Client({ name: 'intruder', version: '0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(spec.url)))).rejects.toThrow();
  });
});
