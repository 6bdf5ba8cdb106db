// Every page of the editor in Chromium against the real `rr serve` on a copy of the example: a
// screenshot of each (docs/editor.md links them), no serious or critical axe-core violations, keyboard
// use (skip link, focus moved to the new page's heading, visible focus), deep links, and a narrow window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveScreenshot, seriousAxeViolations } from './browser.js';
import { openEditorPage, showRoute } from './editor-page.js';
import { startEditor, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';

/** A page to check: its deep link, the heading it shows, and an element that appears once it has loaded. */
const PAGES: { name: string; hash: string; heading: string | RegExp; loaded: string }[] = [
  {
    name: 'overview',
    hash: '#/',
    heading: 'VIP-200 Volumetric Infusion Pump',
    loaded: 'rr-diagnostic-list table',
  },
  {
    name: 'entity-list',
    hash: '#/entities/requirement',
    heading: 'Requirements',
    loaded: 'text=Next id: REQ-030',
  },
  { name: 'entity-requirement', hash: '#/entity/REQ-003', heading: /^REQ-003 /, loaded: 'text=Members' },
  { name: 'entity-risk-chain', hash: '#/entity/RISK-002', heading: /^RISK-002 /, loaded: 'text=Whole chain' },
  {
    name: 'entity-form',
    hash: '#/entity/REQ-003/edit',
    heading: 'Edit REQ-003',
    loaded: 'text=Precheck passed',
  },
  {
    name: 'entity-new',
    hash: '#/new/mitigation',
    heading: 'New mitigation',
    loaded: 'text=Leave empty for the next id',
  },
  { name: 'case-ledger', hash: '#/cases', heading: 'Case ledger', loaded: 'table.case-ledger tbody tr' },
  {
    name: 'trace-graph',
    hash: '#/graph?focus=REQ-001&depth=2',
    heading: 'Trace graph',
    loaded: 'svg.trace-graph',
  },
  { name: 'work-queue', hash: '#/queue', heading: 'Work queue', loaded: 'text=of 27 gaps' },
  { name: 'changes', hash: '#/changes', heading: 'Changes', loaded: '#diff-result' },
  { name: 'agents', hash: '#/agents', heading: 'Agents', loaded: '#llm-unavailable' },
  {
    name: 'source',
    hash: '#/source?path=infusion-pump/pump/dosing/dose_calculator.cc&line=2',
    heading: 'infusion-pump/pump/dosing/dose_calculator.cc',
    loaded: 'li.marked',
  },
];

describe.runIf(available(needsProgram('chromium')))('editor pages in Chromium', { timeout: 120_000 }, () => {
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

  async function open(hash: string, heading: string | RegExp, loaded: string): Promise<void> {
    await showRoute(page, hash);
    await page.locator('main h1').filter({ hasText: heading }).waitFor();
    await page.locator('main').locator(loaded).first().waitFor();
  }

  for (const p of PAGES) {
    it(`${p.name}: loads from its deep link, has no serious accessibility violation`, async () => {
      await open(p.hash, p.heading, p.loaded);
      await saveScreenshot(page, SHOTS, p.name);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  it('dialogs are accessible too (rename, delete, move, lock, commit, tag)', async () => {
    const dialogs: { hash: string; heading: string | RegExp; loaded: string; button: string | RegExp }[] = [
      { hash: '#/entity/REQ-019', heading: /^REQ-019 /, loaded: 'text=Fields', button: 'Rename…' },
      { hash: '#/entity/REQ-019', heading: /^REQ-019 /, loaded: 'text=Fields', button: 'Delete…' },
      {
        hash: '#/cases?q=rejects_zero_patient_weight',
        heading: 'Case ledger',
        loaded: 'tbody tr',
        button: /^Assign/,
      },
      { hash: '#/cases', heading: 'Case ledger', loaded: 'tbody tr', button: 'Update lock…' },
      { hash: '#/changes', heading: 'Changes', loaded: '#diff-result', button: 'Tag a baseline…' },
    ];
    for (const d of dialogs) {
      await open(d.hash, d.heading, d.loaded);
      await page.locator('main').getByRole('button', { name: d.button }).click();
      await page.locator('dialog[open]').waitFor();
      expect(await seriousAxeViolations(page), String(d.button)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
    }
  });

  it('works from the keyboard: skip link, headings take focus, focus is visible', async () => {
    // A fresh load, as when the editor is opened: focus starts at the top of the document.
    await page.goto(`${editor.origin}#/`);
    await page.reload();
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.textContent?.trim()')).resolves.toBe(
      'Skip to content',
    );
    await page.keyboard.press('Enter');
    await expect(page.evaluate('document.activeElement?.tagName')).resolves.toBe('H1');

    // Through the navigation to the requirements, by keyboard only.
    const nav = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Requirements' });
    await nav.focus();
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: 'Requirements' }).waitFor();
    await expect(page.evaluate('document.activeElement?.textContent?.trim()')).resolves.toBe('Requirements');

    // Tab to the first control of the page: its focus ring is drawn.
    await page.keyboard.press('Tab');
    // Page code as text: the tests are type-checked without the DOM library.
    const outline = (await page.evaluate(`(() => {
      const style = getComputedStyle(document.activeElement);
      return { style: style.outlineStyle, width: style.outlineWidth };
    })()`)) as { style: string; width: string };
    expect(outline.style).not.toBe('none');
    expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);

    // A dialog opened from the keyboard takes the focus; Escape closes it and the focus goes back.
    await open('#/entity/REQ-019', /^REQ-019 /, 'text=Fields');
    await page.locator('main').getByRole('button', { name: 'Rename…' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    await expect(page.evaluate('document.activeElement?.closest("dialog") !== null')).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await expect(page.evaluate('document.activeElement?.textContent?.trim()')).resolves.toBe('Rename…');

    // Every form control has a label (axe checks too; this names the rule the UI keeps).
    await open('#/entity/REQ-003/edit', 'Edit REQ-003', 'text=Precheck passed');
    const unlabelled =
      await page.evaluate(`[...document.querySelectorAll('main input, main select, main textarea')]
      .filter((el) => !el.labels?.length && !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML.slice(0, 80))`);
    expect(unlabelled).toEqual([]);
  });

  it('is usable in a narrow window: no sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const p of PAGES.filter((x) =>
        ['overview', 'entity-requirement', 'entity-form', 'case-ledger'].includes(x.name),
      )) {
        await open(p.hash, p.heading, p.loaded);
        const overflow = (await page.evaluate(
          'document.documentElement.scrollWidth - window.innerWidth',
        )) as number;
        expect(overflow, p.name).toBeLessThanOrEqual(0);
        await saveScreenshot(page, SHOTS, `narrow-${p.name}`, { fullPage: false });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows a conflict next to the field that causes it, and Save stays disabled', async () => {
    await open('#/entity/REQ-003/edit', 'Edit REQ-003', 'text=Precheck passed');
    await page.getByLabel('Refines (parent requirement)').fill('REQ-001, REQ-004');
    const field = page.locator('[data-field="refines"]');
    await field.locator('.conflicts', { hasText: 'multi-parent-refines' }).waitFor();
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, SHOTS, 'form-conflict-next-to-field', { fullPage: false });
    // Nothing was written: a precheck is a dry run; leave the form as it was.
    await page.getByLabel('Refines (parent requirement)').fill('REQ-001');
    await page.getByText('Precheck passed').waitFor();
  });

  it('links an annotated source line from the entity page', async () => {
    await open('#/entity/REQ-003', /^REQ-003 /, 'text=Members');
    await page.getByRole('link', { name: 'infusion-pump/pump/dosing/dose_calculator.cc:2:16' }).click();
    await page.locator('main h1', { hasText: 'dose_calculator.cc' }).waitFor();
    await expect(page.locator('li.marked').textContent()).resolves.toContain('@implements REQ-003');
  });

  it('links the full licence texts of the libraries its script bundles', async () => {
    await open('#/', 'VIP-200 Volumetric Infusion Pump', 'rr-diagnostic-list table');
    const [licences] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Third-party licences' }).click(),
    ]);
    await licences.waitForLoadState();
    expect(await licences.locator('h1').textContent()).toBe('Third-party libraries of the rr editor page');
    const lit = licences.getByRole('link', { name: /^lit \d/ });
    const text = await licences.request.get(new URL((await lit.getAttribute('href'))!, licences.url()).href);
    expect(text.status()).toBe(200);
    expect(await text.text()).toContain('Redistribution and use in source and binary forms');
    await licences.close();
  });

  it('tells an unknown deep link and an unknown entity apart from errors', async () => {
    await open('#/no-such-page', 'Page not found', 'text=Go to the overview');
    await open('#/entity/REQ-999', 'REQ-999', 'text=no entity has the id');
  });

  it('logged no errors in the page (no CSP refusal, no failed request)', () => {
    expect(errors.filter((e) => !e.includes('REQ-999'))).toEqual([]);
  });
});
