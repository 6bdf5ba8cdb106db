// SPDX-License-Identifier: AGPL-3.0-or-later
// The Ask tab in a real browser with the real assistant CLI (Claude Code, the dev dependency) when the
// API cannot be used: a CLI that is not signed in fails the turn, shown as an error with its fix and no
// answer; a CLI that cannot reach the API shows its retries as progress, and Cancel ends the turn with
// nothing spent. The CLI's environment is the tests' (test/agent/real-cli.ts): an empty HOME, the
// Messages API stand-in or a loopback port nothing listens on, no traffic elsewhere.
import { viewerRoot } from '../viewer-root.js';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeMessagesApi } from '../../../test/agents/fake-messages-api.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { realCliEnv, realCliPath, unreachableUrl } from '../agent/real-cli.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { startViewer, type ViewerProcess } from './viewer-process.js';

const WAIT = { timeout: 120_000 };

describe.runIf(available(needsProgram('chromium')))('Ask tab in Chromium, with the real CLI failing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** rr view with the agent on, running the real CLI in `env` (no credential of this machine's user). */
  async function viewer(env: NodeJS.ProcessEnv): Promise<ViewerProcess> {
    const root = join(tempDir('rr-e2e-ask-fail-'), 'live');
    await shortRun(root, { seed: 3, steps: 20, candidates: 1, trials: 1, rounds: 1 });
    const v = await startViewer(
      ['--root', root, '--dist', join(viewerRoot, 'dist/ui'), '--agent', 'on', '--agent-cli', realCliPath()],
      {
        ANTHROPIC_API_KEY: undefined,
        ANTHROPIC_AUTH_TOKEN: undefined,
        CLAUDE_CODE_OAUTH_TOKEN: undefined,
        ...env,
      },
    );
    onTestFinished(() => v.stop());
    return v;
  }

  async function askPage(url: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    onTestFinished(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.goto(url);
    await page.getByRole('tab', { name: 'Ask', exact: true }).click();
    await page.locator('rr-ask-panel [data-agent-budget]').waitFor(WAIT);
    return { page, errors };
  }

  async function ask(page: Page, question: string): Promise<void> {
    const panel = page.locator('rr-ask-panel');
    await panel.getByLabel('Your question').fill(question);
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  }

  it('shows "not logged in" as a failed turn with how to sign in, not as the answer', async () => {
    const api = await startFakeMessagesApi();
    onTestFinished(() => api.close());
    const v = await viewer(realCliEnv({ url: api.url }));
    const { page, errors } = await askPage(v.url);
    await ask(page, 'Which net is ground?');
    const turn = page.locator('rr-ask-panel .turn').last();
    const end = turn.locator('[data-turn-end]');
    await end.filter({ hasText: 'Failed: the assistant CLI is not signed in' }).waitFor(WAIT);
    expect(await end.getAttribute('role')).toBe('alert');
    expect(await end.locator('[data-turn-fix]').textContent()).toContain('claude auth login');
    expect(await end.textContent()).toMatch(/Nothing was spent\.|Cost \$0\.00\./);
    // The CLI's "Not logged in" text is the reason, never the assistant's answer.
    expect((await turn.locator('[data-answer]').textContent())?.trim()).toBe('');
    expect(api.requests).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('shows the retries of an unreachable API as progress, and Cancel ends the turn with nothing spent', async () => {
    const v = await viewer(realCliEnv({ url: await unreachableUrl(), apiKey: 'sk-test-unreachable' }));
    const { page, errors } = await askPage(v.url);
    await ask(page, 'Which net is ground?');
    const turn = page.locator('rr-ask-panel .turn').last();
    await turn
      .locator('[data-turn-retry]', { hasText: /retrying 1\/10 in \d+ s: the API could not be reached/ })
      .waitFor(WAIT);
    await page.locator('rr-ask-panel').getByRole('button', { name: 'Cancel' }).click();
    const end = turn.locator('[data-turn-end]');
    await end.filter({ hasText: 'Cancelled' }).waitFor(WAIT);
    expect(await end.textContent()).toContain('Nothing was spent.');
    await expect(turn.locator('[data-turn-retry]').count()).resolves.toBe(0);
    await page.locator('rr-ask-panel [data-agent-budget]', { hasText: /Spent\s+\$0\.00/ }).waitFor(WAIT);
    expect(errors).toEqual([]);
  }, 240_000);
});
