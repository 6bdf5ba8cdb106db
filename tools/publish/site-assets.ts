// The pack's style sheet and its few scripts. The pages read without them; the scripts only filter the
// matrix and run the search. Print styles give the PDF its page breaks and hide what only a screen uses.

/** assets/site.css */
export const SITE_CSS = `:root { --fg: #1b1b1b; --muted: #555; --line: #c8c8c8; --accent: #0b5394; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: #fff; }
header.site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; padding: 0.5rem 1rem; border-bottom: 1px solid var(--line); background: #f4f6f8; }
header.site .project { margin: 0; font-weight: 600; }
header.site nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; margin: 0; padding: 0; }
header.site a[aria-current] { font-weight: 700; text-decoration: none; color: var(--fg); }
.skip { position: absolute; left: -10000px; }
.skip:focus { position: static; }
main { padding: 1rem; max-width: 110rem; }
a { color: var(--accent); }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; width: 100%; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.4rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eef1f4; }
.entity { border-top: 2px solid var(--line); padding-top: 0.5rem; margin-top: 1rem; }
.entity h3 { margin: 0.25rem 0; }
.entity .id { font-family: ui-monospace, monospace; }
.meta { color: var(--muted); margin: 0.25rem 0; }
dl.fields, dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; }
dl.fields dt, dl.facts dt { font-weight: 600; }
dl.fields dd, dl.facts dd, dl.nested dd { margin: 0; }
dl.nested dt { font-style: italic; }
.verdict { display: inline-block; padding: 0 0.35rem; border-radius: 0.2rem; font-size: 0.85em; font-weight: 600; border: 1px solid currentColor; }
.v-verified, .v-accepted { color: #0a5c1f; }
.v-failed, .v-invalid { color: #8a1111; }
.v-partial, .v-unverified { color: #6b4a00; }
.state.s-failed, .state.s-error, .a-unacceptable { color: #8a1111; font-weight: 600; }
.state.s-passed, .a-acceptable { color: #0a5c1f; }
.modified { color: #8a1111; }
.empty, .dangling { color: var(--muted); }
.invariant { font-weight: 600; }
ul.cases { margin: 0; padding-left: 1rem; }
.filters { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.5rem 0; }
.pieces ul { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; padding: 0; }
.search label { font-weight: 600; }
.results li { margin-bottom: 0.25rem; }
tr.hidden-by-filter { display: none; }
.toc ol { columns: 2; }
@media print {
  header.site, .filters, .pieces, .search, .no-script { display: none !important; }
  body { font-size: 10pt; }
  main { padding: 0; max-width: none; }
  a { color: inherit; text-decoration: none; }
  .print-part { break-before: page; }
  .entity, tr { break-inside: avoid; }
  thead { display: table-header-group; }
}
`;

/** assets/site.js: marks that scripts run, so what needs them can show. */
export const SITE_JS = `document.documentElement.classList.add('js');
document.addEventListener('DOMContentLoaded', function () {
  document.querySelectorAll('.no-script').forEach(function (el) { el.hidden = true; });
});
`;

/** assets/filters.js: the matrix's filters, over the rows of the page shown. */
export const FILTERS_JS = `document.addEventListener('DOMContentLoaded', function () {
  var box = document.querySelector('.filters');
  if (!box) return;
  box.hidden = false;
  var rows = Array.prototype.slice.call(document.querySelectorAll('table.matrix tbody tr'));
  var output = box.querySelector('output');
  function apply() {
    var wanted = Array.prototype.slice.call(box.querySelectorAll('input[data-filter]:checked')).map(function (i) { return i.getAttribute('data-filter'); });
    var shown = 0;
    rows.forEach(function (row) {
      var flags = (row.getAttribute('data-flags') || '').split(' ');
      var keep = wanted.every(function (f) { return flags.indexOf(f) >= 0; });
      row.classList.toggle('hidden-by-filter', !keep);
      if (keep) shown++;
    });
    output.textContent = shown + ' of ' + rows.length + ' requirements shown';
  }
  box.addEventListener('change', apply);
  apply();
});
`;

/**
 * assets/search.js: loads the index's pieces (script elements: a page from file:// cannot fetch),
 * searches each and lists the hits of all by score.
 */
export const SEARCH_JS = `document.addEventListener('DOMContentLoaded', function () {
  var q = new URLSearchParams(location.search).get('q') || '';
  var input = document.getElementById('rr-q');
  if (input) input.value = q;
  var status = document.getElementById('rr-search-status');
  var list = document.getElementById('rr-results');
  if (!q.trim()) { status.textContent = 'Type words of an id, a title or a text.'; return; }
  status.textContent = 'Searching…';
  var count = window.RR_SEARCH_PIECE_COUNT || 0;
  var loaded = 0;
  function show() {
    var hits = [];
    (window.RR_SEARCH_PIECES || []).forEach(function (piece) {
      var index = MiniSearch.loadJS(piece.index, piece.options);
      index.search(q, { prefix: true, fuzzy: 0.2, combineWith: 'AND' }).forEach(function (hit) {
        hit.href = piece.pages[hit.p] + '#' + encodeURIComponent(hit.id);
        hits.push(hit);
      });
    });
    // Pieces come in entity order; a stable sort keeps it among equal scores.
    hits.sort(function (a, b) { return b.score - a.score; });
    status.textContent = hits.length + ' results for "' + q + '"';
    hits.slice(0, 200).forEach(function (hit) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = hit.href;
      a.textContent = hit.id + ' ' + hit.title;
      li.appendChild(a);
      li.appendChild(document.createTextNode(' (' + hit.kind + ')'));
      list.appendChild(li);
    });
  }
  function next() {
    if (loaded === count) { show(); return; }
    var script = document.createElement('script');
    script.src = 'assets/search-index-' + (loaded + 1) + '.js';
    script.onload = function () { loaded++; next(); };
    script.onerror = function () { status.textContent = 'The search index (' + script.src + ') could not be loaded.'; };
    document.head.appendChild(script);
  }
  next();
});
`;
