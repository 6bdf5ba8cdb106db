// A page kind whose table can grow with the model (risks, gaps, diagnostics) laid out as one page or,
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
  /** shown instead of the table when there are no rows */
  empty?: Markup;
}

/** The pages of a table, split by size. */
export function pagedTable(t: PagedTable): Page[] {
  const pieces = t.rows.length === 0 ? [[]] : splitBySize(t.rows, PAGE_BUDGET);
  return pieces.map((rows, index) => {
    const nav = pieceNav(t.stem, pieces.length, index, t.title);
    const table =
      rows.length === 0
        ? (t.empty ?? html``)
        : html`${t.table}<thead>${t.head}</thead><tbody>${rows}</tbody></table>`;
    return {
      name: pieceName(t.stem, index),
      title: pieces.length > 1 ? `${t.title} (${index + 1}/${pieces.length})` : t.title,
      section: t.section,
      body: html`${t.intro}${nav}${table}${nav}`,
    };
  });
}
