// The search index, prebuilt with MiniSearch over ids, titles and every text field, written as a script
// (a page opened from file:// cannot fetch JSON) that the search page loads with MiniSearch.loadJS.
import MiniSearch from 'minisearch';
import type { PackData } from './pack-data.js';

const OPTIONS = {
  idField: 'id',
  fields: ['id', 'title', 'text'],
  storeFields: ['id', 'title', 'kind', 'href'],
};

/** The words of an entity's fields other than its id and title. */
function textOf(data: Record<string, unknown>): string {
  const words: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (key === 'id' || key === 'title') return;
    if (typeof value === 'string') words.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, ''));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, k);
  };
  walk(data, '');
  return words.join(' ');
}

/** assets/search-index.js for the pack; `href` gives an entity's page and anchor. */
export function searchIndexScript(data: PackData, href: (id: string) => string): string {
  const index = new MiniSearch(OPTIONS);
  index.addAll(
    data.order.map((id) => {
      const e = data.entities.get(id)!;
      return { id, title: e.title, kind: e.kind, text: textOf(e.data), href: href(id) };
    }),
  );
  // "<" escaped so no text of the model can close the script element it may be inlined into.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `window.RR_SEARCH_OPTIONS = ${json(OPTIONS)};\nwindow.RR_SEARCH_INDEX = ${json(index.toJSON())};\n`;
}
