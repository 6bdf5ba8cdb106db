// The Changes page's Publish action in Chromium against the real `rr serve` (docs/publish.md, "In Bazel and in the
// editor"): pick a tag and a folder of the repository, press Publish, read where the pack went, and open
// that pack from file:// in the same browser; a folder outside the repository is refused with the
// reason shown, and nothing is written there.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './browser.js';
import { available, needsProgram } from '../requirements.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, type EditorUnderTest } from './editor-server.js';

describe.runIf(available(needsProgram('chromium')))(
  "the editor's Publish action in Chromium",
  { timeout: 180_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      editor = await startEditor();
      ({ browser, page, errors } = await openEditorPage(editor));
    }, 180_000);

    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && page)
        await saveScreenshot(page, 'editor', `failed-publish-${task.name.replace(/[^a-z0-9]+/gi, '-')}`);
    });

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    }, 60_000);

    it("publishes a tag's pack into a folder of the repository and says where", async () => {
      await showRoute(page, '#/changes');
      await page.locator('#publish-ref').selectOption('before-editor');
      await page.getByLabel('Folder in the repository').fill('audit/before-editor');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const result = page.locator('#publish-result');
      await result.waitFor({ timeout: 120_000 });
      const said = await result.innerText();
      expect(said).toContain('Published before-editor');
      expect(said).toContain('audit/before-editor');
      const index = join(editor.root, 'audit', 'before-editor', 'index.html');
      expect(said).toContain(index);
      expect(existsSync(index)).toBe(true);

      // The pack the editor wrote opens from the file system and names its baseline.
      const pack = await browser.newPage();
      await pack.goto(pathToFileURL(index).href);
      await expect(pack.locator('main').innerText()).resolves.toContain('before-editor');
      await pack.getByRole('link', { name: 'Traceability' }).first().click();
      await pack.locator('table.matrix').waitFor();
      await pack.close();
    });

    it('refuses a folder outside the repository and shows why', async () => {
      await page.getByLabel('Folder in the repository').fill('../outside-the-repository');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const banner = page.locator('.banner.error[role="alert"]');
      await banner.waitFor();
      await expect(banner.innerText()).resolves.toContain('may not leave the repository');
      expect(existsSync(join(editor.root, '..', 'outside-the-repository'))).toBe(false);
    });

    it('logged no page errors', () => {
      expect(errors).toEqual([]);
    });
  },
);
