// SPDX-License-Identifier: AGPL-3.0-or-later
// A first look at a large live directory in a real browser: the page shows lanes, and the header the
// indexing progress, while the viewer is still indexing (held at a known point by the readers' pause
// seam, so nothing here depends on timing); once the indexing ends, every lane is there and the
// progress is gone.
import { viewerRoot } from '../viewer-root.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexGate } from '../live/index-gate.js';
import { writeExperiment } from '../live/live-dir.js';
import { startViewer } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';
import { openViewerPage, useViewerBrowser, viewerScreenshot, WAIT } from './viewer-browser.js';
import { available, needsProgram } from '../../../test/requirements.js';

const CANDIDATES = 60;

describe.runIf(available(needsProgram('chromium')))('first indexing in Chromium', () => {
  const browser = useViewerBrowser();

  it('shows lanes and the indexing progress before the indexing ends, then every lane', async () => {
    const experimentDir = join(tempDir(), 'exp');
    const root = join(experimentDir, 'live');
    mkdirSync(join(root, 'events'), { recursive: true });
    const written = writeExperiment(root, CANDIDATES, 30);
    const gate = new IndexGate();
    const v = await startViewer({
      experimentDir,
      uiDir: join(viewerRoot, 'dist/ui'),
      server: { liveReader: { indexPause: gate.pause } },
    });
    expect(v.server.page.kind).toBe('assembled');

    const { page, errors } = await openViewerPage(browser(), `http://127.0.0.1:${v.port}/`);
    const progress = page.locator('rr-page-header [data-indexing]');
    await progress.waitFor(WAIT);
    await page.locator('rr-lane-tree li[data-lane="cand-0"]').waitFor(WAIT);
    expect(await progress.textContent()).toMatch(
      new RegExp(`indexing the live directory: [\\d,]+ of ${written.toLocaleString('en-US')} event files`),
    );
    const shown = await page.locator('rr-lane-tree li[data-lane^="cand-"]:not([data-lane*="."])').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(CANDIDATES);
    await viewerScreenshot(page, 'live-index-1-indexing');

    gate.openFully();
    await page.locator(`rr-lane-tree li[data-lane="cand-${CANDIDATES - 1}"]`).waitFor(WAIT);
    await progress.waitFor({ ...WAIT, state: 'detached' });
    expect(await page.locator('rr-lane-tree li[data-lane^="cand-"]:not([data-lane*="."])').count()).toBe(
      CANDIDATES,
    );
    await expect
      .poll(() => page.locator('rr-page-header [role="status"]').first().textContent(), WAIT)
      .toMatch(`live · ${CANDIDATES * 2} lanes`);
    await viewerScreenshot(page, 'live-index-2-indexed');
    expect(errors).toEqual([]);
  });
});
