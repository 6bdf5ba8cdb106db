// A page kind whose table can grow with the model (the matrix both ways, the verification report, the
// evidence files, risks, gaps, diagnostics) laid out as one page or,
// past the page budget, as several with links between them, each repeating the heading, the text above
// the table and the table's head, so no page of the pack outgrows what a browser opens at once.
import { html, trusted, type Markup } from '../markup.js';
import { PAGE_BUDGET } from './document-pages.js';
import type { Page, Section } from './page.js';
import { pieceName, pieceNav } from './parts.js';

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
  /** the rows, made as they are read (see `lazily`): a large table's rows are not all kept at once */
  rows: Iterable<Markup>;
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
  const pieces = joinedPieces(t.rows, PAGE_BUDGET); // one empty piece when there are no rows
  const numbered = pieces.length > 1 && t.numberTitles !== false;
  return pieces.map((rows, index) => {
    const nav = pieceNav(t.stem, pieces.length, index, t.navLabel ?? t.title);
    const table =
      rows === '' && t.empty
        ? t.empty
        : html`${t.table}<thead>${t.head}</thead><tbody>${trusted(rows)}</tbody></table>`;
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

/** `f` of each item, made only when read. */
export function* lazily<T>(items: readonly T[], f: (item: T) => Markup): Iterable<Markup> {
  for (const item of items) yield f(item);
}

/**
 * Rows split into pieces of at most `budget` characters of markup (at least one row a piece), each
 * piece's rows joined into one string as soon as it is full: the rows of a large table (200,000 cases)
 * then die young instead of all being kept, and copied by the garbage collector, until the last one.
 */
function joinedPieces(rows: Iterable<Markup>, budget: number): string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  let size = 0;
  for (const row of rows) {
    const text = row.html;
    if (piece.length > 0 && size + text.length > budget) {
      pieces.push(piece.join(''));
      piece = [];
      size = 0;
    }
    piece.push(text);
    size += text.length;
  }
  pieces.push(piece.join(''));
  return pieces;
}
