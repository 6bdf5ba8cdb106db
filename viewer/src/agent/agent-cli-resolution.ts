// SPDX-License-Identifier: AGPL-3.0-or-later
// Which assistant CLI the Ask agent and the net labels run, in the order of docs/viewer-agent.md: the
// --agent-cli flag, the environment (VIEWER_AGENT_CLI), the machine config's `[agent] cli` (the config
// resolver has already applied those three), then `claude` (Claude Code, the reference CLI) on PATH.
import { findOnPath, isExecutable } from '../geometry/pcb-tool-discovery.js';

/** The outcome. */
export type AgentCliResolution =
  { status: 'found'; path: string; source: string } | { status: 'missing'; message: string };

/** The program name looked for on PATH. */
export const REFERENCE_CLI = 'claude';

/** Resolves the CLI from the configured path (and where it came from) or PATH. */
export function resolveAgentCli(
  configured: { path: string; source: string } | undefined,
  env: Readonly<Record<string, string | undefined>>,
): AgentCliResolution {
  if (configured) {
    if (isExecutable(configured.path)) return { status: 'found', ...configured };
    return {
      status: 'missing',
      message: `the assistant CLI ${configured.path} (from ${configured.source}) is not an executable file`,
    };
  }
  const found = findOnPath(REFERENCE_CLI, env);
  if (found) return { status: 'found', path: found, source: 'PATH' };
  return {
    status: 'missing',
    message:
      `no assistant CLI: install Claude Code (npm install -g @anthropic-ai/claude-code, which puts ${REFERENCE_CLI} on PATH), ` +
      'or give --agent-cli, VIEWER_AGENT_CLI, or [agent] cli in the machine config',
  };
}
