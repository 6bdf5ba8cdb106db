// The traceability matrix both ways: need → requirement → case → result (one row per requirement, with
// filters for missing links, unverified, failed and derived requirements), and case → owner. Both are
// split into pages of at most PAGE_BUDGET characters; the filters work on each page.
import { escapeHtml, html, trusted, type Markup } from '../markup.js';
import type { BackwardRow, ForwardRow, PackData } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { lazily, pagedTable } from './paged-table.js';
import { cells, entityLinks, stateSpan, verdictBadge } from './parts.js';

/** Whether a requirement counts as unverified in the filters: any verdict short of VERIFIED or FAILED. */
export function isUnverified(row: ForwardRow): boolean {
  return row.verdict !== 'VERIFIED' && row.verdict !== 'FAILED' && row.verdict !== 'ACCEPTED';
}

/** Whether a requirement counts as failed in the filters. */
export function isFailed(row: ForwardRow): boolean {
  return row.verdict === 'FAILED' || row.cases.some((c) => c.state === 'failed' || c.state === 'error');
}

/**
 * The matrix pages, forward and backward. With `href` (an entity's page and anchor, known once the
 * documents are laid out) the case pages link owners directly; without, through entity-link tokens.
 */
export function matrixPages(data: PackData, href?: (id: string) => string): Page[] {
  return [...forwardPages(data), ...backwardPages(data, href)];
}

const FILTERS = html`<fieldset class="filters" hidden>
  <legend>Show only requirements</legend>
  <label><input type="checkbox" data-filter="missing" /> with missing links</label>
  <label><input type="checkbox" data-filter="unverified" /> unverified</label>
  <label><input type="checkbox" data-filter="failed" /> failed</label>
  <label><input type="checkbox" data-filter="derived" /> derived (no parent)</label>
  <output class="shown" aria-live="polite"></output>
</fieldset>`;

function forwardRow(data: PackData, row: ForwardRow): Markup {
  const flags = [
    row.missingLinks ? 'missing' : '',
    isUnverified(row) ? 'unverified' : '',
    isFailed(row) ? 'failed' : '',
    row.derived ? 'derived' : '',
  ].filter(Boolean);
  const cases =
    row.cases.length === 0
      ? html`<span class="empty">no case</span>`
      : trusted(
          `<ul class="cases">${row.cases.map((c) => `<li>${escapeHtml(c.target)} ${escapeHtml(c.path)} ${stateSpan(c.state)}</li>`).join('')}</ul>`,
        );
  return html`<tr data-flags="${flags.join(' ')}" data-id="${row.requirement}">
    ${cells([
      row.needs.length > 0 ? entityLinks(row.needs, data.entities) : html`<span class="empty">none</span>`,
      html`${entityLink(row.requirement)}
      ${row.title}${row.parents.length > 0 ? html`<br /><small>refines ${entityLinks(row.parents, data.entities)}</small>` : ''}${row.mitigations.length > 0 ? html`<br /><small>implements ${entityLinks(row.mitigations, data.entities)}</small>` : ''}`,
      cases,
      verdictBadge(row.verdict),
      flags.join(', '),
    ])}
  </tr>`;
}

function forwardPages(data: PackData): Page[] {
  return pagedTable({
    stem: 'matrix',
    title: 'Traceability matrix',
    navLabel: 'Matrix',
    numberTitles: false,
    section: 'matrix',
    scripts: ['assets/filters.js'],
    intro: html`<h1>Traceability matrix</h1>
      <p>
        User need → requirement → test case → result, one row per requirement (${data.forward.length} in all).
        The other way: <a href="cases.html">test case → owner</a>. Downloads: <a href="matrix.csv">CSV</a>,
        <a href="matrix-cases.csv">CSV (cases)</a>, <a href="matrix.xlsx">XLSX</a>.
      </p>
      ${FILTERS}`,
    table: trusted('<table class="matrix">'),
    head: html`<tr>
      <th scope="col">User needs</th>
      <th scope="col">Requirement</th>
      <th scope="col">Test cases and results</th>
      <th scope="col">Verdict</th>
      <th scope="col">Flags</th>
    </tr>`,
    rows: lazily(data.forward, (r) => forwardRow(data, r)),
  });
}

/** One case and its owner as a table row, one string per case (a large pack has 200,000 of them). */
function backwardRow(data: PackData, row: BackwardRow, href?: (id: string) => string): Markup {
  const owner = row.owner
    ? data.entities.has(row.owner)
      ? href
        ? `<a href="${href(row.owner)}">${escapeHtml(row.owner)}</a>` // as entityLink resolves
        : entityLink(row.owner).html
      : escapeHtml(row.owner)
    : '<span class="empty">no owner</span>';
  return trusted(
    `<tr><td>${escapeHtml(row.target)}</td><td>${escapeHtml(row.path)}</td><td>${stateSpan(row.state)}</td>` +
      `<td>${owner}</td><td>${escapeHtml(row.ownerKind ?? '')}</td><td>${verdictBadge(row.ownerVerdict).html}</td></tr>\n`,
  );
}

function backwardPages(data: PackData, href?: (id: string) => string): Page[] {
  return pagedTable({
    stem: 'cases',
    title: 'Test case → owner',
    navLabel: 'Cases',
    numberTitles: false,
    section: 'matrix',
    intro: html`<h1>Test case → owner</h1>
      <p>
        Every test case of the evidence (${data.backward.length}) and the one entity it verifies. The other
        way: <a href="matrix.html">the traceability matrix</a>.
      </p>`,
    table: trusted('<table class="cases">'),
    head: html`<tr>
      <th scope="col">Target</th>
      <th scope="col">Case</th>
      <th scope="col">Result</th>
      <th scope="col">Owner</th>
      <th scope="col">Kind</th>
      <th scope="col">Owner's verdict</th>
    </tr>`,
    rows: lazily(data.backward, (r) => backwardRow(data, r, href)),
  });
}
