// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer without its assembled page: the server serves the bare page (the page's own modules as tsc
// compiled them, lit from node_modules through an import map) and in Chromium the lanes, the board and
// the notes work; the 3D and Schematic tabs say they need the assembled page, and neither three.js nor
// elkjs is ever asked for.
import { viewerRoot } from '../viewer-root.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { exampleBoardGraph } from '../design-sources/example-design.js';
import { startViewer } from '../server/viewer-fixture.js';
import { tempDir } from '../temp-dir.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { pageErrors } from '../../../test/e2e/page-errors.js';

const WAIT = { timeout: 60_000 };

describe.runIf(available(needsProgram('chromium')))('the bare page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    // npm run build compiles the page's modules; a single run of this file compiles them when missing.
    if (!existsSync(join(viewerRoot, 'dist/ui-modules/ui/src/viewer.js')))
      execFileSync(
        process.execPath,
        [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'viewer/ui/tsconfig.modules.json'],
        {
          cwd: repoRoot,
        },
      );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows lanes, the board and notes without the assembled page, and says why 3D and the schematic are missing', async () => {
    const graph = join(tempDir(), 'graph.json');
    writeFileSync(graph, JSON.stringify(exampleBoardGraph()));
    const v = await startViewer({
      simulate: true,
      flags: { graph },
      uiDir: join(tempDir(), 'no-assembled-page'),
      bareRoot: viewerRoot,
      pcbCli: { status: 'found', tool: 'cli', path: '/usr/bin/kicad-cli', source: 'test' },
    });
    expect(v.server.page.kind).toBe('bare');
    const html = await v.request('/');
    expect(html.text).toContain('<meta name="rr-page" content="bare" />');
    expect(html.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    onTestFinished(() => page.close());
    const errors = pageErrors(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`http://127.0.0.1:${v.port}/`);

    // Lanes and the board.
    await page.locator('rr-lane-tree li[data-lane="cand-0"]').waitFor(WAIT);
    await page.locator('rr-lane-tree li[data-lane="cand-0"] .row').first().click();
    await page.locator('rr-board-view g[data-layer="F.Cu"] path').first().waitFor(WAIT);

    // A note, written from the page.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('Title').fill('Bare page note');
    await page.getByLabel('Text').fill('Written without the assembled page.');
    await page.getByRole('button', { name: 'Write note' }).click();
    await page.locator('rr-design-notes-panel li[data-note]', { hasText: 'Bare page note' }).waitFor(WAIT);
    const notes = readdirSync(join(v.experimentDir, 'notes')).filter((f) => f.endsWith('.json'));
    expect(
      notes.map((f) => JSON.parse(readFileSync(join(v.experimentDir, 'notes', f), 'utf8')).title),
    ).toEqual(['Bare page note']);

    // The 3D view says what it needs.
    await page.getByRole('tab', { name: '3D', exact: true }).click();
    const said = page.locator('rr-board-3d-panel [data-unavailable="3d"]');
    await said.waitFor(WAIT);
    expect(await said.textContent()).toContain('needs the assembled page');

    // The schematic view is available on the server (--graph), but its layout needs elkjs, which only
    // the assembled page carries: the tab says so.
    const features = (await v.request('/api/features')).json<{
      features: { id: string; available: boolean }[];
    }>();
    expect(features.features.find((f) => f.id === 'schematic')).toMatchObject({ available: true });
    await page.getByRole('tab', { name: 'Schematic', exact: true }).click();
    const schematic = page.locator('rr-schematic-panel [role="status"]', {
      hasText: 'needs the assembled page',
    });
    await schematic.waitFor(WAIT);
    expect(await schematic.textContent()).toContain('the graph-layout library elkjs is served only from it');

    // lit came from node_modules, unbundled; three.js and elkjs were never asked for, nor the routes
    // that would feed them.
    expect(requested).toContain('/node_modules/lit/index.js');
    expect(requested).toContain('/modules/ui/src/viewer.js');
    expect(requested.filter((p) => /three|elk|\/api\/3d|\/api\/schematic/.test(p))).toEqual([]);
    // The About dialog lists the libraries this page loads, with licence texts that open.
    await page.locator('rr-page-header button[data-about]').click();
    await page.locator('rr-about-dialog tr[data-library="lit"]').waitFor(WAIT);
    const licence = await page.request.get(`http://127.0.0.1:${v.port}/node_modules/lit/LICENSE`);
    expect(await licence.text()).toContain('BSD 3-Clause License');
    expect(
      (await page.request.get(`http://127.0.0.1:${v.port}/node_modules/lit/package.json`)).status(),
    ).toBe(404);
    expect(errors).toEqual([]);
  }, 180_000);
});
