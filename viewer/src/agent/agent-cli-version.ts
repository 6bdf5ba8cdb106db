// SPDX-License-Identifier: AGPL-3.0-or-later
// The assistant CLI's version: asked once at start (`claude --version`, which makes no API call), then
// taken from each run's init message (`claude_code_version`), so GET /api/agent/status says which CLI
// answers. A version older than the oldest one rr was tested with gets a warning at start: its flags,
// tools and messages may differ from what rr reads (docs/viewer-agent.md lists the versions tested).
import { execFile } from 'node:child_process';

/** The Claude Code versions rr's tests ran against (the dev dependency is the oldest). */
export const TESTED_CLI_VERSIONS = ['2.1.197'] as const;

/** The oldest version tested. */
export const OLDEST_TESTED_CLI = TESTED_CLI_VERSIONS[0];

/** The numbers of a version (`2.1.197 (Claude Code)` → [2, 1, 197]), or undefined. */
export function versionNumbers(text: string): number[] | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? match.slice(1).map(Number) : undefined;
}

/** Whether version `a` is older than `b`. */
export function olderThan(a: string, b: string): boolean {
  const x = versionNumbers(a);
  const y = versionNumbers(b);
  if (!x || !y) return false;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

/** The version part of status: what is known, and a warning when it is older than the ones tested. */
export interface CliVersionInfo {
  version: string | null;
  /** Where it came from: `--version` at start, or a run's init message. */
  from: 'version-flag' | 'init' | null;
  warning?: string;
}

/** The warning for a version older than the ones tested, or undefined. */
export function versionWarning(version: string): string | undefined {
  return olderThan(version, OLDEST_TESTED_CLI)
    ? `the assistant CLI is Claude Code ${version}, older than the oldest version rr was tested with (${OLDEST_TESTED_CLI}); its flags and messages may differ: update it (npm install -g @anthropic-ai/claude-code@latest)`
    : undefined;
}

/** The CLI's version as it is known now. */
export class AgentCliVersion {
  private info: CliVersionInfo = { version: null, from: null };

  /** Asks the CLI for its version (`--version`, at most 15 s); resolves with what is then known. */
  async ask(cli: string, env: NodeJS.ProcessEnv = process.env): Promise<CliVersionInfo> {
    const text = await new Promise<string>((resolve) => {
      execFile(cli, ['--version'], { env, timeout: 15_000 }, (error, stdout) =>
        resolve(error ? '' : String(stdout)),
      );
    });
    const numbers = versionNumbers(text);
    if (numbers && this.info.from !== 'init') this.set(numbers.join('.'), 'version-flag');
    return this.current();
  }

  /** Takes the version a run's init reported. */
  set(version: string, from: CliVersionInfo['from'] = 'init'): void {
    const warning = versionWarning(version);
    this.info = { version, from, ...(warning ? { warning } : {}) };
  }

  /** What is known. */
  current(): CliVersionInfo {
    return this.info;
  }
}
