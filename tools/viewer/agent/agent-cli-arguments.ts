// SPDX-License-Identifier: AGPL-3.0-or-later
// The command lines rr gives the assistant CLI (Claude Code's headless mode; docs/decisions.md, "Ask
// agent", says why each flag). Every run is non-interactive with streamed JSON output, its own budget cap
// (`--max-budget-usd`), a strict MCP configuration (only the servers rr wrote for it), built-in tools cut
// down to the read-only ones (none for net labels), no project settings (their hooks could run commands)
// and no session files. The question goes on stdin: `--tools`, `--add-dir` and the tool lists take
// several values, so a prompt after them would be read as one more.
import { READ_TOOLS } from './turn-permissions.js';

/** Built-in tools that write, run commands or reach the web: denied by name as well, should `--tools` be ignored. */
export const DENIED_TOOLS = [
  'Bash',
  'BashOutput',
  'KillShell',
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit',
  'WebFetch',
  'WebSearch',
  'Task',
  'Agent',
  'TodoWrite',
  'SlashCommand',
  'Skill',
] as const;

const STREAM = ['-p', '--output-format', 'stream-json', '--verbose'];
const LOCKED = ['--permission-mode', 'dontAsk', '--setting-sources', 'user', '--no-session-persistence'];

/** What one Ask turn runs with. */
export interface AskTurnArguments {
  model: string;
  budgetUsd: number;
  /** The MCP configuration file rr wrote for this turn. */
  mcpConfigFile: string;
  /** The MCP servers in it. */
  servers: readonly string[];
  /** Folders the turn may read besides its working directory. */
  readDirs: readonly string[];
  systemPrompt: string;
}

/** The arguments of an Ask turn. */
export function askTurnArguments(a: AskTurnArguments): string[] {
  const tools = READ_TOOLS.join(',');
  return [
    ...STREAM,
    '--include-partial-messages',
    '--model',
    a.model,
    '--max-budget-usd',
    String(a.budgetUsd),
    '--mcp-config',
    a.mcpConfigFile,
    '--strict-mcp-config',
    '--tools',
    tools,
    '--allowedTools',
    [tools, ...a.servers.map((s) => `mcp__${s}`)].join(','),
    '--disallowedTools',
    DENIED_TOOLS.join(','),
    ...LOCKED,
    ...a.readDirs.flatMap((dir) => ['--add-dir', dir]),
    '--append-system-prompt',
    a.systemPrompt,
  ];
}

/** What one net-label call runs with. */
export interface NetLabelArguments {
  model: string;
  budgetUsd: number;
  systemPrompt: string;
}

/** The arguments of a tool-less net-label call: no built-in tools and an empty strict MCP configuration. */
export function netLabelArguments(a: NetLabelArguments): string[] {
  return [
    ...STREAM,
    '--model',
    a.model,
    '--max-budget-usd',
    String(a.budgetUsd),
    '--mcp-config',
    JSON.stringify({ mcpServers: {} }),
    '--strict-mcp-config',
    '--tools',
    '',
    '--disallowedTools',
    DENIED_TOOLS.join(','),
    ...LOCKED,
    '--system-prompt',
    a.systemPrompt,
  ];
}
