// The search page: reads ?q= from its address, loads the prebuilt index's pieces
// (assets/search-index-N.js) and searches them with MiniSearch in the browser; without JavaScript it
// says where to look instead.
import { html } from '../markup.js';
import type { Page } from './page.js';

/** The search page (search.html). */
export function searchPage(): Page {
  return {
    name: 'search.html',
    title: 'Search',
    section: 'search',
    scripts: ['assets/minisearch.js', 'assets/search-pieces.js', 'assets/search.js'],
    body: html`<h1>Search</h1>
      <p class="no-script">
        Search needs JavaScript; every entity is also listed on its
        <a href="documents.html">document's page</a>.
      </p>
      <p id="rr-search-status" aria-live="polite"></p>
      <ol id="rr-results" class="results"></ol>`,
  };
}
