// A table that outgrows the page budget (risks, gaps, diagnostics of a large model) is laid out as
// several pages, each with the heading, the table head and links to the others, every row on exactly
// one page and in order.
import { describe, expect, it } from 'vitest';
import { html, trusted } from '../../tools/publish/markup.js';
import { PAGE_BUDGET } from '../../tools/publish/pages/document-pages.js';
import { pagedTable } from '../../tools/publish/pages/paged-table.js';

const table = (count: number, width: number) =>
  pagedTable({
    stem: 'risks',
    title: 'Risk management table',
    section: 'risks',
    intro: html`<h1>Risk management table</h1>`,
    table: trusted('<table class="risks">'),
    head: html`<tr>
      <th scope="col">Risk</th>
    </tr>`,
    rows: Array.from(
      { length: count },
      (_, i) =>
        html`<tr data-id="RISK-${i}">
          <td>${'x'.repeat(width)}</td>
        </tr>`,
    ),
  });

describe('a paged table', () => {
  it('is one page while it fits', () => {
    const pages = table(10, 100);
    expect(pages.map((p) => p.name)).toEqual(['risks.html']);
    expect(pages[0]!.body.html).not.toContain('class="pieces"');
  });

  it('splits past the budget, each page whole, every row once and in order', () => {
    const pages = table(400, 5_000); // 2 MB of rows
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.map((p) => p.name).slice(0, 3)).toEqual(['risks.html', 'risks-2.html', 'risks-3.html']);
    const ids: string[] = [];
    for (const page of pages) {
      const body = page.body.html;
      expect(body.length).toBeLessThan(PAGE_BUDGET + 10_000);
      expect(body).toContain('<h1>Risk management table</h1>');
      expect(body).toMatch(/<thead>\s*<tr>\s*<th scope="col">Risk<\/th>\s*<\/tr>\s*<\/thead>/);
      for (const other of pages) if (other !== page) expect(body).toContain(`href="${other.name}"`);
      ids.push(...[...body.matchAll(/data-id="(RISK-\d+)"/g)].map((m) => m[1]!));
      expect(page.title).toMatch(/^Risk management table \(\d+\/\d+\)$/);
    }
    expect(ids).toEqual(Array.from({ length: 400 }, (_, i) => `RISK-${i}`));
  });

  it('carries the lead on its first page only, its scripts on every page, and unnumbered titles when asked', () => {
    const pages = pagedTable({
      stem: 'matrix',
      title: 'Traceability matrix',
      navLabel: 'Matrix',
      numberTitles: false,
      section: 'matrix',
      scripts: ['assets/filters.js'],
      intro: html`<h1>Traceability matrix</h1>`,
      lead: html`<p class="lead">Only here.</p>`,
      table: trusted('<table class="matrix">'),
      head: html`<tr>
        <th scope="col">Requirement</th>
      </tr>`,
      rows: Array.from(
        { length: 300 },
        (_, i) =>
          html`<tr data-id="REQ-${i}">
            <td>${'y'.repeat(5_000)}</td>
          </tr>`,
      ),
    });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((p) => p.title)).toEqual(pages.map(() => 'Traceability matrix'));
    expect(pages.map((p) => p.body.html.includes('class="lead"'))).toEqual(pages.map((_, i) => i === 0));
    for (const page of pages) {
      expect(page.scripts).toEqual(['assets/filters.js']);
      expect(page.body.html).toContain('aria-label="Matrix pages"');
    }
  });

  it('keeps the table, with its head and no rows, when there is nothing to list', () => {
    const [only, ...rest] = table(0, 10);
    expect(rest).toEqual([]);
    expect(only!.body.html).toMatch(/<thead>\s*<tr>\s*<th scope="col">Risk<\/th>/);
    expect(only!.body.html).toMatch(/<tbody><\/tbody>/);
  });
});
