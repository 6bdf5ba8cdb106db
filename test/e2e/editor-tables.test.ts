// The editor's tables in Chromium against the real `rr serve` on a copy of the example: in a 390 px
// window no table cell is narrower than the longest word of its text (ids and case paths never break
// inside), wide tables scroll inside their own box, and the case ledger groups its cases by target and
// names each id once per row. Screenshots go to test-artifacts/editor/ (docs/editor.md links them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';

/** A cell whose text has a word wider than the cell. */
interface SqueezedCell {
  word: string;
  wordWidth: number;
  cellWidth: number;
}

/**
 * The cells of the page's tables narrower than the longest word of their text: each word is measured
 * in its own element's font; words are what white space separates. Page code as text: the tests are
 * type-checked without the DOM library.
 */
const SQUEEZED_CELLS = `(() => {
  const context = document.createElement('canvas').getContext('2d');
  const squeezed = [];
  for (const cell of document.querySelectorAll('main td, main th')) {
    if (!cell.getClientRects().length) continue;
    const style = getComputedStyle(cell);
    const width = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('.visually-hidden')) continue;
      const font = getComputedStyle(element);
      context.font = font.fontStyle + ' ' + font.fontWeight + ' ' + font.fontSize + ' ' + font.fontFamily;
      for (const word of node.textContent.split(/\\s+/)) {
        const wordWidth = context.measureText(word).width;
        if (word && wordWidth > width + 1)
          squeezed.push({ word, wordWidth: Math.round(wordWidth), cellWidth: Math.round(width) });
      }
    }
  }
  return squeezed;
})()`;

describe.runIf(available(needsProgram('chromium')))('editor tables in Chromium', { timeout: 120_000 }, () => {
  let editor: EditorUnderTest;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    editor = await startEditor();
    ({ browser, page, errors } = await openEditorPage(editor));
  });

  afterAll(async () => {
    await browser?.close();
    await editor?.stop();
  });

  async function open(hash: string, heading: string | RegExp, loaded: string): Promise<void> {
    await showRoute(page, hash);
    await page.locator('main h1').filter({ hasText: heading }).waitFor();
    await page.locator('main').locator(loaded).first().waitFor();
  }

  it('in a 390 px window no cell is narrower than its longest word; wide tables scroll in their box', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const pages: { name: string; hash: string; heading: string | RegExp; loaded: string }[] = [
        { name: 'overview', hash: '#/', heading: 'VIP-200 Volumetric Infusion Pump', loaded: 'table td' },
        {
          name: 'entity-list',
          hash: '#/entities/requirement',
          heading: 'Requirements',
          loaded: 'table td',
        },
        { name: 'set-members', hash: '#/entity/REQ-003', heading: /^REQ-003 /, loaded: 'text=Members' },
        { name: 'case-ledger', hash: '#/cases', heading: 'Case ledger', loaded: 'table.case-ledger td' },
        { name: 'work-queue', hash: '#/queue', heading: 'Work queue', loaded: 'table td' },
      ];
      for (const p of pages) {
        await open(p.hash, p.heading, p.loaded);
        expect((await page.evaluate(SQUEEZED_CELLS)) as SqueezedCell[], p.name).toEqual([]);
        const overflow = (await page.evaluate(
          'document.documentElement.scrollWidth - window.innerWidth',
        )) as number;
        expect(overflow, `${p.name}: the page itself never scrolls sideways`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, SHOTS, `narrow-table-${p.name}`, { fullPage: false });
      }
      // The members table is wider than the window: its own box scrolls.
      await open('#/entity/REQ-003', /^REQ-003 /, 'text=Members');
      const box = (await page.evaluate(`(() => {
        const wrap = [...document.querySelectorAll('main .table-wrap')].find((w) =>
          w.querySelector('caption')?.textContent.includes('Verification set members'));
        wrap.scrollIntoView();
        return { scroll: wrap.scrollWidth, client: wrap.clientWidth };
      })()`)) as { scroll: number; client: number };
      expect(box.scroll).toBeGreaterThan(box.client);
      await saveScreenshot(page, SHOTS, 'narrow-set-members', { fullPage: false });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('the case ledger groups its cases by target and names each id once per row', async () => {
    await open('#/cases', 'Case ledger', 'table.case-ledger td');
    const ledger = page.locator('table.case-ledger');
    // One group (a row header naming the target) per target, each target once.
    const groups = await ledger.locator('tbody th[scope="rowgroup"]').allTextContents();
    const targets = groups.map((g) => g.trim().split(/\s+/)[0]!);
    expect(targets.length).toBeGreaterThan(1);
    expect(new Set(targets).size).toBe(targets.length);
    // Every case row sits under its target's group and does not repeat the target.
    const rows = ledger.locator('tbody tr[data-case]');
    const count = await rows.count();
    const rowTargets = new Set<string>();
    expect(count).toBeGreaterThan(targets.length);
    for (let i = 0; i < count; i++) {
      const texts = (await rows.nth(i).locator('td').allInnerTexts()).join(' ');
      const target = (await rows.nth(i).getAttribute('data-case'))!.split(' ')[0]!;
      rowTargets.add(target);
      expect(texts).not.toContain(target);
      // Each entity id shows once in the row (owner, selecting entities and lock say it once).
      const ids = texts.match(/\b[A-Z]+-\d{3}\b/g) ?? [];
      expect(ids.length, texts).toBe(new Set(ids).size);
    }
    expect(rowTargets).toEqual(new Set(targets));
    await saveScreenshot(page, SHOTS, 'case-ledger-by-target');
    // The flat list is still offered: one target column, no groups.
    await page.getByLabel('Group by target').uncheck();
    await ledger.locator('thead th', { hasText: 'Target' }).waitFor();
    await expect(ledger.locator('tbody th[scope="rowgroup"]').count()).resolves.toBe(0);
    await page.getByLabel('Group by target').check();
    await ledger.locator('tbody th[scope="rowgroup"]').first().waitFor();
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
