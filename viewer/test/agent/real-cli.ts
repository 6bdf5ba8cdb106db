// SPDX-License-Identifier: AGPL-3.0-or-later
// The real assistant CLI (Claude Code, the viewer package's dev dependency @anthropic-ai/claude-code)
// for the tests, run against a stand-in of the Messages API on loopback (test/agents/fake-messages-api.ts,
// which speaks the API's streaming protocol): ANTHROPIC_BASE_URL points at it, HOME is an empty folder of
// the test (so no login or settings of the machine's user is used), and the CLI's non-essential traffic
// (telemetry, updates, error reports) is off. Nothing reaches the network and no credential is needed:
// the stand-in takes its own made-up key.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { SettingName } from '../../src/config/viewer-settings.js';
import { startViewer, type ViewerFixture } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';
import type { RecordedRequest } from '../../../test/agents/fake-messages-api.js';

const require = createRequire(import.meta.url);

/**
 * The CLI's native program: the platform package's binary (installed as an optional dependency of
 * @anthropic-ai/claude-code), else the package's own `bin/claude.exe` once its postinstall copied the
 * binary there (it is a small placeholder before). VIEWER_TEST_CLAUDE names another CLI to try.
 */
export function realCliPath(): string {
  const given = process.env.VIEWER_TEST_CLAUDE;
  if (given) return given;
  const platform = `${process.platform}-${process.arch}`;
  try {
    const dir = dirname(require.resolve(`@anthropic-ai/claude-code-${platform}/package.json`));
    const binary = join(dir, process.platform === 'win32' ? 'claude.exe' : 'claude');
    if (existsSync(binary)) return binary;
  } catch {
    // no platform package: the wrapper's binary below
  }
  const wrapper = join(
    dirname(require.resolve('@anthropic-ai/claude-code/package.json')),
    'bin',
    'claude.exe',
  );
  if (existsSync(wrapper) && statSync(wrapper).size > 1_000_000) return wrapper;
  throw new Error(
    `the real assistant CLI is not installed for ${platform}: run npm ci (the viewer's dev dependency @anthropic-ai/claude-code and its platform package)`,
  );
}

/** The CLI's environment: the stand-in's URL and key (none: not logged in), an empty HOME, no traffic but the API. */
export function realCliEnv(
  api: { url: string; apiKey?: string },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const home = tempDir('rr-real-cli-home-');
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    ANTHROPIC_BASE_URL: api.url,
    ...(api.apiKey ? { ANTHROPIC_API_KEY: api.apiKey } : {}),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    ...extra,
  };
}

/** A viewer with the agent on, running the real CLI with this environment. */
export function startRealCliViewer(
  env: NodeJS.ProcessEnv,
  flags: Partial<Record<SettingName, string | string[]>> = {},
  seams: { turnTimeoutMs?: number } = {},
): Promise<ViewerFixture> {
  return startViewer({
    flags: { agent: 'on', agentCli: realCliPath(), ...flags },
    server: { agent: { env, ...seams } },
  });
}

/** A loopback URL nothing listens on (a port bound and let go). */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

/** The tool results the CLI sent to the model in a request (of every user message, in order), as text. */
export function toolResults(request: RecordedRequest): { text: string; isError: boolean }[] {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'user' && Array.isArray(m.content))
    .flatMap((m) => m.content as { type: string; content?: unknown; is_error?: boolean }[])
    .filter((c) => c.type === 'tool_result')
    .map((c) => ({
      text: Array.isArray(c.content)
        ? (c.content as { text?: string }[]).map((p) => p.text ?? '').join('\n')
        : String(c.content ?? ''),
      isError: c.is_error === true,
    }));
}

/** The names of the tools a request offered the model. */
export function offeredTools(request: RecordedRequest): string[] {
  return ((request.body.tools ?? []) as { name: string }[]).map((t) => t.name);
}

/** The text of the user messages of a request (the prompt the CLI sent), blocks joined by newlines. */
export function userText(request: RecordedRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'user')
    .flatMap((m) =>
      typeof m.content === 'string'
        ? [m.content]
        : (m.content as { type: string; text?: string }[])
            .filter((c) => c.type === 'text')
            .map((c) => c.text ?? ''),
    )
    .join('\n');
}
