// Risks as ISO 14971 reviewers read them, in Chromium against `rr serve` on a copy of the example: the
// risk list shows initial and residual scores and acceptability; a risk page shows its assessment and
// its chain as a tree (mitigations → requirements) without other risks. Screenshots for docs/editor.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot, seriousAxeViolations } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';

describe.runIf(available(needsProgram('chromium')))('risks in Chromium', { timeout: 120_000 }, () => {
  let editor: EditorUnderTest;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    editor = await startEditor();
    ({ browser, page, errors } = await openEditorPage(editor));
  });

  afterAll(async () => {
    await browser?.close();
    await editor?.stop();
  });

  it('lists risks with initial and residual scores and acceptability', async () => {
    await showRoute(page, '#/entities/risk');
    await page.locator('main h1', { hasText: 'Risks' }).waitFor();
    const row = page.locator('main tbody tr', { has: page.getByRole('link', { name: 'RISK-001' }) });
    await row.waitFor();
    // RISK-001: catastrophic × occasional = 15 before its controls, catastrophic × improbable = 5 after.
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toContain('catastrophic × occasional = 15');
    expect(cells).toContain('catastrophic × improbable = 5');
    expect(cells).toContain('acceptable');
    for (const name of ['Initial risk', 'Residual risk', 'Acceptability'])
      await expect(page.getByRole('columnheader', { name }).count()).resolves.toBe(1);
    await saveScreenshot(page, SHOTS, 'risk-list');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a risk page with its scores and its own chain as a tree', async () => {
    await showRoute(page, '#/entity/RISK-004');
    await page.locator('main h1', { hasText: /^RISK-004 / }).waitFor();
    const facts = page.locator('dl.risk-assessment');
    await facts.waitFor();
    await expect(facts.innerText()).resolves.toMatch(/Initial risk\s+\S+ × \S+ = \d+/);
    await expect(facts.innerText()).resolves.toMatch(/Acceptability\s+(acceptable|accepted|unacceptable)/);
    await expect(facts.innerText()).resolves.toContain('acceptable up to a score of 6');

    const tree = page.getByRole('list', { name: 'Chain of RISK-004' });
    // Mitigations under the risk, requirements under the mitigations, each with its title and verdict.
    const mitigations = tree.locator(':scope > li > ul > li.kind-mitigation');
    await expect(mitigations.count()).resolves.toBeGreaterThan(0);
    const requirement = mitigations.locator(':scope > ul > li.kind-requirement').first();
    await expect(requirement.locator('.badge').first().innerText()).resolves.toMatch(/^[A-Z]+$|no verdict/);
    await expect(requirement.innerText()).resolves.toMatch(/^implements REQ-\d+ \S/);
    // MIT-004 also mitigates RISK-008: the tree of RISK-004 does not show it.
    await expect(tree.getByRole('link', { name: 'RISK-008' }).count()).resolves.toBe(0);
    await expect(tree.locator('li.kind-risk').count()).resolves.toBe(1);
    await saveScreenshot(page, SHOTS, 'risk-page');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
