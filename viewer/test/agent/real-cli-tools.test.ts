// SPDX-License-Identifier: AGPL-3.0-or-later
// rr's table of the assistant CLI's built-in tools (src/agent/claude-code-tools.ts) held to the installed
// CLI (the dev dependency): every tool input its npm package declares (sdk-tools.d.ts,
// `ToolInputSchemas`) is in the table, and every name rr denies is one the CLI knows, so the CLI does not
// warn about it (it does, naming the tool, for a name it no longer has, as MultiEdit shows).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DENIED_TOOLS } from '../../src/agent/agent-cli-arguments.js';
import { CLAUDE_CODE_TOOLS, NOT_BUILTIN_DECLARATIONS } from '../../src/agent/claude-code-tools.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../../../test/agents/fake-messages-api.js';
import { realCliEnv, realCliPath } from './real-cli.js';

const require = createRequire(import.meta.url);

let api: FakeMessagesApi;
beforeEach(async () => {
  api = await startFakeMessagesApi();
  api.fallback = () => ({ kind: 'text', text: 'ok' });
});
afterEach(() => api.close());

/** One print-mode run of the real CLI denying `denied`; its stderr. */
function stderrOfRun(denied: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      realCliPath(),
      [
        '-p',
        'hi',
        '--output-format',
        'json',
        '--tools',
        'Read,Grep,Glob',
        '--disallowedTools',
        denied.join(','),
      ],
      { env: realCliEnv(api), timeout: 120_000 },
      (_error, _stdout, stderr) => resolve(String(stderr)),
    );
  });
}

describe("the CLI's declared tools", { timeout: 180_000 }, () => {
  it('has every tool input the installed CLI declares in the table', () => {
    const dir = dirname(require.resolve('@anthropic-ai/claude-code/package.json'));
    const text = readFileSync(join(dir, 'sdk-tools.d.ts'), 'utf8');
    const union = /export type ToolInputSchemas =([\s\S]*?)(?:;|\n\s*export )/.exec(text)![1]!;
    // The union also names ToolOutputSchemas (the tools' outputs): the inputs are the *Input types.
    const declared = [...union.matchAll(/\|\s*(\w+)/g)].map((m) => m[1]!).filter((d) => d.endsWith('Input'));
    expect(declared.length).toBeGreaterThan(20);
    const known = new Set<string>([
      ...CLAUDE_CODE_TOOLS.flatMap((t) => (t.declaration ? [t.declaration] : [])),
      ...NOT_BUILTIN_DECLARATIONS,
    ]);
    expect(declared.filter((d) => !known.has(d))).toEqual([]);
  });

  it('denies only names the CLI knows: no warning for them, one naming a name it dropped', async () => {
    const stderr = await stderrOfRun(DENIED_TOOLS);
    expect(
      DENIED_TOOLS.filter((name) => new RegExp(`\\b${name}\\b`).test(stderr)),
      stderr,
    ).toEqual([]);
    // The control: a name the CLI no longer has is warned about, by name.
    expect(await stderrOfRun(['MultiEdit'])).toMatch(/\bMultiEdit\b/);
  });
});
