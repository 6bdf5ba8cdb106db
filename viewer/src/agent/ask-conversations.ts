// SPDX-License-Identifier: AGPL-3.0-or-later
// Ask conversations, stored with the experiment (`<experiment>/conversations/<id>.json`, one file per
// conversation, replaced atomically after each turn) so every viewer of the experiment lists them in its
// Ask tab, and a restart keeps them. A turn records the question, the answer, the tool calls and notes
// made, how it ended and what it cost.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { JsonFolder, type FolderProblem } from '../records/json-folder.js';
import { checkedViewerRecordId, newViewerRecordId } from '../records/viewer-record-id.js';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import type { AgentNoteEvent } from './notes-mcp-server.js';

export const ASK_CONVERSATION_SCHEMA = 'pnr-ask-conversation-v1';

/** How a turn ended. */
export type AskTurnStatus = 'answered' | 'failed' | 'killed' | 'cancelled' | 'timed-out' | 'refused';

/** One question and what came of it. */
export interface AskTurn {
  question: string;
  answer: string;
  started: string;
  ended: string;
  model: string;
  status: AskTurnStatus;
  /** Why it did not end with an answer. */
  reason?: string;
  /** What the user can do about a failure (sign in, check the network, …). */
  fix?: string;
  /** The failure's cause as rr groups the CLI's errors (cli-failure.ts), when the CLI reported one. */
  cause?: string;
  /** The cost the CLI reported; null when it reported none. */
  costUsd: number | null;
  /** What the ledger charged (the reported cost, or the whole budget without one; 0 when it never started). */
  chargedUsd: number;
  budgetUsd: number;
  tools: { name: string; input?: unknown; error?: boolean }[];
  notes: AgentNoteEvent[];
}

/** A conversation. */
export interface AskConversation {
  schema: typeof ASK_CONVERSATION_SCHEMA;
  id: string;
  title: string;
  created: string;
  updated: string;
  /** Who started it. */
  author: { user: string; address: string };
  turns: AskTurn[];
}

/** A conversation in the list (without its turns). */
export type AskConversationSummary = Omit<AskConversation, 'turns' | 'schema'> & { turns: number };

function storedConversation(value: unknown, name: string): AskConversation | string {
  const c = value as Partial<AskConversation> | null;
  if (typeof c !== 'object' || c === null || c.schema !== ASK_CONVERSATION_SCHEMA)
    return `is not a ${ASK_CONVERSATION_SCHEMA} conversation`;
  if (`${c.id}.json` !== name) return 'holds an id that does not match its file name';
  if (!Array.isArray(c.turns) || typeof c.title !== 'string') return 'lacks its title or turns';
  return c as AskConversation;
}

/** The conversations of one experiment. */
export class AskConversationStore {
  private readonly folder: JsonFolder<AskConversation>;

  constructor(readonly dir: string) {
    this.folder = new JsonFolder(dir, storedConversation, `${basename(dir)}/`);
  }

  /** Every conversation, newest first. */
  list(): { conversations: AskConversationSummary[]; problems: FolderProblem[] } {
    const { records, problems } = this.folder.read();
    const conversations = records
      .map(({ turns, schema: _schema, ...rest }) => ({ ...rest, turns: turns.length }))
      .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
    return { conversations, problems };
  }

  /** One conversation; `not-found` when there is none. */
  get(id: string): AskConversation {
    checkedViewerRecordId(id, 'conversation');
    const found = this.folder.readOne(`${id}.json`);
    if (found === undefined || typeof found === 'string')
      throw new ViewerRecordRequestError(
        'not-found',
        `no conversation "${id}" in ${this.dir}${typeof found === 'string' ? `: the file ${found}` : ''}`,
      );
    return found;
  }

  /** A new, empty conversation (not written until its first turn ends). */
  start(question: string, author: { user: string; address: string }, now: Date): AskConversation {
    const time = now.toISOString();
    const title = question.replace(/\s+/g, ' ').trim().slice(0, 80);
    return {
      schema: ASK_CONVERSATION_SCHEMA,
      id: newViewerRecordId('ask', now),
      title,
      created: time,
      updated: time,
      author,
      turns: [],
    };
  }

  /**
   * Adds a finished turn to a conversation and writes it: to the stored file as it is now when there is
   * one (another turn of the same conversation may have ended meanwhile), else to the new conversation.
   * Returns what was written.
   */
  appendTurn(conversation: AskConversation, turn: AskTurn): AskConversation {
    const stored = this.folder.readOne(`${conversation.id}.json`);
    const current = stored !== undefined && typeof stored !== 'string' ? stored : conversation;
    const next: AskConversation = { ...current, turns: [...current.turns, turn], updated: turn.ended };
    mkdirSync(this.dir, { recursive: true });
    writeFileAtomicSync(join(this.dir, `${conversation.id}.json`), JSON.stringify(next, null, 2) + '\n');
    return next;
  }
}
