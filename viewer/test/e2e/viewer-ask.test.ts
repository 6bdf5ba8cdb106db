// SPDX-License-Identifier: AGPL-3.0-or-later
// The assistant in a real browser, with the fake assistant CLI (test/agent/fake-cli, found as
// `claude` on PATH). Ask: a question streams its answer into the page, the note the assistant made through
// the notes tools appears in the turn and in the Notes tab, marked as the agent's, and the conversation is
// listed and stored with the experiment. AI net labels: shown in the Source tab and under Nets, marked.
import { viewerRoot } from '../viewer-root.js';
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { FAKE_CLI_DIR } from '../agent/agent-fixture.js';
import { EXAMPLE_DESIGN, exampleBoardGraph } from '../design-sources/example-design.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { startViewer } from './viewer-process.js';

const ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');
const WAIT = { timeout: 60_000 };

describe.runIf(available(needsProgram('chromium')))('Ask tab in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page whose every red console line and page error is collected, closed when the test ends. */
  async function newPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    onTestFinished(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    return { page, errors };
  }

  it('asks a question, sees the answer stream in and the note the assistant made', async () => {
    const experiment = tempDir('rr-e2e-ask-');
    const root = join(experiment, 'live');
    await shortRun(root, { seed: 3, steps: 40, candidates: 1, trials: 1, rounds: 1 });
    const v = await startViewer(['--root', root, '--dist', join(viewerRoot, 'dist/ui'), '--agent', 'on'], {
      PATH: `${FAKE_CLI_DIR}:${process.env.PATH ?? ''}`,
      FAKE_CLI_MODE: 'answer',
      FAKE_CLI_COST: '0.42',
    });
    onTestFinished(() => v.stop());
    const { page, errors } = await newPage();
    await page.goto(v.url);

    await page.getByRole('tab', { name: 'Ask', exact: true }).click();
    const panel = page.locator('rr-ask-panel');
    await panel.locator('[data-agent-budget]', { hasText: 'Model opus' }).waitFor(WAIT);
    expect(await panel.locator('[data-agent-budget]').textContent()).toContain('$20.00 left');
    await panel.getByLabel('Your question').fill('Please add a note about the ground net');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();

    const turn = panel.locator('.turn').last();
    await turn.locator('[data-answer]', { hasText: 'I added a note' }).waitFor(WAIT);
    await turn.locator('[data-turn-end]', { hasText: 'Answered' }).waitFor(WAIT);
    expect(await turn.locator('[data-turn-end]').textContent()).toContain('Cost $0.42');
    await turn
      .locator('li[data-agent-note]', { hasText: 'Fake note: Please add a note about the ground net' })
      .waitFor(WAIT);
    expect(await turn.getByRole('list', { name: 'Tool calls' }).textContent()).toContain(
      'mcp__rr-notes__add_note',
    );
    await panel.locator('[data-agent-budget]', { hasText: '$19.58 left' }).waitFor(WAIT);
    await panel
      .locator('button[data-conversation]', { hasText: 'Please add a note about the ground net' })
      .waitFor(WAIT);
    await page.screenshot({ path: join(ARTIFACTS, 'ask-answered.png') });

    // The note is in the Notes tab, marked as the agent's, open for people to decide on.
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    const note = page.locator('rr-design-notes-panel li[data-note]', {
      hasText: 'Fake note: Please add a note',
    });
    await note.locator('[data-note-status]', { hasText: 'open' }).waitFor(WAIT);
    await note.locator('[data-note-by-agent]').waitFor(WAIT);
    await page.screenshot({ path: join(ARTIFACTS, 'ask-note.png') });

    expect(readdirSync(join(experiment, 'conversations'))).toHaveLength(1);

    // A turn whose CLI reports a tool beyond the read-only ones is stopped, and the page says why.
    await page.getByRole('tab', { name: 'Ask', exact: true }).click();
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await panel.getByLabel('Your question').fill('[mode:extra-tool] list the files');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const stopped = panel.locator('.turn').last().locator('[data-turn-end]');
    await stopped.filter({ hasText: 'Stopped: stopped for safety' }).waitFor(WAIT);
    expect(await stopped.textContent()).toContain('Bash');
    expect(await stopped.textContent()).toContain('No cost was reported: charged $2.00, its whole budget.');

    // A running turn can be cancelled from the page.
    await panel.getByLabel('Your question').fill('[mode:hang] take your time');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    await panel
      .locator('.turn')
      .last()
      .locator('[data-answer]', { hasText: 'Thinking about it' })
      .waitFor(WAIT);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel
      .locator('.turn')
      .last()
      .locator('[data-turn-end]', { hasText: 'Cancelled: cancelled by the user' })
      .waitFor(WAIT);
    await page.screenshot({ path: join(ARTIFACTS, 'ask-stopped-cancelled.png') });
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows AI net labels in Inspect (the Source tab) and under Nets, marked as AI output', async () => {
    const base = tempDir('rr-e2e-labels-');
    const root = join(base, 'exp', 'live');
    await shortRun(root, { seed: 3, steps: 40, candidates: 1, trials: 1, rounds: 1 });
    const design = join(base, 'design');
    cpSync(EXAMPLE_DESIGN, design, { recursive: true });
    const graph = join(base, 'netlist.json');
    writeFileSync(graph, JSON.stringify(exampleBoardGraph()));
    const v = await startViewer(
      [
        '--root',
        root,
        '--dist',
        join(viewerRoot, 'dist/ui'),
        '--net-summaries',
        'on',
        '--graph',
        graph,
        '--hdl-root',
        design,
        '--hdl-build',
        'default',
      ],
      { PATH: `${FAKE_CLI_DIR}:${process.env.PATH ?? ''}`, FAKE_CLI_MODE: 'answer' },
    );
    onTestFinished(() => v.stop());
    const { page, errors } = await newPage();
    // Labelling runs at start; wait for it before opening the page.
    for (let i = 0; i < 600; i++) {
      const status = (await (await fetch(`${v.url}api/net-labels`)).json()) as { state: string };
      if (status.state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.goto(v.url);
    await page.getByRole('tab', { name: 'Source', exact: true }).click();
    const label = page.locator('rr-source-panel td[data-ai-net-label]', { hasText: 'fake label of' }).first();
    await label.waitFor(WAIT);
    await page.locator('rr-source-panel th .ai', { hasText: 'AI output' }).waitFor(WAIT);
    await page.screenshot({ path: join(ARTIFACTS, 'net-labels-source.png') });

    await page.locator('rr-lane-tree li[data-lane="cand-0.trial-0"] .row').first().click();
    await page.getByRole('tab', { name: 'Nets', exact: true }).click();
    await page.locator('rr-net-labels-panel h3', { hasText: 'AI output' }).waitFor(WAIT);
    await page.locator('rr-net-labels-panel dt[data-net-label]').first().waitFor(WAIT);
    await page.screenshot({ path: join(ARTIFACTS, 'net-labels-nets.png') });
    expect(errors).toEqual([]);
  }, 180_000);
});
