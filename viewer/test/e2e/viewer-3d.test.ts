// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D view in a real browser: `rr view` with the real kicad-cli over a checkpoint `rr pnr-sim`
// wrote, and over `rr pnr-sim` run on a KiCad demo board (ecc83-pp, with parts given a STEP model).
// The page exports the checkpoint, draws the GLB with three.js, turns, zooms and pans it, switches
// views and layers (read back from the scene), and a footprint picked in 3D is highlighted on the 2D
// board and back (painted in the scene, not only named in the panel). Screenshots go to
// test/e2e/artifacts/.
import { viewerRoot } from '../viewer-root.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { boardWithModels } from '../server/threed-boards.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsData, needsProgram } from '../../../test/requirements.js';
import { pageErrors } from '../../../test/e2e/page-errors.js';
import { startViewer, type ViewerProcess } from './viewer-process.js';

const ARTIFACTS = join(repoRoot, 'test/e2e/artifacts');
const DEMO_BOARD = '/usr/share/kicad/demos/ecc83/ecc83-pp.kicad_pcb';

const WAIT = { timeout: 60_000 };

/** `rr pnr-sim` into `<dir>/live`, optionally on a given board. */
function simulate(dir: string, board?: string): string {
  const root = join(dir, 'live');
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'bin/rr.js'),
      'pnr-sim',
      '--out',
      root,
      '--rate',
      '0',
      '--steps',
      '80',
      '--candidates',
      '1',
      '--trials',
      '1',
      '--rounds',
      '1',
      ...(board ? ['--board', board] : []),
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return root;
}

describe.runIf(
  available(
    needsProgram('chromium'),
    needsProgram('kicad-cli'),
    needsData(DEMO_BOARD, "KiCad's demo board", 'run `bash .ci/install-kicad`'),
  ),
)('viewer 3D view in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser(['--enable-unsafe-swiftshader']);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openViewer(root: string): Promise<{ page: Page; errors: string[]; v: ViewerProcess }> {
    const v = await startViewer(['--root', root, '--dist', join(viewerRoot, 'dist/ui')]);
    onTestFinished(() => v.stop());
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    onTestFinished(() => page.close());
    const errors = pageErrors(page);
    await page.goto(`${v.url}#lane=cand-0`);
    return { page, errors, v };
  }

  const panel = (page: Page) => page.locator('rr-board-3d-panel');
  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

  /** Opens the 3D tab and waits until the GLB is drawn. */
  async function open3d(page: Page): Promise<void> {
    await page.locator('rr-board-view:not([data-loading])').waitFor(WAIT);
    await page.locator('rr-board-view .caption', { hasText: 'checkpoint' }).waitFor(WAIT);
    await page.getByRole('tab', { name: '3D', exact: true }).click();
    await panel(page).locator('[data-export-state="done"]').waitFor(WAIT);
    await panel(page).locator('.stage:not([hidden]) canvas').waitFor(WAIT);
    await expect
      .poll(() => panel(page).evaluate((el) => !!(el as unknown as { board3d: unknown }).board3d), WAIT)
      .toBe(true);
  }

  const scene = <T>(page: Page, fn: string, ...args: unknown[]) =>
    panel(page).evaluate(
      (el, [name, rest]) => {
        const s = (el as unknown as { board3d: Record<string, (...a: unknown[]) => unknown> }).board3d;
        return s[name as string]!(...(rest as unknown[])) as T;
      },
      [fn, args] as const,
    ) as Promise<T>;

  /** Drags across the canvas: OrbitControls turns the board. */
  async function rotate(page: Page): Promise<void> {
    const box = (await panel(page).locator('canvas').boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + i * 12, from.y + i * 6);
    await page.mouse.up();
  }

  /** Clicks a footprint in the 3D view (where the scene draws it). */
  async function click3d(page: Page, ref: string): Promise<void> {
    const at = await scene<{ x: number; y: number } | undefined>(page, 'screenPoint', ref);
    expect(at, `${ref} is on the 3D canvas`).toBeDefined();
    await panel(page).locator('canvas').click({ position: at! });
  }

  /** The canvas is not one flat colour: three.js drew something. */
  async function drewSomething(page: Page): Promise<boolean> {
    const png = await panel(page).locator('canvas').screenshot();
    return new Set(png.subarray(100, 4000)).size > 20;
  }

  it('shows a checkpoint of rr pnr-sim in 3D, turns it, and picks a footprint in 3D and in 2D', async () => {
    const root = simulate(tempDir('rr-e2e-3d-'));
    const { page, errors } = await openViewer(root);
    await open3d(page);
    expect(await drewSomething(page)).toBe(true);
    await shot(page, '3d-pnr-sim');

    const before = await scene<number[]>(page, 'cameraPosition');
    await rotate(page);
    const after = await scene<number[]>(page, 'cameraPosition');
    expect(after).not.toEqual(before);
    await panel(page).locator('button[data-view="side"]').click();
    const side = await scene<number[]>(page, 'cameraPosition');
    expect(side).not.toEqual(after);
    await panel(page).locator('button[data-view="top"]').click();

    // The wheel zooms: the camera comes closer to what it looks at.
    const canvas = (await panel(page).locator('canvas').boundingBox())!;
    const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const far = await scene<number>(page, 'cameraDistance');
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => scene<number>(page, 'cameraDistance'), WAIT).toBeLessThan(far * 0.99);
    // A right-button drag pans: the point the camera looks at moves.
    const target = await scene<number[]>(page, 'cameraTarget');
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down({ button: 'right' });
    for (let i = 1; i <= 6; i++) await page.mouse.move(centre.x + i * 15, centre.y + i * 5);
    await page.mouse.up({ button: 'right' });
    const panned = await scene<number[]>(page, 'cameraTarget');
    expect(panned).not.toEqual(target);
    // The bottom view puts the camera below the board, looking up at it; top puts it above.
    await panel(page).locator('button[data-view="bottom"]').click();
    const [below, aim] = [
      await scene<number[]>(page, 'cameraPosition'),
      await scene<number[]>(page, 'cameraTarget'),
    ];
    expect(below[1]).toBeLessThan(aim[1]!);
    await panel(page).locator('button[data-view="top"]').click();
    const above = await scene<number[]>(page, 'cameraPosition');
    expect(above[1]).toBeGreaterThan((await scene<number[]>(page, 'cameraTarget'))[1]!);

    // The layer toggles: an unchecked layer is not drawn, a checked one is again.
    expect(await scene<boolean | null>(page, 'layerShown', 'board')).toBe(true);
    await panel(page).locator('input[data-layer="board"]').uncheck();
    await expect.poll(() => scene<boolean | null>(page, 'layerShown', 'board'), WAIT).toBe(false);
    expect(await scene<boolean | null>(page, 'layerShown', 'outlines')).toBe(true);
    await panel(page).locator('input[data-layer="board"]').check();
    await expect.poll(() => scene<boolean | null>(page, 'layerShown', 'board'), WAIT).toBe(true);

    // Picking U1 in 3D highlights it on the 2D board; picking U2 on the 2D board highlights it in 3D.
    await click3d(page, 'U1');
    await page.locator('rr-board-view [data-highlight="U1"]').waitFor(WAIT);
    await expect.poll(() => panel(page).locator('[data-selected]').textContent()).toBe('U1');
    await expect.poll(() => scene<string[]>(page, 'highlightedParts'), WAIT).toEqual(['U1']);
    const u2 = page.locator('rr-board-view g[data-layer="Labels"] text', { hasText: /^U2$/ });
    const box = (await u2.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => panel(page).locator('[data-selected]').textContent()).toBe('U2');
    // The scene itself paints U2 in the highlight colour, and U1 no longer.
    await expect.poll(() => scene<string[]>(page, 'highlightedParts'), WAIT).toEqual(['U2']);
    await shot(page, '3d-pnr-sim-picked');
    expect(errors).toEqual([]);
  }, 300_000);

  it('shows a KiCad demo board with part models, warns about the missing ones, and picks a modelled part', async () => {
    const dir = tempDir('rr-e2e-3d-demo-');
    // ecc83-pp's parts name VRML models this machine does not have; give some a STEP model.
    const { text, withModel } = boardWithModels(readFileSync(DEMO_BOARD, 'utf8'), dir, {
      modelled: 3,
      missing: 0,
    });
    const board = join(dir, 'ecc83-pp.kicad_pcb');
    writeFileSync(board, text);
    const root = simulate(dir, board);
    expect(readdirSync(join(root, 'boards')).length).toBeGreaterThan(0);
    const { page, errors } = await openViewer(root);
    await open3d(page);
    expect(await drewSomething(page)).toBe(true);
    await expect
      .poll(() => panel(page).locator('[data-export-warnings]').textContent())
      .toContain('no 3D model for');
    const modelled = await scene<string[]>(page, 'modelledParts');
    expect(modelled).toEqual([...withModel].sort());
    await rotate(page);
    await panel(page).locator('input[data-layer="outlines"]').uncheck();
    // With the outlines hidden, a click on a part's model is what picks it.
    await panel(page).locator('button[data-view="top"]').click();
    await click3d(page, withModel[0]!);
    await page.locator(`rr-board-view [data-highlight="${withModel[0]}"]`).waitFor(WAIT);
    await shot(page, '3d-demo-board');
    expect(errors).toEqual([]);
  }, 300_000);
});

// Without kicad-cli the 3D tab says why, in the page: rr view runs with a PATH that holds no kicad-cli
// (only git, for the header's revision), so the outcome does not depend on what this machine has.
describe.runIf(available(needsProgram('chromium')))('viewer 3D view without kicad-cli in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the reason the viewer gives in the 3D tab', async () => {
    const dir = tempDir('rr-e2e-3d-missing-');
    const root = simulate(dir);
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    const v = await startViewer(['--root', root, '--dist', join(viewerRoot, 'dist/ui')], { PATH: bin });
    onTestFinished(() => v.stop());
    const features = (await (await fetch(`${v.url}api/features`)).json()) as {
      features: { id: string; available: boolean; reason?: string }[];
    };
    const threed = features.features.find((f) => f.id === '3d')!;
    expect(threed.available).toBe(false);
    expect(threed.reason).toContain('discovery found no kicad-cli');

    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    onTestFinished(() => page.close());
    const errors = pageErrors(page);
    await page.goto(`${v.url}#lane=cand-0`);
    await page.locator('rr-lane-tree li[data-lane="cand-0"]').waitFor(WAIT);
    await page.getByRole('tab', { name: '3D', exact: true }).click();
    const said = page.locator('[data-unavailable="3d"]');
    await said.waitFor(WAIT);
    const text = (await said.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain("The 3D view needs KiCad's command-line tool (kicad-cli)");
    expect(text).toContain('discovery found no kicad-cli');
    expect(text).toContain('--pcb-cli');
    await page.screenshot({ path: join(ARTIFACTS, '3d-no-kicad-cli.png') });
    expect(errors).toEqual([]);
  }, 300_000);
});
