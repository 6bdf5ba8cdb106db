// SPDX-License-Identifier: AGPL-3.0-or-later
// The guard's verdict on each message of one run, in stream order: the init message against the tools
// and servers the run may have, every tool call's name as soon as it is announced, and the input of a
// read-only tool call against the folders the turn may read, as soon as the input is complete (a
// streamed call is put together from its `input_json_delta` pieces; a whole `assistant` message is
// checked again). The first refusal ends the run (assistant-cli-run.ts).

import type { CliMessage } from './cli-stream-messages.js';
import { initRefusal, toolRefusal, type TurnPermissions } from './turn-permissions.js';

/** Checks one run's messages. */
export class TurnGuard {
  /** Streamed tool calls whose input is still arriving, by content block. */
  private readonly open = new Map<string, { name: string; json: string }>();

  constructor(private readonly permissions: TurnPermissions) {}

  /** Why this message ends the run, or undefined when it may go on. */
  check(message: CliMessage): string | undefined {
    const p = this.permissions;
    switch (message.kind) {
      case 'init':
        return initRefusal(message, p);
      case 'tool-start':
        this.open.set(message.block, { name: message.name, json: '' });
        return toolRefusal(message.name, p);
      case 'tool-input-delta': {
        const call = this.open.get(message.block);
        if (call) call.json += message.json;
        return undefined;
      }
      case 'block-stop': {
        const call = this.open.get(message.block);
        this.open.delete(message.block);
        if (!call) return undefined;
        let input: unknown;
        try {
          input = call.json.trim() === '' ? {} : JSON.parse(call.json);
        } catch {
          // Unreadable input: the whole `assistant` message that follows carries it again.
          return undefined;
        }
        return this.inputRefusal(call.name, input);
      }
      case 'assistant':
        for (const use of message.toolUses) {
          const refusal = toolRefusal(use.name, p) ?? this.inputRefusal(use.name, use.input);
          if (refusal) return refusal;
        }
        return undefined;
      default:
        return undefined;
    }
  }

  private inputRefusal(tool: string, input: unknown): string | undefined {
    return this.permissions.readScope?.refusal(tool, input);
  }
}
