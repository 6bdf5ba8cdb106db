// The audit pack of the bundled example in Chromium, opened from file:// (docs/publish.md): every entity
// on its document's page, every link of the site leads somewhere, the matrix and its filters, the risk
// table, the offline search, no console error, no serious axe-core violation; and the PDF printed from
// the same pages (a page per major section, every entity id in its text, checked with pdftotext).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available, needsProgram } from '../requirements.js';
import { publishPack, type PublishResult } from '../../tools/publish/publish-pack.js';
import { isFailed, isUnverified } from '../../tools/publish/pages/matrix-pages.js';
import {
  REPO_ROOT,
  collectPageErrors,
  launchChromium,
  saveScreenshot,
  seriousAxeViolations,
} from './browser.js';

describe.runIf(available(needsProgram('chromium')))('the published example in Chromium', () => {
  let root: string;
  let out: string;
  let result: PublishResult;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const url = (name: string) => pathToFileURL(join(out, name)).href;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'rr-publish-e2e-'));
    cpSync(join(REPO_ROOT, 'examples', 'infusion-pump'), join(root, 'model'), { recursive: true });
    out = join(root, 'pack');
    result = await publishPack({
      model: join(root, 'model'),
      evidence: join(root, 'model', 'bazel-testlogs'),
      out,
      pdf: true,
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = collectPageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows every entity id on the page of its document', async () => {
    const seen = new Set<string>();
    for (const name of result.files.filter((f) => f.startsWith('doc-'))) {
      await page.goto(url(name));
      const ids = await page.locator('article.entity .id').allTextContents();
      for (const id of ids) {
        expect(await page.locator(`[id="${id}"]`).isVisible(), `${id} on ${name}`).toBe(true);
        seen.add(id);
      }
    }
    expect([...seen].sort()).toEqual([...result.data.order].sort());
  });

  it('has no link that leads nowhere, on any page', async () => {
    const pages = result.files.filter((f) => f.endsWith('.html'));
    const anchors = new Map<string, Set<string>>();
    const links: { from: string; href: string }[] = [];
    for (const name of pages) {
      await page.goto(url(name));
      anchors.set(
        name,
        new Set(await page.evaluate('[...document.querySelectorAll("[id]")].map((e) => e.id)')),
      );
      const hrefs = (await page.evaluate(
        '[...document.querySelectorAll("a[href]")].map((a) => a.href)',
      )) as string[];
      for (const href of hrefs) links.push({ from: name, href });
    }
    expect(links.length).toBeGreaterThan(500);
    const broken: string[] = [];
    const base = pathToFileURL(out + '/').href;
    for (const { from, href } of links) {
      if (!href.startsWith(base)) {
        broken.push(`${from}: ${href} leaves the pack`);
        continue;
      }
      const [path, fragment] = href.slice(base.length).split('#') as [string, string | undefined];
      const file = decodeURIComponent(path.split('?')[0]!);
      if (!existsSync(join(out, file))) broken.push(`${from}: ${href} (no file)`);
      else if (fragment && !anchors.get(file)?.has(decodeURIComponent(fragment)))
        broken.push(`${from}: ${href} (no #${fragment})`);
    }
    expect(broken).toEqual([]);
  });

  it('lists every requirement in the matrix with its cases and results', async () => {
    await page.goto(url('matrix.html'));
    for (const row of result.data.forward) {
      const tr = page.locator(`table.matrix tr[data-id="${row.requirement}"]`);
      const text = await tr.textContent();
      expect(text, row.requirement).toContain(row.requirement);
      for (const c of row.cases)
        expect(text, `${row.requirement} ${c.path}`).toContain(`${c.path} ${c.state}`);
    }
    expect(await page.locator('table.matrix tbody tr').count()).toBe(result.data.forward.length);
  });

  it('filters the matrix to unverified and to failed requirements', async () => {
    for (const [filter, wanted] of [
      ['unverified', result.data.forward.filter(isUnverified)],
      ['failed', result.data.forward.filter(isFailed)],
    ] as const) {
      await page.goto(url('matrix.html'));
      await page.locator(`input[data-filter="${filter}"]`).check();
      const visible = await page
        .locator('table.matrix tbody tr:visible')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
      expect(wanted.length, filter).toBeGreaterThan(0);
      expect(wanted.length, filter).toBeLessThan(result.data.forward.length);
      expect(visible, filter).toEqual(wanted.map((r) => r.requirement));
      await expect(page.locator('.filters output').textContent()).resolves.toBe(
        `${wanted.length} of ${result.data.forward.length} requirements shown`,
      );
    }
  });

  it("shows every risk's initial and residual score and its acceptability", async () => {
    await page.goto(url('risks.html'));
    for (const risk of result.data.risks) {
      const tr = page.locator(`table.risks tr[data-id="${risk.id}"]`);
      const initial = await tr.locator('.score.initial').textContent();
      const residual = await tr.locator('.score.residual').textContent();
      expect(initial, risk.id).toBe(
        `${risk.initial.severity} × ${risk.initial.likelihood} = ${risk.initial.score}`,
      );
      expect(residual, risk.id).toBe(
        `${risk.residual.severity} × ${risk.residual.likelihood} = ${risk.residual.score}`,
      );
      await expect(tr.locator('.acceptability').textContent()).resolves.toBe(risk.acceptability);
    }
  });

  it('finds an entity by a word of its description, offline', async () => {
    await page.goto(url('index.html'));
    await page.locator('#rr-q').fill('gravimetrically');
    await page.locator('form.search button').click();
    await page.waitForURL(/search\.html\?q=gravimetrically/);
    const results = page.locator('#rr-results a');
    await results.first().waitFor();
    const texts = await results.allTextContents();
    expect(texts.some((t) => t.startsWith('REQ-002 '))).toBe(true);
    await results.filter({ hasText: 'REQ-002' }).first().click();
    await page.waitForURL(/doc-requirements-yaml\.html#REQ-002$/);
  });

  it('has no serious accessibility violation on any page kind, and keeps screenshots of each', async () => {
    const kinds: [string, string][] = [
      ['start', 'index.html'],
      ['documents', 'documents.html'],
      ['document', 'doc-requirements-yaml.html'],
      ['matrix', 'matrix.html'],
      ['cases', 'cases.html'],
      ['risks', 'risks.html'],
      ['verification', 'verification.html'],
      ['evidence', 'evidence.html'],
      ['changes', 'changes.html'],
      ['gaps', 'gaps.html'],
      ['search', 'search.html?q=occlusion'],
    ];
    // A page of its own: axe-core reads the style sheets with XMLHttpRequest, which file:// refuses with
    // console errors of axe's making (the other tests load every page and watch for the site's own).
    const checked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [kind, name] of kinds) {
      const page = checked;
      await page.goto(url(name.split('?')[0]!) + (name.includes('?') ? `?${name.split('?')[1]}` : ''));
      expect(await seriousAxeViolations(page), name).toEqual([]);
      await saveScreenshot(page, 'publish', kind, { fullPage: false });
    }
    await checked.close();
  });

  it('logs no console error on any page', () => {
    expect(errors).toEqual([]);
  });

  it('prints one PDF from the same pages: a page per major section, every entity id in its text', () => {
    expect(result.pdf).toBe(join(out, 'audit-pack.pdf'));
    const text = execFileSync('pdftotext', ['-layout', join(out, 'audit-pack.pdf'), '-'], {
      encoding: 'utf8',
    });
    for (const id of result.data.order) expect(text, id).toContain(id);
    const sheets = text.split('\f');
    const firstLine = (sheet: string) =>
      sheet
        .split('\n')
        .find((l) => l.trim() !== '')
        ?.trim() ?? '';
    const starts = sheets.map(firstLine);
    for (const heading of [
      result.data.project,
      'Documents',
      'Traceability matrix',
      'Test case → owner',
      'Risk management table',
      'Verification report',
      'Evidence files',
      'Changes',
      'Gaps',
    ])
      expect(starts, heading).toContain(heading);
    expect(starts[0]).toBe(`${result.data.project}: audit pack`);
    expect(text).toContain(result.data.invariant);
    expect(readdirSync(out)).toContain('audit-pack.pdf');
  });
});
