// The search index, prebuilt with MiniSearch over ids, titles and every text field, written as scripts
// (a page opened from file:// cannot fetch JSON) that the search page loads with MiniSearch.loadJS. A
// large model's index is cut into pieces of whole entities, each under a size bound, so no file of the
// pack is large and the search page loads them only once something is searched
// (docs/decisions/0352-the-search-index-in-pieces.md).
import MiniSearch from 'minisearch';
import type { PackData } from './pack-data.js';

const OPTIONS = {
  idField: 'id',
  fields: ['id', 'title', 'text'],
  // `p`: the entity's page, an index into the piece's list of pages (an href per entity was a
  // quarter of the index).
  storeFields: ['id', 'title', 'kind', 'p'],
};

/** The largest piece of the index, in bytes of script: well under the 2 MB any file of the pack may have. */
export const SEARCH_PIECE_BYTES = 1_000_000;

/** How many entities at most the first estimate of the index's size is made from. */
const SAMPLE = 200;

// Claims are left out: their targets and case paths are most of a large model's words (40 cases an
// entity on the bench model) and are listed, with their owners, on the matrix pages.
const NOT_INDEXED = new Set(['id', 'title', 'verified_by', 'validated_by']);

/** The words of an entity's fields other than its id, title and claims. */
function textOf(data: Record<string, unknown>): string {
  const words: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (NOT_INDEXED.has(key)) return;
    if (typeof value === 'string') words.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, ''));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, k);
  };
  walk(data, '');
  return words.join(' ');
}

interface SearchDocument {
  id: string;
  title: string;
  kind: string;
  text: string;
  href: string;
}

// "<" escaped so no text of the model can close the script element it may be inlined into.
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** One piece's script: it adds its index and the pages its entities are on to window.RR_SEARCH_PIECES. */
function pieceScript(documents: readonly SearchDocument[]): string {
  const pages: string[] = [];
  const pageIndex = new Map<string, number>();
  const index = new MiniSearch(OPTIONS);
  index.addAll(
    documents.map((d) => {
      // An entity's href is its page and its own anchor; the page is stored once per piece.
      const page = d.href.slice(0, d.href.lastIndexOf('#'));
      let p = pageIndex.get(page);
      if (p === undefined) pageIndex.set(page, (p = pages.push(page) - 1));
      return { id: d.id, title: d.title, kind: d.kind, text: d.text, p };
    }),
  );
  return `(window.RR_SEARCH_PIECES = window.RR_SEARCH_PIECES || []).push({ options: ${json(OPTIONS)}, pages: ${json(pages)}, index: ${json(index.toJSON())} });\n`;
}

/**
 * The index's pieces in entity order (`assets/search-index-N.js`, N from 1), each under `maxBytes`
 * unless one entity alone is larger; `href` gives an entity's page and anchor (`page#anchor`).
 */
export function searchIndexScripts(
  data: PackData,
  href: (id: string) => string,
  maxBytes = SEARCH_PIECE_BYTES,
): string[] {
  const documents = data.order.map((id): SearchDocument => {
    const e = data.entities.get(id)!;
    return { id, title: e.title, kind: e.kind, text: textOf(e.data), href: href(id) };
  });
  const pieces: string[] = [];
  // A piece's size is known only once its index is built: a run too large is cut into as many
  // equal runs as its size asks for (and a little more), each checked again.
  const cut = (run: readonly SearchDocument[]) => {
    const script = pieceScript(run);
    const bytes = Buffer.byteLength(script);
    if (bytes <= maxBytes || run.length === 1) {
      pieces.push(script);
      return;
    }
    const parts = Math.min(run.length, Math.max(2, Math.ceil((bytes * 1.15) / maxBytes)));
    const size = Math.ceil(run.length / parts);
    for (let i = 0; i < run.length; i += size) cut(run.slice(i, i + size));
  };
  // Building an index is most of the work: rather than build the whole one to learn it is too large,
  // a sample's bytes per character of text say where to cut first.
  const chars = (d: SearchDocument) => d.id.length + d.title.length + d.text.length + d.href.length + 8;
  const total = documents.reduce((sum, d) => sum + chars(d), 0);
  const sample = documents.slice(0, Math.min(SAMPLE, Math.ceil(documents.length / 8)));
  const perChar = Buffer.byteLength(pieceScript(sample)) / sample.reduce((sum, d) => sum + chars(d), 0);
  const budget = maxBytes / perChar / 1.1; // characters of text per piece, with a margin
  if (total <= budget) cut(documents);
  else {
    let run: SearchDocument[] = [];
    let size = 0;
    for (const d of documents) {
      if (run.length > 0 && size + chars(d) > budget) {
        cut(run);
        run = [];
        size = 0;
      }
      run.push(d);
      size += chars(d);
    }
    cut(run);
  }
  return pieces;
}

/** assets/search-pieces.js: how many pieces the index has, for the search page to load. */
export function searchPiecesScript(count: number): string {
  return `window.RR_SEARCH_PIECE_COUNT = ${count};\n`;
}
