// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's design services in a real browser: the source browser on the example design project (the
// instance tree, a module opened at its file and line), notes targeted on nets picked in the source view
// and on the schematic, and the cost replay of a footprint beside its recorded terms, on an experiment
// `rr pnr-sim` wrote. Screenshots go to test/e2e/artifacts/.
import { viewerRoot } from '../viewer-root.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EXAMPLE_DESIGN } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { startSimulator } from './simulator-process.js';
import { openViewerPage, useViewerBrowser, viewerScreenshot, WAIT } from './viewer-browser.js';
import { startViewer } from './viewer-process.js';
import { available, needsProgram } from '../../../test/requirements.js';

describe.runIf(available(needsProgram('chromium')))('design services in Chromium', () => {
  const browser = useViewerBrowser();
  const openPage = (url: string) => openViewerPage(browser(), url);
  const shot = viewerScreenshot;

  it('browses the example design, opens a module at its line, targets a net in a note, replays a cost', async () => {
    const experiment = tempDir('rr-e2e-');
    const root = join(experiment, 'live');
    const sim = startSimulator(root, { rate: '0', seed: '5', steps: '100' });
    onTestFinished(() => sim.stop());
    expect(await sim.finished).toBe(0);
    // The netlist graph rr pnr-sim wrote for the board it placed.
    const graph = join(root, 'netlist-graph.json');
    const v = await startViewer([
      '--root',
      root,
      '--dist',
      join(viewerRoot, 'dist/ui'),
      '--hdl-root',
      EXAMPLE_DESIGN,
      '--hdl-build',
      'default',
      '--graph',
      graph,
    ]);
    onTestFinished(() => v.stop());
    const { page, errors } = await openPage(v.url);
    await page.locator('rr-lane-tree li[data-lane="cand-0.trial-0"]').waitFor(WAIT);

    // The source tree of the example design; a module opens at its file and line.
    await page.getByRole('tab', { name: 'Source', exact: true }).click();
    const panel = page.locator('rr-source-panel');
    await panel.getByRole('tree', { name: 'Instance tree' }).waitFor(WAIT);
    for (const name of ['supply', 'mcu', 'port', 'leds'])
      await panel.locator(`button[data-address="${name}"]`).waitFor(WAIT);
    await expect(panel.locator('button[data-address="supply.ldo"] .ref').textContent()).resolves.toBe('U2');
    await panel.locator('button[data-address="mcu"]').click();
    const code = panel.getByRole('region', { name: 'Source controller.ato' });
    await code.waitFor(WAIT);
    const at = code.locator('div.at');
    await expect(at.getAttribute('data-line')).resolves.toBe('5');
    await expect(at.textContent()).resolves.toContain('module Controller:');
    await expect(panel.locator('[data-selected="mcu"]').textContent()).resolves.toContain(
      'defined at controller.ato:5',
    );
    await shot(page, 'source-module-opened');

    // A component opens at its part's file; its footprint is the one joined from the netlist.
    await panel.locator('button[data-address="supply.ldo"]').click();
    await panel.getByRole('region', { name: 'Source parts/AP2112K_3V3/AP2112K_3V3.ato' }).waitFor(WAIT);
    await expect(panel.locator('[data-selected="supply.ldo"]').textContent()).resolves.toContain(
      'Target U2 in the note',
    );

    // A net of the source view becomes the target of a note.
    await panel.locator('button[data-target-net="SDA"]').click();
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    const notes = page.locator('rr-design-notes-panel');
    await notes.locator('.chip', { hasText: 'net SDA' }).waitFor(WAIT);
    await notes.getByLabel('Title').fill('Pull-ups of SDA');
    await notes.getByRole('button', { name: 'Write note' }).click();
    await notes.locator('li[data-note]', { hasText: 'Pull-ups of SDA' }).waitFor(WAIT);
    const notesDir = join(experiment, 'notes');
    const stored = readdirSync(notesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(notesDir, f), 'utf8')) as Record<string, unknown>);
    expect(stored).toMatchObject([{ title: 'Pull-ups of SDA', targets: [{ type: 'net', net: 'SDA' }] }]);
    await shot(page, 'note-on-source-net');

    // A net picked on the schematic becomes the target of a note.
    await page.getByRole('tab', { name: 'Schematic', exact: true }).click();
    const schematic = page.locator('rr-schematic-panel');
    await schematic.locator('[data-stats]', { hasText: 'laid out in' }).waitFor(WAIT);
    await schematic
      .locator('.wire-hit[data-net="SCL"], g.label[data-net="SCL"]')
      .first()
      .dispatchEvent('click');
    await schematic.locator('[data-selection]', { hasText: 'net SCL' }).waitFor(WAIT);
    await schematic.getByRole('button', { name: 'Target net SCL in the note' }).click();
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    await notes.locator('.chip', { hasText: 'net SCL' }).waitFor(WAIT);
    await notes.getByLabel('Title').fill('SCL length');
    await notes.getByRole('button', { name: 'Write note' }).click();
    await notes.locator('li[data-note]', { hasText: 'SCL length' }).waitFor(WAIT);
    const scl = readdirSync(notesDir)
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) => JSON.parse(readFileSync(join(notesDir, f), 'utf8')) as { title: string; targets: unknown[] },
      )
      .find((n) => n.title === 'SCL length');
    expect(scl?.targets).toEqual([{ type: 'net', net: 'SCL' }]);
    await shot(page, 'note-on-schematic-net');

    // Cost replay of a footprint in the Costs panel, beside its recorded terms.
    await page.locator('rr-lane-tree li[data-lane="cand-0.trial-0"] .row').first().click();
    await page.getByRole('tab', { name: 'Costs', exact: true }).click();
    const costs = page.locator('rr-cost-panel');
    await costs.getByRole('button', { name: 'Show U1 on the board' }).click();
    await costs.getByRole('button', { name: 'Replay U1 with the engine' }).click();
    const table = costs.locator('table[data-cost-replay="U1"]');
    await table.waitFor(WAIT);
    const row = table.locator('tbody tr').first();
    const recorded = Number((await row.locator('td').nth(0).textContent())!.replace(/[^\d.]/g, ''));
    const replayed = Number((await row.locator('td').nth(1).textContent())!.replace(/[^\d.]/g, ''));
    expect(recorded).toBeGreaterThan(0);
    expect(replayed).toBeCloseTo(recorded, 0);
    await expect(table.textContent()).resolves.toContain('wirelength');
    await shot(page, 'cost-replay');
    expect(errors).toEqual([]);
  }, 300_000);
});
