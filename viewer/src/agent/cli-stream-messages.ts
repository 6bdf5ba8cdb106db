// SPDX-License-Identifier: AGPL-3.0-or-later
// The assistant CLI's stream format (`--output-format stream-json --verbose`, Claude Code's headless
// mode): one JSON object per line, shaped as the Agent SDK's declarations (`SDKMessage` in sdk.d.ts of
// @anthropic-ai/claude-agent-sdk, the same version as the CLI) define them. rr reads: the `system`/`init`
// message (the CLI's version, the tools and MCP servers the run has), `system`/`api_retry` (a failed API
// request the CLI will retry: attempt, delay, error), `system`/`status`, `stream_event` partial messages
// (`--include-partial-messages`: a message's start, text deltas, and a tool call's name at
// `content_block_start` and its input as `input_json_delta` pieces until `content_block_stop`, so the
// guard sees a call as soon as the model wrote it), `assistant` messages (text and tool calls, whole; a
// `<synthetic>` one with `error` is the CLI's own report of a failure, not the model's), `user` messages
// (tool results) and the closing `result` (`is_error`, the error subtypes, `errors[]`,
// `total_cost_usd`). Everything else is passed over. docs/viewer-agent.md lists what rr does with each.

/** One line of the stream as rr reads it. */
export type CliMessage =
  | {
      kind: 'init';
      tools: string[];
      mcpServers: { name: string; status: string }[];
      model?: string;
      /** `claude_code_version` */
      version?: string;
    }
  /** A failed API request the CLI retries after `delayMs` (`SDKAPIRetryMessage`). */
  | {
      kind: 'api-retry';
      attempt: number;
      maxRetries: number;
      delayMs: number;
      /** The HTTP status; null when no answer came (the connection failed or timed out). */
      errorStatus: number | null;
      /** `SDKAssistantMessageError`: authentication_failed, rate_limit, server_error, unknown, … */
      error: string;
    }
  /** A new message of the model begins (a partial message's `message_start`). */
  | { kind: 'message-start'; id: string }
  | { kind: 'text-delta'; text: string }
  | { kind: 'tool-start'; id: string; name: string; block: string }
  /** A piece of a streamed tool call's input (JSON text); `block` names the content block. */
  | { kind: 'tool-input-delta'; block: string; json: string }
  | { kind: 'block-stop'; block: string }
  | {
      kind: 'assistant';
      /** The API message's id: the CLI writes one `assistant` line per content block of a message. */
      id: string;
      texts: string[];
      toolUses: CliToolUse[];
      subagent: boolean;
      /** A message the CLI made up itself (`model: "<synthetic>"`), e.g. to report an error. */
      synthetic: boolean;
      /** `SDKAssistantMessageError` when the message reports a failure. */
      error?: string;
    }
  | { kind: 'tool-result'; toolUseId: string; isError: boolean; text: string }
  | {
      kind: 'result';
      /** `success`, or `error_during_execution`, `error_max_turns`, `error_max_budget_usd`, … */
      subtype: string;
      /** True on a failure, also under subtype `success` (not logged in, a refused key, no connection). */
      isError: boolean;
      costUsd?: number;
      text?: string;
      /** `errors[]` of an error subtype. */
      errors: string[];
      /** `api_error_status`: the HTTP status of the API's last failed answer, when it had one. */
      apiErrorStatus?: number | null;
    }
  | { kind: 'other'; type: string };

/** A tool call the model made. */
export interface CliToolUse {
  id: string;
  name: string;
  input: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Reads one parsed line of the stream. */
export function cliMessage(value: unknown): CliMessage {
  if (!isObject(value)) return { kind: 'other', type: typeof value };
  const type = text(value.type);
  if (type === 'system' && value.subtype === 'init') {
    const tools = Array.isArray(value.tools) ? value.tools.map(String) : [];
    // Older CLI versions wrote mcp_servers as an object keyed by name; current ones as a list.
    const raw = value.mcp_servers;
    const mcpServers = Array.isArray(raw)
      ? raw.map((s) =>
          isObject(s) ? { name: text(s.name), status: text(s.status) } : { name: String(s), status: '' },
        )
      : isObject(raw)
        ? Object.entries(raw).map(([name, s]) => ({ name, status: isObject(s) ? text(s.status) : '' }))
        : [];
    return {
      kind: 'init',
      tools,
      mcpServers,
      ...(typeof value.model === 'string' ? { model: value.model } : {}),
      ...(typeof value.claude_code_version === 'string' ? { version: value.claude_code_version } : {}),
    };
  }
  if (type === 'system' && value.subtype === 'api_retry')
    return {
      kind: 'api-retry',
      attempt: finite(value.attempt),
      maxRetries: finite(value.max_retries),
      delayMs: finite(value.retry_delay_ms),
      errorStatus: typeof value.error_status === 'number' ? value.error_status : null,
      error: text(value.error) || 'unknown',
    };
  if (type === 'stream_event' && isObject(value.event)) {
    const event = value.event;
    // Blocks are numbered per message; a subagent's stream has its own numbers.
    const block = `${text(value.parent_tool_use_id)}#${String(event.index)}`;
    if (event.type === 'message_start' && isObject(event.message))
      return value.parent_tool_use_id
        ? { kind: 'other', type }
        : { kind: 'message-start', id: text(event.message.id) };
    if (event.type === 'content_block_delta' && isObject(event.delta) && event.delta.type === 'text_delta')
      return value.parent_tool_use_id
        ? { kind: 'other', type }
        : { kind: 'text-delta', text: text(event.delta.text) };
    if (
      event.type === 'content_block_start' &&
      isObject(event.content_block) &&
      (event.content_block.type === 'tool_use' || event.content_block.type === 'server_tool_use')
    )
      // A tool call announced before its input is complete: the guard checks its name at once.
      return {
        kind: 'tool-start',
        id: text(event.content_block.id),
        name: text(event.content_block.name),
        block,
      };
    if (
      event.type === 'content_block_delta' &&
      isObject(event.delta) &&
      event.delta.type === 'input_json_delta'
    )
      return { kind: 'tool-input-delta', block, json: text(event.delta.partial_json) };
    if (event.type === 'content_block_stop') return { kind: 'block-stop', block };
    return { kind: 'other', type };
  }
  if (type === 'assistant' && isObject(value.message)) {
    const content = Array.isArray(value.message.content) ? value.message.content.filter(isObject) : [];
    return {
      kind: 'assistant',
      id: text(value.message.id),
      texts: content.filter((c) => c.type === 'text').map((c) => text(c.text)),
      toolUses: content
        .filter((c) => c.type === 'tool_use' || c.type === 'server_tool_use')
        .map((c) => ({ id: text(c.id), name: text(c.name), input: c.input })),
      subagent: !!value.parent_tool_use_id,
      synthetic: value.message.model === '<synthetic>',
      ...(typeof value.error === 'string' && value.error !== '' ? { error: value.error } : {}),
    };
  }
  if (type === 'user' && isObject(value.message) && Array.isArray(value.message.content)) {
    const result = value.message.content.filter(isObject).find((c) => c.type === 'tool_result');
    if (result)
      return {
        kind: 'tool-result',
        toolUseId: text(result.tool_use_id),
        isError: result.is_error === true,
        text: Array.isArray(result.content)
          ? result.content
              .filter(isObject)
              .map((c) => text(c.text))
              .join('\n')
          : text(result.content),
      };
    return { kind: 'other', type };
  }
  if (type === 'result') {
    const cost = value.total_cost_usd;
    return {
      kind: 'result',
      subtype: text(value.subtype),
      isError: value.is_error === true,
      ...(typeof cost === 'number' && Number.isFinite(cost) ? { costUsd: cost } : {}),
      ...(typeof value.result === 'string' ? { text: value.result } : {}),
      errors: Array.isArray(value.errors) ? value.errors.map(String) : [],
      ...(value.api_error_status === null || typeof value.api_error_status === 'number'
        ? { apiErrorStatus: value.api_error_status }
        : {}),
    };
  }
  return { kind: 'other', type };
}

/** Splits a byte stream into lines and parses each; a line that is not JSON goes to `onNoise`. */
export class JsonLineReader {
  private pending = '';

  constructor(
    private readonly onMessage: (message: CliMessage) => void,
    private readonly onNoise: (line: string) => void,
    /** Longer lines are dropped as noise (a runaway line must not fill the viewer's memory). */
    private readonly maxLine = 16 * 1024 * 1024,
  ) {}

  /** Feeds a chunk of output. */
  push(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      this.line(this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf('\n');
    }
    if (this.pending.length > this.maxLine) {
      this.onNoise(`${this.pending.slice(0, 200)}… (a line longer than ${this.maxLine} characters, dropped)`);
      this.pending = '';
    }
  }

  /** Reads what is left once the stream ended. */
  end(): void {
    if (this.pending.trim() !== '') this.line(this.pending);
    this.pending = '';
  }

  private line(line: string): void {
    const trimmed = line.trim();
    if (trimmed === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      this.onNoise(trimmed);
      return;
    }
    this.onMessage(cliMessage(value));
  }
}
