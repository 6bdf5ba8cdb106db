// SPDX-License-Identifier: AGPL-3.0-or-later
// What the viewer's browser tests share (whether Chromium is there is test/requirements.ts's): one
// browser per file, pages whose console errors and page errors are collected, and the screenshot folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';

/** Where the viewer's browser tests save screenshots (not committed). */
export const VIEWER_ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');

/** Generous bound for waiting on a condition (the 2-core machines are shared). */
export const WAIT = { timeout: 60_000 };

/** Launches Chromium before the file's tests and closes it after; call inside `describe`. */
export function useViewerBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(VIEWER_ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A new page at `url`, closed after the test; `errors` collects console and page errors. */
export async function openViewerPage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  onTestFinished(() => page.close());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  return { page, errors };
}

/** Saves a screenshot of the page as `<name>.png` in the artifacts folder. */
export function viewerScreenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: join(VIEWER_ARTIFACTS, `${name}.png`) });
}
