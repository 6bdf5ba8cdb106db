// SPDX-License-Identifier: AGPL-3.0-or-later
// One run of the assistant CLI: started in a process group of its own with the prompt on stdin, its
// stream read line by line, every message checked against what the run may have. A run that reports more
// is killed at once with its whole process group (the CLI and any MCP server or shell it started), as is
// one that is cancelled or outlives its time. When the CLI ends by itself, the group is killed as well,
// so nothing it started lingers.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cliFailure, type CliFailure, type FailureEvidence } from './cli-failure.js';
import { JsonLineReader, type CliMessage } from './cli-stream-messages.js';
import type { TurnPermissions } from './turn-permissions.js';
import { TurnGuard } from './turn-guard.js';

/** How to run the CLI once. */
export interface CliRunOptions {
  cli: string;
  args: string[];
  cwd: string;
  /** The model asked for (for the words of a failure). */
  model: string;
  /** Written to stdin, which is then closed. */
  prompt: string;
  permissions: TurnPermissions;
  /** The run is killed after this long. */
  timeoutMs: number;
  /** Hears every message that passed the guard. */
  onMessage: (message: CliMessage) => void;
  env?: NodeJS.ProcessEnv;
  /** Hears the moment the init message passed the guard. */
  onInitPassed?: () => void;
  /** Hears the moment the run is stopped (killed, cancelled, timed out), before it has exited. */
  onStop?: (reason: string) => void;
}

/** How a run ended. */
export interface CliRunOutcome {
  status: 'finished' | 'killed' | 'cancelled' | 'timed-out' | 'failed';
  /** Why it was killed or failed. */
  reason?: string;
  /** The closing `result` message, when the CLI wrote one. */
  result?: Extract<CliMessage, { kind: 'result' }>;
  /** The last lines the CLI wrote to stderr (or as non-JSON output). */
  stderr: string;
  /** Why a finished run failed (`is_error`, a synthetic error message), in the CLI's terms. */
  failure?: CliFailure;
  /** The CLI's version, from its init message. */
  version?: string;
  /**
   * Whether every request the CLI made failed before the API took it: it retried only failed
   * connections or refused credentials (which cost nothing), and no model message came. Such a run is
   * charged nothing when it is stopped, where another run without a cost report is charged its budget.
   */
  nothingGotThrough: boolean;
}

/** A started run. */
export interface CliRun {
  pid: number | undefined;
  done: Promise<CliRunOutcome>;
  /** Kills the run (and its group); it ends as `cancelled`. */
  cancel(): void;
}

const STDERR_KEPT = 4000;

/** What to do about a CLI that lacks something rr relies on. */
export const UPDATE_CLI =
  'update Claude Code (npm install -g @anthropic-ai/claude-code@latest), or give --agent-cli a newer one';

/** The CLI's refusal of a flag rr passes, as a reason, or undefined. */
function unknownOption(stderr: string): string | undefined {
  const flag = /unknown option '([^']+)'/.exec(stderr)?.[1];
  return flag
    ? `the installed assistant CLI does not take the flag ${flag}, which rr relies on: ${UPDATE_CLI}`
    : undefined;
}

/** Starts the CLI. */
export function runAssistantCli(options: CliRunOptions): CliRun {
  let stopped: { status: CliRunOutcome['status']; reason?: string } | undefined;
  let result: CliRunOutcome['result'];
  let version: string | undefined;
  let apiReached = false;
  let failedBeforeApi = false;
  const evidence: FailureEvidence = { model: options.model };
  let stderr = '';
  const keep = (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  };
  const child = spawn(options.cli, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group, so one signal reaches everything it starts.
    detached: process.platform !== 'win32',
  });
  const killGroup = () => {
    if (child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill('SIGKILL');
      else process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  const stop = (status: CliRunOutcome['status'], reason?: string) => {
    if (stopped) return;
    stopped = { status, ...(reason ? { reason } : {}) };
    killGroup();
    options.onStop?.(reason ?? status);
  };

  const see = (message: CliMessage) => {
    switch (message.kind) {
      case 'result':
        result = message;
        evidence.result = message;
        break;
      case 'assistant':
        if (message.error) evidence.assistantError = { error: message.error, text: message.texts.join('\n') };
        if (!message.synthetic) apiReached = true;
        break;
      case 'message-start':
        apiReached = true;
        break;
      case 'api-retry':
        evidence.lastRetry = message;
        // An answer other than refused credentials means the API took the request (and may bill it).
        if (message.errorStatus === null || message.errorStatus === 401 || message.errorStatus === 403)
          failedBeforeApi = true;
        else apiReached = true;
        break;
      default:
        break;
    }
  };
  const guard = new TurnGuard(options.permissions);
  const reader = new JsonLineReader(
    (message) => {
      if (stopped) return;
      const refusal = guard.check(message);
      if (refusal) {
        stop('killed', refusal);
        return;
      }
      if (message.kind === 'init') {
        version = message.version;
        const missing = (options.permissions.requiredTools ?? []).filter((t) => !message.tools.includes(t));
        if (missing.length > 0) {
          stop(
            'failed',
            `the installed assistant CLI${version ? ` (Claude Code ${version})` : ''} has no tool ${missing.join(', ')}, which rr relies on: ${UPDATE_CLI}`,
          );
          return;
        }
        options.onInitPassed?.();
      }
      see(message);
      options.onMessage(message);
    },
    (line) => keep(`${line}\n`),
  );
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => reader.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => keep(chunk));
  child.stdin.on('error', () => undefined); // a CLI that exits before reading its prompt
  child.stdin.end(options.prompt);

  const timer = setTimeout(
    () => stop('timed-out', `the run took longer than ${Math.round(options.timeoutMs / 1000)} s`),
    options.timeoutMs,
  );
  const done = new Promise<CliRunOutcome>((resolve) => {
    let ended = false;
    const end = (outcome: CliRunOutcome) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    child.once('error', (error) => {
      // Spawning failed (no such program, not executable): there is no process to wait for.
      if (child.pid === undefined)
        end({
          status: 'failed',
          reason: existsSync(options.cwd)
            ? `cannot run ${options.cli}: ${error.message}`
            : `the working directory ${options.cwd} does not exist`,
          stderr,
          nothingGotThrough: true,
        });
    });
    // Whatever the CLI started goes with it, even when it ends by itself.
    child.once('exit', killGroup);
    child.once('close', (code, signal) => {
      reader.end();
      const seen = {
        ...(result ? { result } : {}),
        ...(version ? { version } : {}),
        nothingGotThrough: failedBeforeApi && !apiReached,
        stderr,
      };
      if (stopped) return end({ ...stopped, ...seen });
      const failure = cliFailure(evidence);
      // A CLI that refused rr's flags stopped before it could call the API: nothing to charge.
      const refusedFlag = result ? undefined : unknownOption(stderr);
      if (refusedFlag && !apiReached) seen.nothingGotThrough = true;
      if (!result)
        return end({
          status: 'failed',
          reason:
            refusedFlag ??
            `the assistant CLI ended (${signal ? `signal ${signal}` : `exit code ${code}`}) without a result${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`,
          ...seen,
          ...(failure ? { failure } : {}),
        });
      end({ status: 'finished', ...seen, ...(failure ? { failure } : {}) });
    });
  });
  return { pid: child.pid, done, cancel: () => stop('cancelled', 'cancelled') };
}
