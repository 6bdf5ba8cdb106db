// The Review page and the precheck's count of suspect links (docs/change-control.md, "In the editor"),
// in Chromium against the real `rr serve` on a copy of the example: start change control, change a
// parent's description (the precheck says how many reviewed links it would make suspect), see the
// suspect links with the change field by field, the header badge and the entity banner, clear one,
// edit the child of the other and clear it (and the child's own set, which the edit made suspect). Every clear is attributed to the author of the top bar.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './browser.js';
import { available, needsProgram } from '../requirements.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, TEST_AUTHOR, type EditorUnderTest } from './editor-server.js';

const SHOTS = 'editor';

describe.runIf(available(needsProgram('chromium')))(
  'the Review page in Chromium',
  { timeout: 180_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];

    const stamps = () => readFile(join(editor.modelDir, 'rr.reviewed'), 'utf8');
    const badge = () => page.locator('.main-nav .suspect-count');
    const link = (name: string) => page.locator(`li.suspect-link[data-link="${name}"]`);

    beforeAll(async () => {
      editor = await startEditor();
      ({ browser, page, errors } = await openEditorPage(editor));
      await page.getByLabel('Author').fill(TEST_AUTHOR);
      await page.getByLabel('Author').press('Tab');
    }, 180_000);

    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && page)
        await saveScreenshot(page, SHOTS, `failed-review-${task.name.replace(/[^a-z0-9]+/gi, '-')}`);
    });

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    }, 60_000);

    it('starts change control from the Review page', async () => {
      await showRoute(page, '#/review');
      await page.getByText('Change control has not started').waitFor();
      await page.getByRole('button', { name: 'Start: mark every link reviewed' }).click();
      await page.getByText('No suspect links.').waitFor();
      expect(await stamps()).toContain(`"by":"${TEST_AUTHOR}"`);
      await expect(badge().count()).resolves.toBe(0);
    });

    it("the precheck counts the links a parent's change would make suspect", async () => {
      await showRoute(page, '#/entity/REQ-020/edit');
      await page.locator('main h1', { hasText: 'Edit REQ-020' }).waitFor();
      const description = page.getByLabel('Description', { exact: true });
      await description.fill(
        (await description.inputValue()).replace('a visual indicator', 'a flashing visual indicator'),
      );
      const count = page.locator('.precheck-suspect');
      await count.waitFor();
      await expect(count.textContent()).resolves.toMatch(/This save would make 2 reviewed\s+links\s+suspect/);
      await expect(count.textContent()).resolves.toContain('requirement REQ-023 refines requirement REQ-020');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('main h1', { hasText: 'REQ-020 Alarm system' }).waitFor();
      await badge().filter({ hasText: '2' }).waitFor();
    });

    it('lists the suspect links with the change field by field; an entity page shows the banner', async () => {
      await showRoute(page, '#/entity/REQ-024');
      const banner = page.locator('.suspect-banner');
      await banner.waitFor();
      await expect(banner.textContent()).resolves.toContain('REQ-024 refines REQ-020');
      await showRoute(page, '#/review');
      await link('REQ-023 refines REQ-020').waitFor();
      await link('REQ-024 refines REQ-020').waitFor();
      const group = page.locator('section.suspect-group[data-parent="REQ-020"]');
      await expect(group.locator('dt').allTextContents()).resolves.toEqual(['description']);
      const change = await group.locator('dd').textContent();
      expect(change).toMatch(
        /was:\s+The pump shall provide an alarm system[\s\S]*each with a visual indicator/,
      );
      expect(change).toMatch(
        /now:\s+The pump shall provide an alarm system[\s\S]*each with a flashing visual indicator/,
      );
      await saveScreenshot(page, SHOTS, 'review-page');
    });

    it('adds a gap note to a child; the link stays suspect', async () => {
      const row = link('REQ-023 refines REQ-020');
      await row.getByRole('button', { name: 'Add note' }).click();
      await row.getByLabel('Gap on REQ-023').fill('Check the priority table against the flashing indicator');
      await row.getByRole('button', { name: 'Add gap note' }).click();
      await page.getByText('Added a gap note to REQ-023.').waitFor();
      const alarms = await readFile(join(editor.modelDir, 'requirements-alarms.yaml'), 'utf8');
      expect(alarms).toContain('Check the priority table against the flashing indicator');
      expect(alarms).toMatch(/kind: gap/);
      await link('REQ-023 refines REQ-020').waitFor();
    });

    it('clears one link; the other stays suspect', async () => {
      await link('REQ-023 refines REQ-020').getByRole('button', { name: 'Clear' }).click();
      await page.getByText('Cleared REQ-023 refines REQ-020 as reviewed by').waitFor();
      // The notice comes before the list is fetched again: wait for the cleared link to go.
      await link('REQ-023 refines REQ-020').waitFor({ state: 'detached' });
      await link('REQ-024 refines REQ-020').waitFor();
      await badge().filter({ hasText: '1' }).waitFor();
      expect(await stamps()).toMatch(
        /"parent":"REQ-020","link":"refines","child":"REQ-023".*"by":"Erin Editor <erin@example.com>"/,
      );
    });

    it('edits the child of the other, then clears it', async () => {
      await link('REQ-024 refines REQ-020').getByRole('link', { name: 'Edit child' }).click();
      await page.locator('main h1', { hasText: 'Edit REQ-024' }).waitFor();
      const title = page.getByLabel('Title (required)');
      await title.fill(`${await title.inputValue()} (flashing indicator kept)`);
      await page.getByText('Precheck passed').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('main h1', { hasText: '(flashing indicator kept)' }).waitFor();
      // Editing the child is no review of the link: it is still suspect until cleared.
      await showRoute(page, '#/review');
      await link('REQ-024 refines REQ-020').getByRole('button', { name: 'Clear' }).click();
      await page.getByText('Cleared REQ-024 refines REQ-020 as reviewed by').waitFor();
      // The child's own title changed: its verification set now rests on an older text of it.
      const set = link('//pump/alarms:alarm_manager_test verifies REQ-024');
      await set.waitFor();
      await page.locator('section.suspect-group[data-parent="REQ-024"] dt', { hasText: 'title' }).waitFor();
      await set.getByRole('button', { name: 'Clear' }).click();
      await page.getByText('No suspect links.').waitFor();
      await badge().waitFor({ state: 'detached' });
      expect(await readFile(join(editor.modelDir, 'requirements-alarms.yaml'), 'utf8')).toContain(
        '(flashing indicator kept)',
      );
    });

    it('logged no page errors', () => {
      expect(errors).toEqual([]);
    });
  },
);
