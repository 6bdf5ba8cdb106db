// SPDX-License-Identifier: AGPL-3.0-or-later
// What an Ask turn's stream becomes: the turn's record (its answer, tool calls and how it ended) and the
// chat's events, as the CLI's messages arrive. With partial messages the answer's text comes as deltas
// and then once more whole; it is recorded and sent once. The texts of separate model messages (before
// and after a tool call) are kept apart by a blank line. A message the CLI made up to report a failure
// (`<synthetic>` with `error`) and the text of a failed result are never recorded as the answer: the turn
// fails with the CLI's reason and what to do. A request the CLI retries is reported as progress.

import type { AskEvent } from './ask-events.js';
import type { AskTurn } from './ask-conversations.js';
import type { CliRunOutcome } from './assistant-cli-run.js';
import { retryProgress } from './cli-failure.js';
import type { CliMessage } from './cli-stream-messages.js';

/** Between the texts of two model messages. */
const MESSAGE_GAP = '\n\n';

/** Records one turn. */
export class AskTurnRecorder {
  private readonly toolNames = new Map<string, string>();
  private streamedText = false;
  /** The model message being received, and the one the answer's last text came from. */
  private currentMessage = '';
  private textMessage: string | undefined;

  constructor(
    readonly record: AskTurn,
    private readonly emit: (event: AskEvent) => void,
  ) {}

  /** Takes one message that passed the guard. */
  take(message: CliMessage): void {
    const record = this.record;
    switch (message.kind) {
      case 'message-start':
        this.currentMessage = message.id;
        this.streamedText = false;
        break;
      case 'api-retry':
        this.emit({
          type: 'retry',
          attempt: message.attempt,
          maxRetries: message.maxRetries,
          delayMs: message.delayMs,
          error: message.error,
          errorStatus: message.errorStatus,
          progress: retryProgress(message),
        });
        break;
      case 'text-delta':
        this.streamedText = true;
        this.text(message.text);
        break;
      case 'assistant':
        if (message.subagent || message.synthetic) break;
        if (message.id && message.id !== this.currentMessage) {
          this.currentMessage = message.id;
          this.streamedText = false;
        }
        // With partial messages the text came as deltas already; a CLI without them sends it here.
        if (!this.streamedText) for (const text of message.texts) this.text(text);
        // Without an id, each assistant line is a message of its own.
        if (!message.id) this.streamedText = false;
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
        // The result repeats the last message's text; a failed result's text is the CLI's error.
        if (!record.answer && message.text && !message.isError) this.text(message.text);
        break;
      default:
        break;
    }
  }

  /** Sets how the turn ended from the run's outcome. */
  finish(outcome: CliRunOutcome): void {
    const record = this.record;
    record.costUsd = outcome.result?.costUsd ?? null;
    if (outcome.status === 'finished' && !outcome.failure) {
      record.status = 'answered';
      return;
    }
    if (outcome.failure) {
      record.status = 'failed';
      record.reason =
        outcome.failure.cause === 'budget'
          ? `the turn reached its budget of $${record.budgetUsd} (--agent-budget-usd) before it finished`
          : outcome.failure.message;
      record.fix =
        outcome.failure.cause === 'budget'
          ? 'ask a narrower question, or start the viewer with a larger --agent-budget-usd'
          : outcome.failure.fix;
      record.cause = outcome.failure.cause;
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
    if (text === '') return;
    // A new model message after text of an earlier one: keep them apart.
    const gap = this.record.answer !== '' && this.textMessage !== this.currentMessage ? MESSAGE_GAP : '';
    this.textMessage = this.currentMessage;
    this.record.answer += gap + text;
    this.emit({ type: 'text', text: gap + text });
  }
}
