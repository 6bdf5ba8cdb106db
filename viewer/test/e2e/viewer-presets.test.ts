// SPDX-License-Identifier: AGPL-3.0-or-later
// Runtime-control presets in a real browser: saved from one viewer's header into
// <experiment>/viewer-preferences.json, they become the Pace choices there and, once the file changed,
// in the page of another viewer of the same experiment.
import { viewerRoot } from '../viewer-root.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startViewer } from '../server/viewer-fixture.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { pageErrors } from '../../../test/e2e/page-errors.js';

const WAIT = { timeout: 60_000 };

describe.runIf(available(needsProgram('chromium')))('control presets in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(port: number): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    onTestFinished(() => page.close());
    const errors = pageErrors(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    return { page, errors };
  }

  const paceChoices = (page: Page) =>
    page
      .locator('rr-run-controls select option')
      .evaluateAll((options) => options.map((o) => o.textContent?.replace(/\s+/g, ' ').trim()));

  it('saves presets from one viewer and shows them in another viewer of the experiment', async () => {
    const uiDir = join(viewerRoot, 'dist/ui');
    const a = await startViewer({ simulate: true, uiDir });
    const b = await startViewer({ uiDir, experimentDir: a.experimentDir });
    const first = await open(a.port);
    const second = await open(b.port);
    await first.page.locator('rr-run-controls select').waitFor(WAIT);
    expect(await paceChoices(first.page)).toContain('50/s');

    await first.page.locator('rr-run-controls .presets summary').click();
    await first.page.getByLabel('Paces (events/s, comma-separated)').fill('0, 4, 40');
    await first.page.locator('rr-run-controls input[name="pruneAbovePercent"]').fill('12');
    await first.page.getByRole('button', { name: 'Save presets' }).click();
    await expect
      .poll(() => paceChoices(first.page))
      .toEqual(['as started (unpaced)', 'as fast as it can', '4/s', '40/s']);
    const file = JSON.parse(readFileSync(join(a.experimentDir, 'viewer-preferences.json'), 'utf8'));
    expect(file).toMatchObject({ revision: 1, presets: { paces: [0, 4, 40], pruneAbovePercent: 12 } });

    // The other viewer reads the changed file: its page, opened before the change, shows the new
    // choices once it asks again (every two seconds while the experiment runs; here on a reload).
    await second.page.locator('rr-run-controls select').waitFor(WAIT);
    expect(await paceChoices(second.page)).toContain('50/s');
    await second.page.reload();
    await expect
      .poll(() => paceChoices(second.page), WAIT)
      .toEqual(['as started (unpaced)', 'as fast as it can', '4/s', '40/s']);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  }, 120_000);
});
