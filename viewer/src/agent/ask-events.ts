// SPDX-License-Identifier: AGPL-3.0-or-later
// The events of the chat's server-sent event stream (docs/viewer-api.md, "Ask agent"), in the order a
// turn sends them: `turn` first, `end` last.

import type { AgentNoteEvent } from './notes-mcp-server.js';
import type { AskTurn } from './ask-conversations.js';
import type { BudgetFigures } from './budget-ledger.js';

/** What the chat stream reports, in order (docs/viewer-api.md, "Ask agent"). */
export type AskEvent =
  | { type: 'turn'; turn: string; conversation: string; model: string; budgetUsd: number }
  | { type: 'text'; text: string }
  /** The CLI retries a failed API request (its `api_retry`); `progress` says it in words. */
  | {
      type: 'retry';
      attempt: number;
      maxRetries: number;
      delayMs: number;
      error: string;
      errorStatus: number | null;
      progress: string;
    }
  | { type: 'tool'; id: string; name: string; input?: unknown }
  | { type: 'tool-result'; id: string; error: boolean }
  | { type: 'note'; action: AgentNoteEvent['action']; note: AgentNoteEvent['note'] }
  | { type: 'web'; tool: string; url: string; refused?: string }
  | {
      type: 'end';
      status: AskTurn['status'];
      reason?: string;
      /** What to do about a failure. */
      fix?: string;
      costUsd: number | null;
      chargedUsd: number;
      conversation: string;
      budget: BudgetFigures;
    };
