// Notices stay visible (docs/editor.md, "The form and the verification set"): in hybrid attribution a
// form save whose claim takes a case from its tag shows the `takes-from-tag` notice, when the save goes
// ahead, while another problem blocks it, and when the server refuses the save. In Chromium against the
// real `rr serve` on a small hybrid model.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeEvidence, writeModel } from '../editor/editor-fixture.js';
import { saveScreenshot } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { serve, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';
const RATE = '//pump:rate_test';
const TAKEN = 'RateTest/tagged';

/** Three requirements in hybrid attribution; the case RateTest/tagged belongs to REQ-003 by its tag. */
async function hybridEditor(): Promise<EditorUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'rr-editor-notices-'));
  await writeModel(join(root, 'model'), {
    'rr.yaml': { schema_version: 1, config: { attribution: 'hybrid' } },
    'requirements.yaml': {
      user_needs: [{ id: 'UN-001', title: 'Dose' }],
      requirements: [
        {
          id: 'REQ-001',
          title: 'Rate',
          satisfies: 'UN-001',
          verified_by: [{ target: RATE, cases: ['RateTest/accepts', 'RateTest/rejects'] }],
        },
        { id: 'REQ-002', title: 'Limits', satisfies: 'UN-001' },
        { id: 'REQ-003', title: 'Alarm', satisfies: 'UN-001' },
      ],
    },
  });
  await writeEvidence(join(root, 'testlogs'), {
    [RATE]: [{ path: 'RateTest/accepts' }, { path: 'RateTest/rejects' }, { path: TAKEN, tags: ['REQ-003'] }],
  });
  return serve(root, 'model', 'testlogs');
}

describe.runIf(available(needsProgram('chromium')))('save notices in Chromium', { timeout: 120_000 }, () => {
  let editor: EditorUnderTest;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    editor = await hybridEditor();
    ({ browser, page, errors } = await openEditorPage(editor));
  });

  afterAll(async () => {
    await browser?.close();
    await editor?.stop();
  });

  /** The form of REQ-001 with its claim taking the tagged case too. */
  async function claimTaggedCase(): Promise<void> {
    await showRoute(page, '#/entity/REQ-001/edit');
    await page.locator('main h1', { hasText: 'Edit REQ-001' }).waitFor();
    await page
      .getByLabel(/Case selectors, one per line/)
      .fill(['RateTest/accepts', 'RateTest/rejects', TAKEN].join('\n'));
  }

  const notice = () => page.locator('main .notices', { hasText: 'takes-from-tag' });

  it('shows the notice while another problem blocks the save', async () => {
    await claimTaggedCase();
    await page.getByLabel('Refines (parent requirement)').fill('REQ-002, REQ-003');
    await page.locator('[data-field="refines"] .conflicts', { hasText: 'multi-parent-refines' }).waitFor();
    await notice().waitFor();
    await expect(notice().textContent()).resolves.toContain(TAKEN);
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, SHOTS, 'form-notice-while-blocked', { fullPage: false });
  });

  it('shows the notice when the server refuses the save for another problem', async () => {
    // Without the precheck (it did not run) Save stays enabled and the server checks the save itself.
    await page.route('**/precheck', (route) => route.abort());
    try {
      await claimTaggedCase();
      await page.getByLabel('Refines (parent requirement)').fill('REQ-002, REQ-003');
      await page.getByText('The precheck did not run').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('main [role="alert"]', { hasText: 'multi-parent-refines' }).first().waitFor();
      await notice().waitFor();
      await expect(notice().textContent()).resolves.toContain(TAKEN);
      await saveScreenshot(page, SHOTS, 'form-notice-on-refusal', { fullPage: false });
    } finally {
      await page.unroute('**/precheck');
    }
  });

  it('shows the notice before and after a save that goes ahead', async () => {
    await claimTaggedCase();
    await page.getByLabel('Refines (parent requirement)').fill('');
    await page.getByText('Precheck passed').waitFor();
    await notice().waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('main h1', { hasText: /^REQ-001 / }).waitFor();
    await page.getByText('REQ-001 saved.').waitFor();
    await notice().waitFor();
    await saveScreenshot(page, SHOTS, 'entity-saved-with-notice', { fullPage: false });
  });

  it('logged no errors in the page but the precheck the test cut off', () => {
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
  });
});
