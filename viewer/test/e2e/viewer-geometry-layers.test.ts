// SPDX-License-Identifier: AGPL-3.0-or-later
// The board is drawn layer by layer in Chromium: with the server holding back the last layer part of a
// four-layer KiCad demo board, the page already shows the outline, the front copper and the vias, says it
// is still loading, and picks a footprint; once the part is let through, the last layer is drawn too.
// No timing: the server's hold hook decides what has arrived.
import { viewerRoot } from '../viewer-root.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCheckpointLiveDir } from '../../bench/geometry/checkpoint-live-dir.js';
import type { GeometryIndex } from '../../src/geometry/geometry-parts.js';
import { DEMOS_DIR } from '../geometry/kicad-demos.js';
import { startViewer } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';
import { WAIT, openViewerPage, useViewerBrowser, viewerScreenshot } from './viewer-browser.js';
import { available, needsData, needsProgram } from '../../../test/requirements.js';

const BOARD = join(DEMOS_DIR, 'kit-dev-coldfire-xilinx_5213', 'kit-dev-coldfire-xilinx_5213.kicad_pcb');

/** A gate for one part: resolves `requested` when the server is asked for it, answers once opened. */
function gate(part: string) {
  let requested!: () => void;
  let open!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  const seen: string[] = [];
  return {
    asked,
    open,
    seen,
    hold: async (_sha: string, name: string) => {
      seen.push(name);
      if (name !== part) return;
      requested();
      await opened;
    },
  };
}

describe.runIf(
  available(needsProgram('chromium'), needsData(BOARD, "KiCad's demo board", 'run `bash .ci/install-kicad`')),
)('the board drawn layer by layer', () => {
  const browser = useViewerBrowser();

  it('draws the first layers before the last layer part is answered, and the last one after', async () => {
    const experimentDir = join(tempDir('rr-geometry-layers-'), 'exp');
    mkdirSync(join(experimentDir, 'live'), { recursive: true });
    const sha = writeCheckpointLiveDir(join(experimentDir, 'live'), BOARD);
    let held = gate('');
    const v = await startViewer({
      experimentDir,
      uiDir: join(viewerRoot, 'dist/ui'),
      server: { geometryHold: (board, name) => held.hold(board, name) },
    });
    const index = (await v.request(`/api/geometry/${sha}/layers`)).json<GeometryIndex>();
    const layerParts = index.parts.filter((p) => p.kind === 'layer').map((p) => p.name);
    expect(layerParts).toEqual(['Edge.Cuts', 'F.Cu', 'B.Cu', 'In1.Cu', 'In2.Cu']);
    const last = layerParts.at(-1)!;
    held = gate(last);

    const { page, errors } = await openViewerPage(browser(), `http://127.0.0.1:${v.port}/`);
    const view = page.locator('rr-board-view');
    await held.asked;
    await view.locator('g[data-layer="F.Cu"] path').first().waitFor(WAIT);
    await view.locator('g[data-layer="Edge.Cuts"] path').first().waitFor(WAIT);
    await view.locator('g[data-layer="Vias"] path').first().waitFor(WAIT);
    // The held part has not been answered: its layer is not drawn and the view says it is loading.
    expect(await view.locator(`g[data-layer="${last}"]`).count()).toBe(0);
    expect(await view.getAttribute('data-loading')).not.toBeNull();
    await expect
      .poll(() => view.locator('.caption').textContent(), WAIT)
      .toMatch(/Loading the board: \d+ of \d+ parts/);
    const drawnWhileHeld = await view
      .locator('g[data-layer]')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-layer')));
    expect(drawnWhileHeld).toContain('F.Cu');
    expect(drawnWhileHeld).not.toContain(last);
    await viewerScreenshot(page, 'geometry-layers-held');

    // Picking works on what is drawn: a footprint's label selects it.
    const label = view.locator('g[data-layer="Labels"] text').first();
    const ref = (await label.textContent())!;
    await label.click({ force: true });
    await view.locator(`[data-highlight="${ref}"]`).waitFor(WAIT);

    held.open();
    await view.locator(`g[data-layer="${last}"] path`).first().waitFor(WAIT);
    await page.locator('rr-board-view:not([data-loading])').waitFor(WAIT);
    expect(held.seen).toEqual(expect.arrayContaining(index.parts.map((p) => p.name)));
    // Every part once, the last layer's among them; the page drew the performance marks per layer.
    const marks = await page.evaluate(() =>
      performance
        .getEntriesByName('rr-board-layer-drawn')
        .map((m) => (m as unknown as { detail: { layer: string } }).detail),
    );
    const order = marks.map((m) => m.layer);
    expect(order.indexOf('F.Cu')).toBeLessThan(order.indexOf(last));
    await viewerScreenshot(page, 'geometry-layers-all');
    expect(errors).toEqual([]);
  });
});
