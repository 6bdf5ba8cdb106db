// Chromium on a running editor: a page at the editor's address (which carries the token), waiting long
// on a busy machine and collecting the page's errors, and moving between the page's hash routes.
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchChromium } from './browser.js';
import type { EditorUnderTest } from './editor-server.js';

/** A browser with one page on the editor, and the errors the page logs. */
export interface EditorPage {
  browser: Browser;
  page: Page;
  errors: string[];
}

/** Opens the editor in a new Chromium and waits for the first page's heading. */
export async function openEditorPage(editor: EditorUnderTest): Promise<EditorPage> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A shared, busy machine can be slow; waiting longer costs nothing when all is well.
  page.setDefaultTimeout(60_000);
  const errors = collectPageErrors(page);
  await page.goto(editor.url);
  await page.locator('main h1').waitFor();
  return { browser, page, errors };
}

/** Shows a hash route (`#/entity/REQ-001`) as a link inside the page would. */
export async function showRoute(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, hash);
}
