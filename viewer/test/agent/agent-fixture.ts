// SPDX-License-Identifier: AGPL-3.0-or-later
// A viewer with the Ask agent on, running the fake assistant CLI (fake-cli/claude), and a client of the
// chat's server-sent event stream that hands each event over as it arrives.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AskEvent } from '../../src/agent/ask-agent.js';
import type { WebGuardOptions } from '../../src/agent/web/guarded-fetch.js';
import type { SettingName } from '../../src/config/viewer-settings.js';
import { startViewer, type ViewerFixture } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';

/** The fake CLI's folder (put it first on PATH to be found as `claude`). */
export const FAKE_CLI_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fake-cli');
export const FAKE_CLI = join(FAKE_CLI_DIR, 'claude');

/** What the fake is told to do. */
export interface FakeCliSetting {
  mode?:
    | 'answer'
    | 'over-budget'
    | 'no-cost'
    | 'hang'
    | 'extra-tool'
    | 'old-flag'
    | 'no-grep'
    | 'extra-server'
    | 'late-tool'
    | 'read-outside';
  cost?: number;
}

/** One run of the fake, as it logged it. */
export interface FakeCliRun {
  args: string[];
  prompt: string;
  cwd: string;
  mcpConfig?: { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
}

/** The values a flag was given (a flag like --add-dir may be given several times, --allowedTools takes several). */
export function flagValues(args: readonly string[], flag: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++)
    if (args[i] === flag)
      for (let j = i + 1; j < args.length && !(args[j]!.startsWith('-') && args[j]!.length > 1); j++)
        values.push(args[j]!);
  return values;
}

/** A viewer with the agent on, and where the fake logs its runs. */
export interface AgentFixture extends ViewerFixture {
  /** The runs the fake made: arguments, prompt, working directory and the MCP configuration it was given. */
  runs: () => FakeCliRun[];
  pidFile: string;
}

/** Starts a viewer with --agent on and the fake CLI. */
export async function startAgentViewer(
  fake: FakeCliSetting = {},
  flags: Partial<Record<SettingName, string | string[]>> = {},
  seams: { turnTimeoutMs?: number; webGuard?: WebGuardOptions } = {},
): Promise<AgentFixture> {
  const dir = tempDir('rr-fake-cli-');
  const log = join(dir, 'runs.jsonl');
  const pidFile = join(dir, 'helper.pid');
  appendFileSync(log, '');
  const fixture = await startViewer({
    flags: { agent: 'on', agentCli: FAKE_CLI, ...flags },
    server: {
      agent: {
        env: {
          ...process.env,
          FAKE_CLI_MODE: fake.mode ?? 'answer',
          FAKE_CLI_COST: String(fake.cost ?? 0.25),
          FAKE_CLI_LOG: log,
          FAKE_CLI_PID_FILE: pidFile,
        },
        ...seams,
      },
    },
  });
  return {
    ...fixture,
    pidFile,
    runs: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FakeCliRun),
  };
}

/** The answer to one chat request: its status, and the events (or the error body). */
export interface ChatAnswer {
  status: number;
  events: AskEvent[];
  error?: { code: string; message: string };
}

/** Asks a question and collects the stream; `onEvent` hears each event as it arrives. */
export function chat(
  port: number,
  body: unknown,
  options: { origin?: string | null; onEvent?: (event: AskEvent) => void } = {},
): Promise<ChatAnswer> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  };
  if (options.origin !== null) headers.origin = options.origin ?? `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/agent/chat', method: 'POST', headers },
      (res) => {
        res.setEncoding('utf8');
        const events: AskEvent[] = [];
        let pending = '';
        let raw = '';
        res.on('data', (chunk: string) => {
          raw += chunk;
          if (!String(res.headers['content-type']).startsWith('text/event-stream')) return;
          pending += chunk;
          let end = pending.indexOf('\n\n');
          while (end >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) {
              const event = JSON.parse(data) as AskEvent;
              events.push(event);
              options.onEvent?.(event);
            }
            end = pending.indexOf('\n\n');
          }
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            events,
            ...(String(res.headers['content-type']).startsWith('application/json')
              ? { error: JSON.parse(raw) as { code: string; message: string } }
              : {}),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The helper pid the fake wrote, once it exists. */
export async function helperPid(file: string): Promise<number> {
  for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  return Number(readFileSync(file, 'utf8'));
}
