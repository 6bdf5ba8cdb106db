// The viewer in a real browser: `rr view` serves the built page over a live directory that the real
// simulator (`rr pnr-sim`) fills while the page watches. Screenshots go to test/e2e/artifacts/.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { tempDir } from '../viewer/temp-dir.js';
import { browserMissing, launchBrowser } from './browser-launch.js';
import { startSimulator } from './simulator-process.js';
import { startViewer, type ViewerProcess } from './viewer-process.js';

const ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');
const missing = browserMissing();
if (missing && process.env.CI) throw new Error(`test/e2e: ${missing}; CI must run the browser tests`);
if (missing) console.warn(`test/e2e: skipped, ${missing}`);

/** Generous bound for waiting on a condition (the 2-core machines are shared). */
const WAIT = { timeout: 60_000 };

describe.skipIf(!!missing)('viewer page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh page; browser errors fail the test. */
  async function openPage(url: string): Promise<{ page: Page; errors: string[]; navigations: () => number }> {
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    onTestFinished(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.goto(url);
    return { page, errors, navigations: () => navigations };
  }

  async function viewer(root: string, args: string[] = []): Promise<ViewerProcess> {
    const v = await startViewer(root, args);
    onTestFinished(() => v.stop());
    return v;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const lane = (page: Page, id: string) => page.locator(`rr-lane-tree li[data-lane="${id}"]`);
  const caption = (page: Page) => page.locator('rr-board-view .caption');
  /** Waits until the board view shows a caption with `text` and has drawn that board (no fetch pending). */
  const boardShows = async (page: Page, text: string) => {
    await caption(page).filter({ hasText: text }).waitFor(WAIT);
    await page.locator('rr-board-view:not([data-loading])').waitFor(WAIT);
  };
  const frontCopper = (page: Page) => page.locator('rr-board-view g[data-layer="F.Cu"] path').first();

  it('follows a running experiment live, scrubs a lane, pins a state, writes and accepts a note', async () => {
    const experiment = tempDir('rr-e2e-');
    const root = join(experiment, 'live');
    mkdirSync(root);
    const v = await viewer(root);
    const { page, errors, navigations } = await openPage(v.url);
    await page.getByText('No lanes yet').waitFor(WAIT);

    // Lanes appear while the simulator runs, without reloading the page.
    const sim = startSimulator(root, { rate: '15', seed: '3', steps: '200' });
    onTestFinished(() => sim.stop());
    await lane(page, 'cand-0').waitFor(WAIT);
    expect(sim.running(), 'the first lane showed before the simulator finished').toBe(true);
    await lane(page, 'cand-0.trial-0').waitFor(WAIT);
    await shot(page, 'lanes-appear-live');
    expect(await sim.finished).toBe(0);
    await lane(page, 'cand-1.trial-1.round-1').waitFor(WAIT);
    await page.locator('[data-experiment-status]', { hasText: 'completed' }).waitFor(WAIT);
    expect(navigations(), 'the page was never reloaded').toBe(1);

    // Select a trial and scrub its timeline: the board follows the checkpoints.
    await lane(page, 'cand-0.trial-0').locator('.row').first().click();
    await boardShows(page, 'best routing');
    await frontCopper(page).waitFor(WAIT);
    await shot(page, 'lane-selected');
    const slider = page.getByRole('slider', { name: 'Timeline position' });
    await slider.focus();
    await page.keyboard.press('Home');
    await boardShows(page, 'starting placement');
    const atStart = await frontCopper(page).getAttribute('d');
    await shot(page, 'scrub-start');
    await page.keyboard.press('PageDown');
    await boardShows(page, 'annealed placement');
    const annealed = await frontCopper(page).getAttribute('d');
    expect(annealed, 'the board changed with the checkpoint').not.toBe(atStart);
    await shot(page, 'scrub-checkpoint');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.getByRole('button', { name: 'Step back' }).click();
    await boardShows(page, 'annealed placement');

    // Pin the state at this position: the page lists it and the live directory holds it.
    await page.getByRole('tab', { name: 'Pins' }).click();
    await page.getByLabel('Pin label').fill('annealed, before routing');
    await page.getByRole('button', { name: 'Pin this state' }).click();
    await page.locator('rr-records-panel li', { hasText: 'annealed, before routing' }).waitFor(WAIT);
    const pins = readdirSync(join(root, 'pins')).filter((f) => f.endsWith('.json'));
    expect(pins).toHaveLength(1);
    const pin = JSON.parse(readFileSync(join(root, 'pins', pins[0]!), 'utf8')) as Record<string, unknown>;
    expect(pin).toMatchObject({ lane: 'cand-0.trial-0', label: 'annealed, before routing' });
    expect(String(pin.checkpoint)).toMatch(/^boards\/[0-9a-f]{64}\.kicad_pcb$/);
    await shot(page, 'pinned');

    // Write a note with a target picked on the board, then accept it.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('button', { name: 'Pick targets on the board' }).click();
    const u1 = page.locator('rr-board-view g[data-layer="Labels"] text', { hasText: /^U1$/ });
    const box = (await u1.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('rr-notes-panel .chip', { hasText: 'U1' }).waitFor(WAIT);
    await page.getByLabel('Title').fill('Keep U1 clear of the regulator');
    await page.getByLabel('Text').fill('The annealed placement crowds U1; keep 2 mm free around it.');
    await page.getByRole('button', { name: 'Write note' }).click();
    const note = page.locator('rr-notes-panel li[data-note]', { hasText: 'Keep U1 clear' });
    await note.locator('[data-note-status]', { hasText: 'open' }).waitFor(WAIT);
    await page.locator('rr-board-view g[data-mark]').first().waitFor(WAIT);
    await shot(page, 'note-written');
    await note.getByRole('button', { name: /^Accept note/ }).click();
    await note.locator('[data-note-status]', { hasText: 'accepted' }).waitFor(WAIT);
    const notesDir = join(experiment, 'notes');
    const stored = readdirSync(notesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(notesDir, f), 'utf8')) as Record<string, unknown>);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'accepted',
      title: 'Keep U1 clear of the regulator',
      targets: [{ type: 'footprint', ref: 'U1' }],
      context: { lane: 'cand-0.trial-0' },
    });
    await shot(page, 'note-accepted');
    expect(errors).toEqual([]);
  }, 300_000);
});
