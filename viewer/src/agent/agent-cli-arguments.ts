// SPDX-License-Identifier: AGPL-3.0-or-later
// The command lines rr gives the assistant CLI (Claude Code's headless mode; docs/decisions/0108-the-assistant-cli-runs-headless-with-streamed-json-and.md
// says why each flag). Every run is non-interactive with streamed JSON output, its own budget cap
// (`--max-budget-usd`), a strict MCP configuration (only the servers rr wrote for it), built-in tools cut
// down to the read-only ones (none for net labels), reads pre-approved only inside the turn's folders, no
// settings files at all (user settings can widen permissions, project ones can run hooks) and no session
// files. The question goes on stdin: `--tools`, `--add-dir` and the tool lists take several values, so a
// prompt after them would be read as one more.
import { toolsWith } from './claude-code-tools.js';
import { READ_TOOLS } from './turn-permissions.js';

/**
 * Built-in tools that write, run commands, reach the web, start agents or act on the session: every tool
 * of the CLI's declared set beyond the read tools and the MCP resource tools (claude-code-tools.ts). They
 * are denied by name as well, should `--tools` be ignored; every name is one the CLI knows.
 */
export const DENIED_TOOLS: readonly string[] = toolsWith('write', 'execute', 'web', 'agent', 'session');

const STREAM = ['-p', '--output-format', 'stream-json', '--verbose'];
// `--setting-sources ""` loads none of the user, project and local settings files (the Agent SDK's
// default): their permission rules and additionalDirectories could widen what a turn may read.
const LOCKED = ['--permission-mode', 'dontAsk', '--setting-sources', '', '--no-session-persistence'];

/** What one Ask turn runs with. */
export interface AskTurnArguments {
  model: string;
  budgetUsd: number;
  /** The MCP configuration file rr wrote for this turn. */
  mcpConfigFile: string;
  /** The MCP servers in it. */
  servers: readonly string[];
  /** The turn's working directory (absolute). */
  cwd: string;
  /** Folders the turn may read besides its working directory (absolute). */
  readDirs: readonly string[];
  systemPrompt: string;
}

/**
 * A permission rule that pre-approves reading one folder and everything under it. `//` anchors a
 * Read rule at the filesystem root (a single `/` would be relative to a settings file); the rule's path
 * is a gitignore pattern, so its special characters are escaped. Windows paths are written as the CLI
 * matches them, `C:\x` as `//c/x`.
 */
export function readRule(dir: string): string {
  const posix = dir
    .replace(/\\/g, '/')
    .replace(/^([A-Za-z]):/, (_m, drive: string) => `/${drive.toLowerCase()}`);
  const escaped = posix.replace(/\/+$/, '').replace(/[*?[\]!#\\]/g, (c) => `\\${c}`);
  return `Read(/${escaped}/**)`;
}

/** The arguments of an Ask turn. */
export function askTurnArguments(a: AskTurnArguments): string[] {
  const extra = [...new Set(a.readDirs)].filter((d) => d !== a.cwd);
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
    READ_TOOLS.join(','),
    // Reads are pre-approved per folder, never bare: a bare `Read` would approve ~/.ssh as well. Grep and
    // Glob are not listed: the CLI applies Read rules to them, and rr's guard checks their paths. One
    // argument per rule, so a comma in a folder's name cannot split a rule.
    '--allowedTools',
    ...[a.cwd, ...extra].map(readRule),
    ...a.servers.map((s) => `mcp__${s}`),
    '--disallowedTools',
    DENIED_TOOLS.join(','),
    ...LOCKED,
    ...extra.flatMap((dir) => ['--add-dir', dir]),
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
