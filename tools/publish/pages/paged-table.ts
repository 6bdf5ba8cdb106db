// A page kind whose table can grow with the model (the matrix both ways, the verification report, the
// evidence files, risks, gaps, diagnostics) laid out as one page or,
// past the page budget, as several with links between them, each repeating the heading, the text above
// the table and the table's head, so no page of the pack outgrows what a browser opens at once.
import { html, type Markup } from '../markup.js';
import { PAGE_BUDGET } from './document-pages.js';
import type { Page, Section } from './page.js';
import { pieceName, pieceNav, splitBySize } from './parts.js';

/** What a paged table page shows around its rows. */
export interface PagedTable {
  /** the first page's stem: "risks" gives risks.html, risks-2.html, … */
  stem: string;
  title: string;
  section: Section;
  /** what comes before the table on every page (heading, explanation) */
  intro: Markup;
  /** the table's opening tag (its class) and head row */
  table: Markup;
  head: Markup;
  rows: readonly Markup[];
  /** shown on the first page only, between the intro and the table (what the other pages need not repeat) */
  lead?: Markup;
  /** what the links between the pages call them (default: the title) */
  navLabel?: string;
  /** the pages' own scripts (the matrix's filters) */
  scripts?: string[];
  /** whether each page's title says which piece it is, "(2/5)" (default: yes) */
  numberTitles?: boolean;
  /** shown instead of the table when there are no rows (default: the table with an empty body) */
  empty?: Markup;
}

/** The pages of a table, split by size. */
export function pagedTable(t: PagedTable): Page[] {
  const pieces = splitBySize(t.rows, PAGE_BUDGET); // one empty piece when there are no rows
  const numbered = pieces.length > 1 && t.numberTitles !== false;
  return pieces.map((rows, index) => {
    const nav = pieceNav(t.stem, pieces.length, index, t.navLabel ?? t.title);
    const table =
      rows.length === 0 && t.empty
        ? t.empty
        : html`${t.table}<thead>${t.head}</thead><tbody>${rows}</tbody></table>`;
    const page: Page = {
      name: pieceName(t.stem, index),
      title: numbered ? `${t.title} (${index + 1}/${pieces.length})` : t.title,
      section: t.section,
      body: html`${t.intro}${index === 0 ? (t.lead ?? '') : ''}${nav}${table}${nav}`,
    };
    if (t.scripts) page.scripts = t.scripts;
    return page;
  });
}
