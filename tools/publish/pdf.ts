// The pack as one PDF, printed by headless Chromium from the same page markup as the site: a table of
// contents, every page kind starting a new sheet, page numbers in the footer, the print styles of
// assets/site.css. Chromium is Debian's package, driven by playwright-core.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { html, trusted } from './markup.js';
import type { PackData } from './pack-data.js';
import { resolveLinks, type Page } from './pages/page.js';
import { SITE_CSS } from './site-assets.js';

/** Where Chromium is looked for: RR_CHROMIUM, else Debian's package. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.RR_CHROMIUM || '/usr/bin/chromium';
}

/** Why no PDF can be printed here, or undefined when it can. */
export function pdfUnavailable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = chromiumPath(env);
  if (existsSync(path)) return undefined;
  return `no Chromium at ${path}, so no PDF: install Debian's package (\`sudo apt-get install chromium\`) or set RR_CHROMIUM to a Chromium or Chrome binary, then publish again with --pdf; the HTML pack was written`;
}

/** The print document: a table of contents, then each page's body as a part of its own. */
export function printDocument(data: PackData, pages: readonly Page[]): string {
  const printed = pages.filter((p) => p.section !== 'search');
  const names = new Set(printed.map((p) => p.name));
  const partId = (name: string) => `part-${name.replace(/\.html$/, '')}`;
  // Links between pages become links inside the one document.
  const local = (text: string) =>
    text.replace(/href="([^"#]+\.html)(#[^"]*)?"/g, (whole, page: string, fragment?: string) =>
      fragment ? `href="${fragment}"` : names.has(page) ? `href="#${partId(page)}"` : whole,
    );
  const toc = html`<section class="toc">
    <h1>${data.project}: audit pack</h1>
    <h2>Contents</h2>
    <ol>
      ${printed.map((p) => html`<li><a href="#${partId(p.name)}">${p.title}</a></li>`)}
    </ol>
  </section>`;
  const parts = printed.map(
    (p) =>
      html`<section class="print-part" id="${partId(p.name)}">
        ${trusted(local(resolveLinks(p.body.html, (id) => `#${encodeURIComponent(id)}`)))}
      </section>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${data.project}: audit pack</title>
        <style>
          ${trusted(SITE_CSS)}
        </style>
      </head>
      <body>
        <main>${toc}${parts}</main>
      </body>
    </html> `.html;
}

/** Prints the pack to `file` with headless Chromium. */
export async function printPdf(data: PackData, pages: readonly Page[], file: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const dir = await mkdtemp(join(tmpdir(), 'rr-publish-pdf-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const source = join(dir, 'pack.html');
    await writeFile(source, printDocument(data, pages));
    const page = await browser.newPage();
    await page.goto(pathToFileURL(source).href, { waitUntil: 'load' });
    await page.pdf({
      path: file,
      format: 'A4',
      landscape: true,
      printBackground: true,
      outline: true,
      tagged: true,
      displayHeaderFooter: true,
      headerTemplate: '<div></div>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center;font-family:sans-serif"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
    });
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}
