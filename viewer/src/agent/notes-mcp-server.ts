// SPDX-License-Identifier: AGPL-3.0-or-later
// The notes tools of an Ask turn, as an MCP server (@modelcontextprotocol/sdk): the agent's only write
// path. It can list notes, add one, comment on any note and edit the open notes the agent wrote; it has
// no tool to accept, reject, apply, reopen or delete (those stay with people). Every write goes through
// the design notes store, as the page's writes do, with an author that records the agent and the address
// of the user who asked.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DESIGN_NOTE_KINDS, DESIGN_NOTE_STATUSES, type DesignNote } from '../notes/design-note.js';
import type { DesignNotesStore } from '../notes/design-notes-store.js';
import type { AgentAuthorMark } from '../records/viewer-record-author.js';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';

/** The MCP server name the notes tools are reached by (tool names `mcp__rr-notes__<tool>`). */
export const NOTES_SERVER = 'rr-notes';

/** The notes tools' names. */
export const NOTES_TOOLS = ['list_notes', 'add_note', 'comment_on_note', 'edit_own_note'] as const;

/** A note the agent wrote or changed, as the chat stream reports it. */
export interface AgentNoteEvent {
  action: 'add' | 'comment' | 'edit';
  note: Pick<DesignNote, 'id' | 'kind' | 'status' | 'title' | 'revision'>;
}

/** Who the tools write as, and where. */
export interface NotesToolContext {
  store: DesignNotesStore;
  /** The address of the user who asked. */
  address: string;
  agent: AgentAuthorMark;
  now: () => Date;
  onNote: (event: AgentNoteEvent) => void;
  /** Resolves when the turn's tools may act (turn-gate.ts); absent: at once. */
  gate?: () => Promise<void>;
}

const TARGET = z
  .object({ type: z.enum(['footprint', 'pad', 'net', 'point', 'lane', 'event', 'source']) })
  .passthrough()
  .describe(
    'what the note is about: {type:"footprint",ref}, {type:"pad",ref,pad}, {type:"net",net}, {type:"source",path,line}, …',
  );

/** A new MCP server with the notes tools (one per turn, or per request of the turn's listener). */
export function notesMcpServer(context: NotesToolContext): McpServer {
  const server = new McpServer({ name: NOTES_SERVER, version: '1.0.0' });
  const gated = (run: () => unknown) =>
    answer(async () => {
      await context.gate?.();
      return run();
    });
  const requestContext = () => ({ address: context.address, now: context.now(), agent: context.agent });
  const summary = (n: DesignNote) => ({
    id: n.id,
    kind: n.kind,
    status: n.status,
    title: n.title,
    revision: n.revision,
  });

  server.registerTool(
    'list_notes',
    {
      title: 'List design notes',
      description:
        'The design notes of this experiment (id, kind, status, title, body, targets, author), optionally by status.',
      inputSchema: { status: z.enum(DESIGN_NOTE_STATUSES).optional() },
      annotations: { readOnlyHint: true },
    },
    ({ status }) =>
      // Reading waits for the gate too: notes are the experiment's data, not for a turn the guard stopped.
      gated(() =>
        context.store
          .list(status ? { status: [status] } : {})
          .notes.map((n) => ({ ...summary(n), body: n.body, targets: n.targets, byAgent: !!n.author.agent })),
      ),
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add a design note',
      description:
        'Proposes a new design note (observation, question, requirement, decision or proposal). It is created open; people decide on it.',
      inputSchema: {
        kind: z.enum(DESIGN_NOTE_KINDS),
        title: z.string().min(1).max(200),
        body: z.string().max(100_000).optional(),
        targets: z.array(TARGET).max(100).optional(),
      },
    },
    (args) =>
      gated(async () => {
        const note = await context.store.create(args, requestContext());
        context.onNote({ action: 'add', note: summary(note) });
        return summary(note);
      }),
  );

  server.registerTool(
    'comment_on_note',
    {
      title: 'Comment on a design note',
      description: 'Adds a comment to any design note.',
      inputSchema: { id: z.string(), text: z.string().min(1).max(100_000) },
    },
    ({ id, text }) =>
      gated(async () => {
        const current = context.store.get(id);
        const note = await context.store.act(
          id,
          'comment',
          { revision: current.revision, text },
          requestContext(),
        );
        context.onNote({ action: 'comment', note: summary(note!) });
        return summary(note!);
      }),
  );

  server.registerTool(
    'edit_own_note',
    {
      title: 'Edit a note the assistant wrote',
      description:
        'Changes the kind, title, body or targets of an open note that the assistant wrote itself.',
      inputSchema: {
        id: z.string(),
        kind: z.enum(DESIGN_NOTE_KINDS).optional(),
        title: z.string().min(1).max(200).optional(),
        body: z.string().max(100_000).optional(),
        targets: z.array(TARGET).max(100).optional(),
      },
    },
    ({ id, ...fields }) =>
      gated(async () => {
        const current = context.store.get(id);
        if (!current.author.agent)
          throw new ViewerRecordRequestError(
            'bad-transition',
            `note ${id} was written by ${current.author.name ?? current.author.user}, not by the assistant; the assistant edits only its own notes (comment on it instead)`,
          );
        const note = await context.store.act(
          id,
          'edit',
          { revision: current.revision, ...fields },
          requestContext(),
        );
        context.onNote({ action: 'edit', note: summary(note!) });
        return summary(note!);
      }),
  );
  return server;
}

/** A tool answer: the value as JSON text, or the refusal's message (the store's, the gate's) as an error result. */
async function answer(run: () => unknown): Promise<CallToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
  }
}
