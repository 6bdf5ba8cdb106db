// SPDX-License-Identifier: AGPL-3.0-or-later
// Lines shaped as the real assistant CLI (Claude Code) writes them with `--output-format stream-json
// --verbose`, for checking rr's reading and guard against the real shapes rather than the fake's.
//
// Where the shape comes from: the `system`/`init` message is the Agent SDK's documented `SDKSystemMessage`
// (Agent SDK reference, TypeScript: type, subtype "init", uuid, session_id, apiKeySource, cwd, tools: the
// tool names, mcp_servers: [{name, status}], model, permissionMode, slash_commands, output_style), plus
// the fields Claude Code 2.x adds (claude_code_version, agents, skills, plugins). The tool list is what
// the CLI reports for rr's flags: the built-in tools `--tools` leaves (Glob, Grep, Read), the tools of the
// MCP servers of `--mcp-config` as `mcp__<server>__<tool>`, and the two MCP resource tools the CLI adds
// whenever MCP servers are configured, in the order real init lines list them (built-in tools, MCP
// tools, resource tools). The values (ids, paths, version) are made up: this is not a capture.

/** The init of an Ask turn with --agent-web on and --agent-search-url. */
export const REAL_ASK_INIT = JSON.stringify({
  type: 'system',
  subtype: 'init',
  cwd: '/home/ada/exp',
  session_id: '5f0c1d2e-8a47-4b7e-9f3a-2c6d8e1b4a90',
  tools: [
    'Glob',
    'Grep',
    'Read',
    'mcp__rr-notes__list_notes',
    'mcp__rr-notes__add_note',
    'mcp__rr-notes__comment_on_note',
    'mcp__rr-notes__edit_own_note',
    'mcp__rr-web__web_search',
    'mcp__rr-web__web_fetch',
    'ListMcpResourcesTool',
    'ReadMcpResourceTool',
  ],
  mcp_servers: [
    { name: 'rr-notes', status: 'connected' },
    { name: 'rr-web', status: 'connected' },
  ],
  model: 'claude-opus-4-1-20250805',
  permissionMode: 'dontAsk',
  slash_commands: ['compact', 'context', 'cost', 'init', 'pr-comments', 'release-notes', 'review'],
  apiKeySource: 'none',
  claude_code_version: '2.0.37',
  output_style: 'default',
  agents: ['general-purpose', 'statusline-setup', 'output-style-setup', 'Explore', 'Plan'],
  skills: [],
  plugins: [],
  uuid: '0b7e3c4d-1f2a-4e5b-8c9d-a1b2c3d4e5f6',
});

/** The init of a net-label call: `--tools ""` and an empty strict MCP configuration. */
export const REAL_NET_LABEL_INIT = JSON.stringify({
  ...(JSON.parse(REAL_ASK_INIT) as Record<string, unknown>),
  cwd: '/home/ada/exp/live/net-labels',
  tools: [],
  mcp_servers: [],
});

/** A built-in Read as the CLI streams it with `--include-partial-messages`, then whole. */
export function realReadLines(filePath: string): string[] {
  const id = 'toolu_01QfFZ9kEw3Yq7R2mA8bXcVd';
  const json = JSON.stringify({ file_path: filePath });
  const stream = (event: unknown) =>
    JSON.stringify({
      type: 'stream_event',
      event,
      session_id: '5f0c1d2e-8a47-4b7e-9f3a-2c6d8e1b4a90',
      parent_tool_use_id: null,
      uuid: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    });
  return [
    stream({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id, name: 'Read', input: {} },
    }),
    stream({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } }),
    stream({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: json.slice(0, 9) },
    }),
    stream({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: json.slice(9) },
    }),
    stream({ type: 'content_block_stop', index: 1 }),
    JSON.stringify({
      type: 'assistant',
      message: {
        id: 'msg_01XyZ',
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-4-1-20250805',
        content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: filePath } }],
        stop_reason: null,
        usage: { input_tokens: 3, output_tokens: 61 },
      },
      parent_tool_use_id: null,
      session_id: '5f0c1d2e-8a47-4b7e-9f3a-2c6d8e1b4a90',
    }),
  ];
}
