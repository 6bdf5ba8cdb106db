// SPDX-License-Identifier: AGPL-3.0-or-later
// What an Ask turn's stream becomes: the turn's record (its answer, tool calls and how it ended) and the
// chat's events, as the CLI's messages arrive. With partial messages the answer's text comes as deltas
// and then once more whole; it is recorded and sent once.

import type { AskEvent } from './ask-events.js';
import type { AskTurn } from './ask-conversations.js';
import type { CliRunOutcome } from './assistant-cli-run.js';
import type { CliMessage } from './cli-stream-messages.js';

/** Records one turn. */
export class AskTurnRecorder {
  private readonly toolNames = new Map<string, string>();
  private streamedText = false;

  constructor(
    readonly record: AskTurn,
    private readonly emit: (event: AskEvent) => void,
  ) {}

  /** Takes one message that passed the guard. */
  take(message: CliMessage): void {
    const record = this.record;
    switch (message.kind) {
      case 'text-delta':
        this.streamedText = true;
        this.text(message.text);
        break;
      case 'assistant':
        if (message.subagent) break;
        // With partial messages the text came as deltas already; a CLI without them sends it here.
        if (!this.streamedText) for (const text of message.texts) this.text(text);
        this.streamedText = false;
        for (const use of message.toolUses) {
          this.toolNames.set(use.id, use.name);
          record.tools.push({ name: use.name, input: use.input });
          this.emit({ type: 'tool', id: use.id, name: use.name, input: use.input });
        }
        break;
      case 'tool-result': {
        const name = this.toolNames.get(message.toolUseId);
        const tool = record.tools.findLast((t) => t.name === name);
        if (tool && message.isError) tool.error = true;
        this.emit({ type: 'tool-result', id: message.toolUseId, error: message.isError });
        break;
      }
      case 'result':
        if (!record.answer && message.text) this.text(message.text);
        break;
      default:
        break;
    }
  }

  /** Sets how the turn ended from the run's outcome. */
  finish(outcome: CliRunOutcome): void {
    const record = this.record;
    record.costUsd = outcome.result?.costUsd ?? null;
    if (outcome.status === 'finished') {
      const r = outcome.result!;
      record.status = r.isError ? 'failed' : 'answered';
      if (r.isError)
        record.reason =
          r.subtype === 'error_max_budget_usd'
            ? `the turn reached its budget of $${record.budgetUsd} (--agent-budget-usd) before it finished`
            : `the assistant CLI ended with ${r.subtype || 'an error'}`;
      return;
    }
    record.status =
      outcome.status === 'killed' || outcome.status === 'cancelled' || outcome.status === 'timed-out'
        ? outcome.status
        : 'failed';
    record.reason =
      outcome.status === 'killed'
        ? `stopped for safety: ${outcome.reason}`
        : outcome.status === 'cancelled'
          ? 'cancelled by the user'
          : (outcome.reason ?? 'failed');
  }

  private text(text: string): void {
    this.record.answer += text;
    this.emit({ type: 'text', text });
  }
}
