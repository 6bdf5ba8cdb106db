// The editor over a model of 5,000 entities and 20,000 test cases (the report benchmark's generator):
// long lists are paged, so a page shows 100 rows however large the model; the whole-model graph waits
// for a focus. No timing is asserted; the pages only have to work.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateWorkspace } from '../../bench/report/generate-workspace.js';
import { saveScreenshot } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { serve, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

describe.runIf(available(needsProgram('chromium')))(
  'editor on a 5,000-entity model',
  { timeout: 180_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      const root = await mkdtemp(join(tmpdir(), 'rr-editor-large-'));
      await generateWorkspace(root, { entities: 5000, cases: 20_000, targets: 200 });
      editor = await serve(root, 'model', 'bazel-testlogs');
      ({ browser, page, errors } = await openEditorPage(editor));
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    });

    async function open(hash: string): Promise<void> {
      await showRoute(page, hash);
    }

    it('pages the entity list: 100 rows at a time, search over all', async () => {
      await open('#/entities/requirement');
      const pager = page.getByRole('navigation', { name: 'Requirements pages' });
      await pager.getByText('1–100 of 3400').waitFor();
      await expect(page.locator('main tbody tr').count()).resolves.toBe(100);
      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText('101–200 of 3400').waitFor();
      await saveScreenshot(page, 'editor', 'large-entity-list', { fullPage: false });
      await page.getByLabel('Search id or title').fill('REQ-003399');
      await page.getByText('1 of 3400 requirements').waitFor();
      await expect(page.locator('main tbody tr').count()).resolves.toBe(1);
    });

    it('pages the case ledger and opens an entity with its set', async () => {
      await open('#/cases');
      await page
        .getByRole('navigation', { name: 'Case pages' })
        .getByText(/^1–100 of \d+/)
        .waitFor();
      await expect(page.locator('main tbody tr[data-case]').count()).resolves.toBe(100);
      await open('#/entity/REQ-003399');
      await page.locator('main h1', { hasText: 'REQ-003399' }).waitFor();
      await page.getByRole('heading', { name: 'Traces', exact: true }).waitFor();
    });

    it('asks for a focus before drawing thousands of boxes, and draws a neighbourhood', async () => {
      await open('#/graph');
      await page.getByText('too many to read as one drawing').waitFor();
      await page.getByLabel('Focus on').fill('REQ-003399');
      await page.getByLabel('Focus on').press('Enter');
      await page.locator('svg.trace-graph a').first().waitFor();
    });

    it('logged no errors in the page', () => {
      expect(errors).toEqual([]);
    });
  },
);
