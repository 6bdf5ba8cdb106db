// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer in a real browser: `rr view` serves the built page over a live directory that the real
// simulator (`rr pnr-sim`) fills while the page watches. Screenshots go to test/e2e/artifacts/.
import { viewerRoot } from '../viewer-root.js';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { startSimulator } from './simulator-process.js';
import { startViewer, type ViewerProcess } from './viewer-process.js';

const ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');
/** Generous bound for waiting on a condition (the 2-core machines are shared). */
const WAIT = { timeout: 60_000 };

describe.runIf(available(needsProgram('chromium')))('viewer page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * A fresh page; every red line of the browser's console fails the test (the page asks /api/features
   * first and never calls a route of an unavailable feature, so none answers 501). `loads()` counts full
   * page loads (hash changes are not); `requested` lists the API paths the page asked for.
   */
  async function openPage(
    url: string,
  ): Promise<{ page: Page; errors: string[]; loads: () => number; requested: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    onTestFinished(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    const requested: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) requested.push(path);
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(url);
    return { page, errors, loads: () => loads, requested };
  }

  /** `rr view` on a live directory, serving the page npm run build bundled. */
  async function viewer(args: string[]): Promise<ViewerProcess> {
    const v = await startViewer(args);
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
    const v = await viewer(['--root', root, '--dist', join(viewerRoot, 'dist/ui')]);
    const { page, errors, loads } = await openPage(v.url);
    await page.getByText('No lanes yet').waitFor(WAIT);

    // Lanes appear while the simulator runs, without reloading the page.
    const sim = startSimulator(root, { rate: '15', seed: '3', steps: '200' });
    onTestFinished(() => sim.stop());
    await lane(page, 'cand-0').waitFor(WAIT);
    expect(sim.running(), 'the first lane showed before the simulator finished').toBe(true);
    await lane(page, 'cand-0.trial-0').waitFor(WAIT);
    await shot(page, 'lanes-appear-live');

    // The experiment can be paused and resumed from the page (it applies control.json).
    const controls = page.locator('rr-run-controls');
    await controls.getByRole('button', { name: 'Pause the experiment' }).click();
    await controls
      .getByRole('status')
      .filter({ hasText: /^paused$/ })
      .waitFor(WAIT);
    await shot(page, 'experiment-paused');
    await controls.getByRole('button', { name: 'Resume the experiment' }).click();
    await controls
      .getByRole('status')
      .filter({ hasText: /^running$/ })
      .waitFor(WAIT);
    expect(await sim.finished).toBe(0);
    await lane(page, 'cand-1.trial-1.round-1').waitFor(WAIT);
    await page.locator('[data-experiment-status]', { hasText: 'completed' }).waitFor(WAIT);
    expect(loads(), 'the page was never reloaded').toBe(1);

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
    await page.locator('rr-viewer-records-panel li', { hasText: 'annealed, before routing' }).waitFor(WAIT);
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
    await page.locator('rr-design-notes-panel .chip', { hasText: 'U1' }).waitFor(WAIT);
    await page.getByLabel('Title').fill('Keep U1 clear of the regulator');
    await page.getByLabel('Text').fill('The annealed placement crowds U1; keep 2 mm free around it.');
    await page.getByRole('button', { name: 'Write note' }).click();
    const note = page.locator('rr-design-notes-panel li[data-note]', { hasText: 'Keep U1 clear' });
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
  it('works from the keyboard, takes an annotated snapshot, and says which features are unavailable', async () => {
    const experiment = tempDir('rr-e2e-');
    const root = join(experiment, 'live');
    const sim = startSimulator(root, { rate: '0', seed: '5', steps: '100' });
    onTestFinished(() => sim.stop());
    expect(await sim.finished).toBe(0);
    // An --engine-runtime without an engine: cost replay says why it cannot start.
    const v = await viewer([
      '--root',
      root,
      '--dist',
      join(viewerRoot, 'dist/ui'),
      '--engine-runtime',
      tempDir(),
    ]);
    expect(v.output()).toContain('warning: cost replay cannot start: --engine-runtime');
    const { page, errors, requested } = await openPage(v.url);

    // Lane tree: arrows move, Enter selects.
    const first = lane(page, 'cand-0');
    await first.waitFor(WAIT);
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await lane(page, 'cand-0.trial-0').and(page.locator('[aria-selected="true"]')).waitFor(WAIT);
    await boardShows(page, 'best routing');
    await page.keyboard.press('ArrowLeft');
    await lane(page, 'cand-0.trial-0').and(page.locator('[aria-expanded="false"]')).waitFor(WAIT);
    await page.keyboard.press('ArrowLeft');
    await page.locator('rr-lane-tree li[data-lane="cand-0"]:focus').waitFor(WAIT);
    await shot(page, 'keyboard-lane-tree');
    await page.keyboard.press('ArrowLeft');
    await lane(page, 'cand-0').and(page.locator('[aria-expanded="false"]')).waitFor(WAIT);
    await page.keyboard.press('ArrowRight');
    await lane(page, 'cand-0').and(page.locator('[aria-expanded="true"]')).waitFor(WAIT);

    // Board: + zooms in, 0 fits again.
    const svg = page.locator('rr-board-view svg[role="img"]');
    const fitted = await svg.getAttribute('viewBox');
    await svg.focus();
    await page.keyboard.press('+');
    expect(await svg.getAttribute('viewBox')).not.toBe(fitted);
    await page.keyboard.press('0');
    expect(await svg.getAttribute('viewBox')).toBe(fitted);

    // Timeline: PageUp goes to the previous checkpoint, k plays and pauses.
    const slider = page.getByRole('slider', { name: 'Timeline position' });
    await slider.focus();
    await page.keyboard.press('PageUp'); // the final checkpoint ("best routing"), just before lane_end
    await page.keyboard.press('PageUp');
    await boardShows(page, 'annealed placement');
    await page.keyboard.press('k');
    const timeline = page.locator('rr-timeline-scrubber');
    await timeline.getByRole('button', { name: 'Pause' }).waitFor(WAIT);
    await page.keyboard.press('k');
    await timeline.getByRole('button', { name: 'Play' }).waitFor(WAIT);
    await page.keyboard.press('End'); // back to the live end, after the trial's decision
    await boardShows(page, 'best routing');

    // Panel tabs: arrows move between tabs; an alternative opens its lane.
    await page.getByRole('tab', { name: 'Costs' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Alternatives', selected: true }).waitFor(WAIT);
    await page.getByText('Which routing round does trial 0 keep?').waitFor(WAIT);
    await shot(page, 'keyboard-alternatives');

    // A snapshot with a point marked on the board.
    await page.getByRole('tab', { name: 'Pins' }).click();
    await page.getByRole('button', { name: 'Mark points on the board' }).click();
    const stage = (await svg.boundingBox())!;
    await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await page.getByText('1 point(s) marked').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.getByLabel('Title').fill('Round 1 of trial 0');
    await page.getByLabel('Text').fill('Compare with round 0.');
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await page.locator('rr-viewer-records-panel li', { hasText: 'Round 1 of trial 0' }).waitFor(WAIT);
    const snaps = readdirSync(join(root, 'snapshots')).filter((f) => f.endsWith('.json'));
    expect(snaps).toHaveLength(1);
    const snap = JSON.parse(readFileSync(join(root, 'snapshots', snaps[0]!), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(snap).toMatchObject({
      lane: 'cand-0.trial-0',
      title: 'Round 1 of trial 0',
      text: 'Compare with round 0.',
    });
    expect(snap.annotations).toHaveLength(1);
    expect(snap.view).toMatchObject({ layers: expect.arrayContaining(['F.Cu', 'B.Cu']) as unknown });

    // Features this viewer does not provide say so, with the server's reason (the schematic builder
    // runs from the engine runtime, which holds no engine here; viewer-schematic.test.ts draws it).
    for (const [tab, feature] of [
      ['Schematic', 'schematic'],
      ['Source', 'source'],
      ['Cost replay', 'component-cost'],
      ['Ask', 'agent'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page
        .locator(`rr-feature-panel [data-unavailable="${feature}"]`, { hasText: 'Not available' })
        .waitFor(WAIT);
    }
    // The 3D view is there when rr view found kicad-cli, else its tab says why (viewer-3d.test.ts uses it).
    await page.getByRole('tab', { name: '3D', exact: true }).click();
    await page
      .locator('rr-board-3d-panel h2, rr-feature-panel [data-unavailable="3d"]')
      .first()
      .waitFor(WAIT);
    await shot(page, 'unavailable-feature');
    // The reasons came from /api/features: the routes that would answer 501 were never called.
    expect(requested).toContain('/api/features');
    expect(
      requested.filter((p) => ['/api/schematic', '/api/source/index', '/api/component-cost'].includes(p)),
    ).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
  it('opens the demo: rr view --demo serves the built page and its experiment appears as it runs', async () => {
    const v = await viewer(['--demo']);
    const { page, errors } = await openPage(v.url);
    await lane(page, 'cand-0').waitFor(WAIT);
    await page.locator('[data-experiment-status]', { hasText: 'running' }).waitFor(WAIT);
    await lane(page, 'cand-0.trial-0').waitFor(WAIT);
    await shot(page, 'demo');
    // A normal visit goes through every tab, the unavailable features too, without a red console line.
    for (const tab of [
      'Costs',
      'Alternatives',
      'Nets',
      'Pins',
      'Notes',
      'Problems',
      'Schematic',
      'Source',
      '3D',
      'Cost replay',
      'Ask',
    ])
      await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.locator('rr-feature-panel [data-unavailable="agent"]').waitFor(WAIT);
    await shot(page, 'demo-quiet-console');
    expect(errors).toEqual([]);
  }, 120_000);
});
