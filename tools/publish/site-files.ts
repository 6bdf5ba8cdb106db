// The whole pack as files: every page laid out (entity links resolved to the page that holds each
// entity), the assets, the search index and the matrix exports. Pure but for reading MiniSearch's
// browser build; the same data gives the same bytes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backwardTable, csvText, forwardTable } from './matrix-export.js';
import { workbookBuilder, type WorkbookBuilder } from './matrix-workbook-thread.js';
import type { PackData } from './pack-data.js';
import type { PackMatrix } from './pack-matrix.js';
import { changesPage } from './pages/changes-page.js';
import { documentPages } from './pages/document-pages.js';
import { gapsPages } from './pages/gaps-page.js';
import { matrixPages } from './pages/matrix-pages.js';
import { pageDocument, resolveLinks, type Page } from './pages/page.js';
import { riskPages } from './pages/risk-page.js';
import { searchPage } from './pages/search-page.js';
import { startPage } from './pages/start-page.js';
import { verificationPages } from './pages/verification-pages.js';
import { searchIndexScripts, searchPiecesScript } from './search-index.js';
import { FILTERS_JS, SEARCH_JS, SITE_CSS, SITE_JS } from './site-assets.js';

/** Every page of the pack, in reading order (the PDF prints them in this order). */
export function packPages(data: PackData): Page[] {
  // The documents hold every entity's home, so the pages after them can link to an entity's page at
  // once: the case pages' 200,000 owner links need no token to resolve.
  const documents = documentPages(data);
  const homes = entityHomes(documents);
  return [
    startPage(data),
    ...documents,
    ...matrixPages(data, (id) => entityHref(homes, id)),
    ...riskPages(data),
    ...verificationPages(data),
    changesPage(data),
    ...gapsPages(data),
    searchPage(),
  ];
}

/** Where each entity's home is: page name by entity id. */
export function entityHomes(pages: readonly Page[]): Map<string, string> {
  const homes = new Map<string, string>();
  for (const page of pages) for (const id of page.anchors ?? []) if (!homes.has(id)) homes.set(id, page.name);
  return homes;
}

/** The href of an entity's anchor on its page. */
export function entityHref(homes: ReadonlyMap<string, string>, id: string): string {
  return `${homes.get(id) ?? 'documents.html'}#${encodeURIComponent(id)}`;
}

/** MiniSearch's browser build, with its licence, as the pack ships it. */
function miniSearchAsset(): string {
  const esm = fileURLToPath(import.meta.resolve('minisearch'));
  const root = join(dirname(esm), '..', '..');
  const code = readFileSync(join(root, 'dist', 'umd', 'index.js'), 'utf8').replace(
    /\n\/\/# sourceMappingURL=.*\s*$/,
    '\n',
  );
  const licence = readFileSync(join(root, 'LICENSE.txt'), 'utf8');
  return `/*! MiniSearch, ${licence.trim().split('\n')[0]}; MIT licence:\n${licence.replace(/\*\//g, '* /')}*/\n${code}`;
}

/** The matrix as the CSV's and the XLSX's tables, and the XLSX on its way. */
export interface MatrixExports {
  forward: string[][];
  backward: string[][];
  xlsx: Promise<Buffer>;
}

/**
 * The matrix's tables, the XLSX started at once: on a large pack it is built on a worker (by
 * `workbook`, when one was started earlier) while this thread gathers the rest and lays out the pages.
 */
export function matrixExports(matrix: PackMatrix, date: Date, workbook?: WorkbookBuilder): MatrixExports {
  const forward = forwardTable(matrix);
  const backward = backwardTable(matrix);
  const xlsx = (workbook ?? workbookBuilder(forward.length + backward.length)).build(forward, backward, date);
  xlsx.catch(() => {}); // awaited by siteFiles; a publication that fails before then has its own error
  return { forward, backward, xlsx };
}

/**
 * The pack's pages (in reading order, for the PDF) and its files by path relative to the output folder.
 * `exports` are the matrix's, when publishPack started them before the rest of the data.
 */
export async function siteFiles(
  data: PackData,
  exports: MatrixExports = matrixExports(data, packDate(data)),
): Promise<{ pages: Page[]; files: Map<string, string | Buffer> }> {
  const { forward, backward, xlsx } = exports;
  const pages = packPages(data);
  const files = new Map<string, string | Buffer>();
  const homes = entityHomes(pages);
  const href = (id: string) => entityHref(homes, id);
  for (const page of pages) files.set(page.name, resolveLinks(pageDocument(page, data.project), href));
  files.set('assets/site.css', SITE_CSS);
  files.set('assets/site.js', SITE_JS);
  files.set('assets/filters.js', FILTERS_JS);
  files.set('assets/search.js', SEARCH_JS);
  files.set('assets/minisearch.js', miniSearchAsset());
  const pieces = searchIndexScripts(data, href);
  pieces.forEach((script, i) => files.set(`assets/search-index-${i + 1}.js`, script));
  files.set('assets/search-pieces.js', searchPiecesScript(pieces.length));
  files.set('matrix.csv', csvText(forward));
  files.set('matrix-cases.csv', csvText(backward));
  files.set('matrix.xlsx', await xlsx);
  return { pages, files };
}

/** The one date a pack carries: the baseline commit's, else the start of the zip era. */
export function packDate(data: Pick<PackData, 'baseline'>): Date {
  const date = data.baseline.date ? new Date(data.baseline.date) : new Date(Date.UTC(1980, 0, 1));
  return date.getTime() < Date.UTC(1980, 0, 1) ? new Date(Date.UTC(1980, 0, 1)) : date;
}
