// The whole-model trace graph in Chromium against `rr serve` on a copy of the example: fitted to its
// window every box is in view; zoom changes the scale, pan moves the drawing, by buttons and by keys.
// Screenshots for docs/editor.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot, seriousAxeViolations } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
}

/** The graph window's box, every node's box (as the user sees them, in page pixels), and the zoom shown. */
async function measure(page: Page): Promise<{ frame: Box; nodes: Box[]; zoom: number; inWindow: boolean }> {
  // Page code as text: the tests are type-checked without the DOM library.
  return (await page.evaluate(`(() => {
    const box = (el) => { const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width }; };
    const frame = document.querySelector('.graph-viewport');
    const zoom = Number(/(\\d+)%/.exec(document.querySelector('.graph-scale').textContent)[1]);
    const f = box(frame);
    return { frame: f, nodes: [...frame.querySelectorAll('g.node rect')].map(box), zoom,
      inWindow: f.top >= 0 && f.bottom <= window.innerHeight && f.left >= 0 && f.right <= window.innerWidth };
  })()`)) as { frame: Box; nodes: Box[]; zoom: number; inWindow: boolean };
}

const inside = (b: Box, f: Box) =>
  b.left >= f.left - 1 && b.right <= f.right + 1 && b.top >= f.top - 1 && b.bottom <= f.bottom + 1;

describe.runIf(available(needsProgram('chromium')))(
  'the whole-model trace graph in Chromium',
  { timeout: 120_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      editor = await startEditor();
      ({ browser, page, errors } = await openEditorPage(editor));
      await showRoute(page, '#/graph');
      await page.locator('main h1', { hasText: 'Trace graph' }).waitFor();
      await page.locator('main svg.trace-graph g.node').first().waitFor();
    });

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    });

    it('fits: every box of the model is inside the graph window, and the window inside the browser', async () => {
      await page.getByRole('button', { name: 'Fit' }).click();
      await page.locator('.graph-viewport').scrollIntoViewIfNeeded();
      const { frame, nodes, inWindow } = await measure(page);
      expect(nodes.length).toBe(53);
      expect(nodes.filter((n) => !inside(n, frame))).toEqual([]);
      expect(inWindow).toBe(true);
      await saveScreenshot(page, SHOTS, 'trace-graph-overview-fit', { fullPage: false });
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    it('zooms in and out with the buttons: the scale and the boxes grow and shrink', async () => {
      await page.getByRole('button', { name: 'Fit' }).click();
      const fitted = await measure(page);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      const zoomed = await measure(page);
      expect(zoomed.zoom).toBeGreaterThan(fitted.zoom);
      expect(zoomed.nodes[0]!.width).toBeGreaterThan(fitted.nodes[0]!.width * 1.4);
      // Zoomed in, some boxes are out of the window: the drawing is bigger than it.
      expect(zoomed.nodes.some((n) => !inside(n, zoomed.frame))).toBe(true);
      await saveScreenshot(page, SHOTS, 'trace-graph-overview-zoomed', { fullPage: false });
      await page.getByRole('button', { name: 'Zoom out' }).click();
      const out = await measure(page);
      expect(out.zoom).toBeLessThan(zoomed.zoom);
      expect(out.nodes[0]!.width).toBeLessThan(zoomed.nodes[0]!.width);
    });

    it('pans with the buttons and the keyboard, and 0 fits again', async () => {
      await page.getByRole('button', { name: 'Fit' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      const before = await measure(page);
      await page.getByRole('button', { name: 'Pan right' }).click();
      const right = await measure(page);
      // Looking further right, the drawing moves left.
      expect(right.nodes[0]!.left).toBeLessThan(before.nodes[0]!.left - 20);
      expect(right.zoom).toBe(before.zoom);

      const viewport = page.getByRole('group', { name: /^Trace graph: \+ and − zoom/ });
      await viewport.focus();
      await page.keyboard.press('ArrowDown');
      const down = await measure(page);
      expect(down.nodes[0]!.top).toBeLessThan(right.nodes[0]!.top - 20);
      await page.keyboard.press('+');
      expect((await measure(page)).zoom).toBeGreaterThan(down.zoom);
      await page.keyboard.press('-');
      await page.keyboard.press('0');
      const fitted = await measure(page);
      expect(fitted.nodes.filter((n) => !inside(n, fitted.frame))).toEqual([]);
      expect(errors).toEqual([]);
    });
  },
);
