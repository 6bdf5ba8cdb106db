// SPDX-License-Identifier: AGPL-3.0-or-later
// What an assistant CLI run may have: the read-only built-in tools and the MCP servers rr configured for
// it, nothing else. The CLI is started so that it should report exactly these (agent-cli-arguments.ts);
// this check is the guard that does not trust that it did: a run whose init message, or any later tool
// call, names a tool or server beyond them is killed (docs/viewer-agent.md, "The guard"), as is a read
// outside the turn's folders (read-scope.ts, checked by turn-guard.ts).
import { MCP_HELPER_TOOLS, toolsWith } from './claude-code-tools.js';
import type { ReadScope } from './read-scope.js';

/** The tools and servers one run may have. */
export interface TurnPermissions {
  /** Built-in tools by name (e.g. Read). */
  builtinTools: readonly string[];
  /** MCP server names; their tools are `mcp__<server>__<tool>`. */
  servers: readonly string[];
  /** Where the read-only tools may look; without it, no read tool is expected at all. */
  readScope?: ReadScope;
  /** Tools the init message must list: a CLI without one fails the run at once. */
  requiredTools?: readonly string[];
}

/** Read-only built-in tools an Ask turn may use on the folders it may read. */
export const READ_TOOLS: readonly string[] = toolsWith('read');

/**
 * Built-in tools the CLI adds by itself whenever MCP servers are configured: those that list and read
 * resources of those servers (which the strict MCP configuration limits to rr's own), and ToolSearch,
 * which loads the descriptions of MCP tools the CLI holds back when there are many. None reads files or
 * the network; a tool they help find is checked by name when it is called.
 */
export const MCP_RESOURCE_TOOLS: readonly string[] = [...toolsWith('mcp-resource'), ...MCP_HELPER_TOOLS];

/** The server part of an MCP tool name, or undefined for a built-in tool. */
export function mcpServerOfTool(name: string): string | undefined {
  const match = /^mcp__(.+?)__/.exec(name);
  return match ? match[1] : undefined;
}

/** Why a tool is not permitted, or undefined when it is. */
export function toolRefusal(name: string, permissions: TurnPermissions): string | undefined {
  const server = mcpServerOfTool(name);
  if (server !== undefined)
    return permissions.servers.includes(server)
      ? undefined
      : `the tool ${name} belongs to the MCP server "${server}", which rr did not configure for this run`;
  if (permissions.builtinTools.includes(name)) return undefined;
  if (permissions.servers.length > 0 && MCP_RESOURCE_TOOLS.includes(name)) return undefined;
  return `the built-in tool ${name} is not one this run may have (${permissions.builtinTools.length > 0 ? permissions.builtinTools.join(', ') : 'none'})`;
}

/** Why a run's init message shows more than it may have, or undefined when it is within bounds. */
export function initRefusal(
  init: { tools: readonly string[]; mcpServers: readonly { name: string }[] },
  permissions: TurnPermissions,
): string | undefined {
  const server = init.mcpServers.find((s) => !permissions.servers.includes(s.name));
  if (server)
    return `the assistant CLI reported the MCP server "${server.name}", which rr did not configure for this run`;
  for (const tool of init.tools) {
    const refusal = toolRefusal(tool, permissions);
    if (refusal) return `the assistant CLI reported a tool beyond the permitted ones: ${refusal}`;
  }
  return undefined;
}
