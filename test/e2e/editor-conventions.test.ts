// The imported Zephyr requirements in Chromium against `rr serve`: the create form proposes the data's
// own next id and the file beside the parent, lets the user choose another file, and writes there; the
// work queue reads as groups by kind and parent; the trace graph of a parent with many children wraps.
// Screenshots for docs/editor.md.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rr } from '../cli/run-cli.js';
import { needsZephyr, ZEPHYR } from '../import-export/shared-data.js';
import { saveScreenshot, seriousAxeViolations } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { git, serve, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';
const SEMAPHORE = 'model/docs/software_requirements/semaphore.yaml';
const MUTEX = 'model/docs/software_requirements/mutex.yaml';

describe.runIf(available(needsProgram('chromium'), needsZephyr()))(
  'the editor on imported requirements, in Chromium',
  { timeout: 180_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    let semaphoreBefore: string;
    let mutexBefore: string;

    beforeAll(async () => {
      const root = await mkdtemp(join(tmpdir(), 'rr-zephyr-e2e-'));
      const run = await rr(['import', 'strictdoc', ZEPHYR, '--out', join(root, 'model')]);
      expect(run.code).toBe(0);
      git(root, 'init', '-q', '-b', 'main');
      git(root, 'config', 'user.name', 'Setup');
      git(root, 'config', 'user.email', 'setup@example.com');
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'Imported Zephyr requirements');
      semaphoreBefore = await readFile(join(root, SEMAPHORE), 'utf8');
      mutexBefore = await readFile(join(root, MUTEX), 'utf8');
      editor = await serve(root, 'model');
      ({ browser, page, errors } = await openEditorPage(editor));
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    });

    it('the create form follows the parent’s numbering and file, and writes to the file chosen', async () => {
      await showRoute(page, '#/new/requirement');
      await page.locator('main h1', { hasText: 'New requirement' }).waitFor();
      const file = page.getByLabel('File', { exact: true });
      await file.waitFor();
      await page.getByLabel('Title').fill('Semaphore reset');
      await page.getByLabel('Refines (parent requirement)').fill('ZEP-SYRS-14');
      // The next id and file follow ZEP-SYRS-14's children once the parent is typed.
      const help = page.locator('#field-id-help');
      await expect.poll(() => help.innerText(), { timeout: 60_000 }).toContain('ZEP-SRS-5-21');
      await expect.poll(() => file.inputValue()).toBe(SEMAPHORE);
      await expect(page.locator('#field-file-help').innerText()).resolves.toContain(
        'Beside its parent ZEP-SYRS-14',
      );
      const options = await file.locator('option').allInnerTexts();
      expect(options).toHaveLength(26);
      expect(options).not.toContain('model/rr.yaml');
      await saveScreenshot(page, SHOTS, 'form-file-choice');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await file.selectOption(MUTEX);
      await expect
        .poll(() => page.locator('#field-file-help').innerText())
        .toContain('can hold requirements');
      const save = page.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isEnabled(), { timeout: 60_000 }).toBe(true);
      await save.click();
      await page.locator('main h1', { hasText: /^ZEP-SRS-5-21 / }).waitFor();
      expect(await readFile(join(editor.root, MUTEX), 'utf8')).toBe(
        `${mutexBefore}  - id: ZEP-SRS-5-21\n    title: Semaphore reset\n    refines: ZEP-SYRS-14\n    status: draft\n`,
      );
      expect(await readFile(join(editor.root, SEMAPHORE), 'utf8')).toBe(semaphoreBefore);
      expect(git(editor.root, 'status', '--porcelain')).toBe(` M ${MUTEX}\n`);
    });

    it('the work queue shows collapsible groups by kind and parent, with counts', async () => {
      await showRoute(page, '#/queue');
      await page.locator('main h1', { hasText: 'Work queue' }).waitFor();
      const unverified = page.locator('details.gap-group[data-kind="unverified"]');
      await unverified.waitFor();
      const count = Number(await unverified.locator(':scope > summary .count').innerText());
      expect(count).toBeGreaterThanOrEqual(258);
      // The kind is open, its parents closed: one line per parent, not a table of 258 rows.
      await expect(unverified.evaluate((d) => d.hasAttribute('open'))).resolves.toBe(true);
      const semaphore = unverified.locator('details.gap-parent[data-parent="ZEP-SYRS-14"]');
      await expect(semaphore.locator(':scope > summary').innerText()).resolves.toMatch(
        /under ZEP-SYRS-14\s+Counting Semaphore\s+21/,
      );
      await expect(semaphore.locator('tbody tr').first().isVisible()).resolves.toBe(false);
      await saveScreenshot(page, SHOTS, 'work-queue-grouped');
      await semaphore.locator(':scope > summary').click();
      await expect.poll(() => semaphore.locator('tbody tr').first().isVisible()).toBe(true);
      await expect(semaphore.locator('tbody tr').count()).resolves.toBe(21);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Without groups: one flat table, paged.
      await page.getByLabel('Group by kind and parent').uncheck();
      await page.locator('table thead th', { hasText: 'Kind' }).waitFor();
      expect(page.url()).toContain('group=none');
    });

    it('the trace graph of ZEP-SYRS-14 wraps its children into rows', async () => {
      await showRoute(page, '#/graph?focus=ZEP-SYRS-14&depth=1');
      const box = page.locator('svg.rr-graph g.node[data-id="ZEP-SRS-5-1"]');
      await box.waitFor();
      const tops = await page
        .locator('svg.rr-graph g.node[data-id^="ZEP-SRS-5-"] rect')
        .evaluateAll((rects) => [...new Set(rects.map((r) => r.getAttribute('y')))]);
      expect(tops.length).toBeGreaterThanOrEqual(3);
      await saveScreenshot(page, SHOTS, 'trace-graph-wrapped-children');
      expect(errors).toEqual([]);
    });
  },
);
