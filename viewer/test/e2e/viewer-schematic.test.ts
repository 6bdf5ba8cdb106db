// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic view in a real browser: `rr view` serves the assembled page; the schematic of a
// `rr pnr-sim` experiment and of a KiCad demo (pic_programmer, its netlist exported by kicad-cli, its
// symbol library as --parts) is laid out by elkjs in its web worker and drawn with every component;
// selecting a component or net on the schematic highlights it on the board, and back; the schematic pans
// and zooms; a refused note target shows its reason under the note form. Screenshots go to
// test/e2e/artifacts/.
import { viewerRoot } from '../viewer-root.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_ADDRESSES } from '../../src/pnr-sim/example-board.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsData, needsProgram } from '../../../test/requirements.js';
import { startViewer } from './viewer-process.js';

const ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');
const DEMO = '/usr/share/kicad/demos/pic_programmer';

/** The example board's references (every footprint of it). */
const EXAMPLE_REFS = Object.keys(EXAMPLE_ADDRESSES).sort();

const WAIT = { timeout: 120_000 };

/** `rr pnr-sim` into `<dir>/live`, optionally on a given board. */
function simulate(dir: string, board?: string): string {
  const root = join(dir, 'live');
  const args = [
    'pnr-sim',
    '--out',
    root,
    '--rate',
    '0',
    '--steps',
    '40',
    '--candidates',
    '1',
    '--trials',
    '1',
    '--rounds',
    '1',
  ];
  execFileSync(
    process.execPath,
    [join(repoRoot, 'bin/rr.js'), ...args, ...(board ? ['--board', board] : [])],
    {
      stdio: 'ignore',
      timeout: 120_000,
    },
  );
  return root;
}

describe.runIf(available(needsProgram('chromium')))('viewer schematic view in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openViewer(args: string[]): Promise<{ page: Page; errors: string[] }> {
    const v = await startViewer([...args, '--dist', join(viewerRoot, 'dist/ui')]);
    onTestFinished(() => v.stop());
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    onTestFinished(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    await page.goto(`${v.url}#lane=cand-0`);
    await page.locator('rr-board-view:not([data-loading])').waitFor(WAIT);
    await page.locator('rr-board-view .caption', { hasText: 'checkpoint' }).waitFor(WAIT);
    return { page, errors };
  }

  const schematic = (page: Page) => page.locator('rr-schematic-panel');
  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

  /** Opens the Schematic tab and waits until `count` components are drawn. */
  async function openSchematic(page: Page, count: number): Promise<void> {
    await page.getByRole('tab', { name: 'Schematic', exact: true }).click();
    await schematic(page).locator('[data-stats]', { hasText: 'laid out in' }).waitFor(WAIT);
    await expect.poll(() => schematic(page).locator('g[data-ref]').count(), WAIT).toBe(count);
  }

  it('draws the schematic of a rr pnr-sim experiment and cross-probes components, nets and keep-outs', async () => {
    const dir = tempDir('rr-e2e-schematic-');
    const root = simulate(dir);
    const constraints = join(dir, 'constraints.json');
    writeFileSync(
      constraints,
      JSON.stringify({
        schema: 'pnr-constraints-v1',
        net_classes: [{ name: 'I2C', nets: ['SDA', 'SCL'], clearance: 0.2 }],
        keepouts: [
          {
            name: 'antenna',
            polygon: [
              [140, 82],
              [148, 82],
              [148, 90],
              [140, 90],
            ],
          },
        ],
      }),
    );
    const { page, errors } = await openViewer(['--root', root, '--constraints', constraints]);
    await openSchematic(page, 16);
    const refs = await schematic(page)
      .locator('g[data-ref]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-ref')));
    expect(refs.sort()).toEqual(EXAMPLE_REFS);
    // The hierarchy as nested boxes, by instance address.
    for (const block of ['supply', 'mcu', 'leds', 'port'])
      await schematic(page).locator(`g[data-block="${block}"]`).waitFor(WAIT);
    // The board draws the constraints file's keep-out; the schematic marks the constrained nets.
    await page.locator('rr-board-view g[data-keepout="antenna"]').waitFor(WAIT);
    expect(await schematic(page).locator('.wire.constrained[data-net="SDA"]').count()).toBeGreaterThan(0);

    // Schematic → board: a component, then a net.
    await schematic(page).locator('g[data-ref="U1"] rect.body').first().click();
    await page.locator('rr-board-view [data-highlight="U1"]').waitFor(WAIT);
    await schematic(page).locator('g[data-ref="U1"][data-highlighted]').waitFor(WAIT);
    // A click on the wire itself: the middle of its first segment, on the screen.
    const wire = schematic(page).locator('polyline.wire-hit[data-net="SDA"]').first();
    await wire.scrollIntoViewIfNeeded();
    const at = await wire.evaluate((el) => {
      // The browser's SVGPolylineElement, typed here without the DOM library.
      const line = el as unknown as {
        points: { getItem(i: number): { x: number; y: number } };
        getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number } | null;
      };
      const [a, b] = [line.points.getItem(0), line.points.getItem(1)];
      const m = line.getScreenCTM()!;
      const x = (a.x + b.x) / 2;
      const y = (a.y + b.y) / 2;
      return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
    });
    await page.mouse.click(at.x, at.y);
    await page.locator('rr-board-view g[data-highlight-net="SDA"] circle').first().waitFor(WAIT);
    expect(
      await page.locator('rr-board-view g[data-highlight-net="SDA"] circle').count(),
    ).toBeGreaterThanOrEqual(2);
    await schematic(page)
      .locator('[data-selection]', { hasText: 'net class I2C: clearance 0.2 mm' })
      .waitFor(WAIT);

    // Board → schematic: clicking a footprint on the board selects it on the schematic.
    const u2 = page.locator('rr-board-view g[data-layer="Labels"] text', { hasText: /^U2$/ });
    const box = (await u2.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await schematic(page).locator('g[data-ref="U2"][data-highlighted]').waitFor(WAIT);
    await schematic(page).locator('[data-selection]', { hasText: 'supply.ldo' }).waitFor(WAIT);

    // Search finds a component and selects it on both.
    await schematic(page).getByLabel('Find a component or net').fill('R5');
    await schematic(page).getByLabel('Find a component or net').press('Enter');
    await schematic(page).locator('g[data-ref="R5"][data-highlighted]').waitFor(WAIT);
    await page.locator('rr-board-view [data-highlight="R5"]').waitFor(WAIT);
    await shot(page, 'schematic-pnr-sim');
    expect(errors).toEqual([]);
  }, 300_000);

  it('pans and zooms the schematic, selects a net picked on the board, and shows why a note target is refused', async () => {
    const dir = tempDir('rr-e2e-schematic-view-');
    const root = simulate(dir);
    const { page, errors } = await openViewer(['--root', root]);
    await openSchematic(page, 16);
    const drawing = schematic(page).locator('svg[aria-label^="Schematic."]');
    const viewBox = async () => {
      const [x, y, w, h] = (await drawing.getAttribute('viewBox'))!.split(' ').map(Number);
      return { x: x!, y: y!, w: w!, h: h! };
    };
    const fitted = await viewBox();
    const box = (await drawing.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // The wheel zooms in about the pointer: the view gets smaller.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await viewBox()).w, WAIT).toBeLessThan(fitted.w);
    const zoomed = await viewBox();
    expect(zoomed.h).toBeLessThan(fitted.h);
    // A drag pans: dragging right and down moves the view left and up by the dragged share of it.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 120, centre.y + 60, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await viewBox()).x, WAIT).toBeLessThan(zoomed.x);
    const dragged = await viewBox();
    expect(dragged.y).toBeLessThan(zoomed.y);
    expect(dragged.w).toBe(zoomed.w);
    // The keys pan and zoom too, and 0 fits the whole schematic again.
    await drawing.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await viewBox()).x, WAIT).toBeGreaterThan(dragged.x);
    await page.keyboard.press('-');
    await expect.poll(async () => (await viewBox()).w, WAIT).toBeGreaterThan(dragged.w);
    await page.keyboard.press('0');
    await expect.poll(viewBox, WAIT).toEqual(fitted);

    // Board → schematic for a net: a click on a pad of NRST selects the net on the schematic.
    const board = page.locator('rr-board-view');
    const pad = await board.evaluate((el) => {
      // The board element's drawn parts and its SVG, typed here without the DOM library.
      interface Svg {
        getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number } | null;
      }
      const view = el as unknown as {
        paths: {
          parts: { ref: string; pads: { number: string; at: [number, number]; net: string | null }[] }[];
        };
        renderRoot: { querySelector(s: string): Svg | null };
      };
      const part = view.paths.parts.find((p) => p.pads.some((q) => q.net === 'NRST'))!;
      const [x, y] = part.pads.find((q) => q.net === 'NRST')!.at;
      const m = view.renderRoot.querySelector('svg')!.getScreenCTM()!;
      return { ref: part.ref, x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
    });
    await page.mouse.click(pad.x, pad.y);
    await schematic(page).locator('polyline.wire[data-net="NRST"][data-highlighted]').first().waitFor(WAIT);
    await schematic(page).locator('[data-selection]', { hasText: 'net NRST' }).waitFor(WAIT);
    await board.locator('g[data-highlight-net="NRST"]').waitFor(WAIT);
    // The schematic brings the picked net into view.
    expect(await viewBox()).not.toEqual(fitted);

    // A note target the design does not have is refused, and the page says why under the note form.
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    const notes = page.locator('rr-design-notes-panel');
    await notes.getByRole('button', { name: 'Pick targets on the board' }).click();
    const corner = (await board.locator('svg').first().boundingBox())!;
    await page.mouse.click(corner.x + 4, corner.y + 4);
    await notes.locator('.chip', { hasText: ') mm' }).waitFor(WAIT);
    await notes.getByLabel('Title').fill('Off the board');
    await notes.getByRole('button', { name: 'Write note' }).click();
    const status = notes.locator('p.status[role="status"]');
    await status.filter({ hasText: 'Could not write the note: targets[0]: the point' }).waitFor(WAIT);
    expect(await status.textContent()).toMatch(
      /lies outside the board \(100\.\.150 x 80\.\.120 mm in the board boards\//,
    );
    expect(await notes.locator('li[data-note]', { hasText: 'Off the board' }).count()).toBe(0);
    await shot(page, 'schematic-pan-zoom-note-refused');
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  }, 300_000);

  it.runIf(
    available(
      needsProgram('kicad-cli'),
      needsData(DEMO, "KiCad's demo project pic_programmer", 'run `bash .ci/install-kicad`'),
    ),
  )(
    'draws the KiCad demo pic_programmer from its exported netlist with its library symbols',
    async () => {
      const dir = tempDir('rr-e2e-schematic-demo-');
      const netlist = join(dir, 'pic_programmer.xml');
      execFileSync(
        'kicad-cli',
        [
          'sch',
          'export',
          'netlist',
          '--format',
          'kicadxml',
          '-o',
          netlist,
          join(DEMO, 'pic_programmer.kicad_sch'),
        ],
        {
          stdio: 'ignore',
          timeout: 120_000,
        },
      );
      const root = simulate(dir, join(DEMO, 'pic_programmer.kicad_pcb'));
      const { page, errors } = await openViewer(['--root', root, '--graph', netlist, '--parts', DEMO]);
      await openSchematic(page, 63);
      // Components whose symbol the project's library has are drawn with their real pins; the rest generic.
      expect(await schematic(page).locator('g[data-ref][data-symbol="library"]').count()).toBe(57);
      await schematic(page)
        .locator('g[data-block="pic_sockets"] text', { hasText: 'pic_sockets' })
        .waitFor(WAIT);
      // The 74LS125's four units are drawn side by side, every pad of it once.
      const pads = await schematic(page)
        .locator('g[data-ref="U2"] text[fill="#7c2d12"]')
        .evaluateAll((els) => els.map((e) => e.textContent).sort((a, b) => Number(a) - Number(b)));
      expect(pads).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14']);

      await schematic(page).locator('g[data-ref="U5"] rect.body').first().click();
      await page.locator('rr-board-view [data-highlight="U5"]').waitFor(WAIT);
      // The design view and this lane's board draw the same components.
      await schematic(page).getByLabel('What the schematic shows').selectOption('board');
      await schematic(page).locator('[data-stats]', { hasText: 'board of cand-0' }).waitFor(WAIT);
      await expect.poll(() => schematic(page).locator('g[data-ref]').count(), WAIT).toBe(63);
      await shot(page, 'schematic-kicad-demo');
      expect(errors).toEqual([]);
    },
    300_000,
  );
});
