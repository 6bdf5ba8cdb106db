// The work queue (gaps) and every diagnostic with its file:line, as `rr report` lists them, each on
// pages of its own.
import { html, trusted } from '../markup.js';
import type { PackData } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { pagedTable } from './paged-table.js';
import { cells } from './parts.js';

/** The gaps (gaps.html) and the diagnostics (diagnostics.html), each paged for a large model. */
export function gapsPages(data: PackData): Page[] {
  const link = (id: string | undefined) =>
    id === undefined ? '' : data.entities.has(id) ? entityLink(id) : html`${id}`;
  const where = (d: PackData['diagnostics'][number]) =>
    d.file ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}` : '';
  const gaps = pagedTable({
    stem: 'gaps',
    title: 'Gaps',
    section: 'gaps',
    intro: html`<h1>Gaps</h1>
      <p>
        The work queue: ${data.gaps.length} gaps. The diagnostics (${data.counts.errors} errors,
        ${data.counts.warnings} warnings) are on <a href="diagnostics.html">their own page</a>.
      </p>`,
    table: trusted('<table class="gaps">'),
    head: html`<tr>
      <th scope="col">Gap</th>
      <th scope="col">Entity</th>
      <th scope="col">Route</th>
      <th scope="col">Detail</th>
    </tr>`,
    rows: data.gaps.map(
      (g) =>
        html`<tr>
          ${cells([g.kind, link(g.entity), g.route, g.detail])}
        </tr>`,
    ),
  });
  const diagnostics = pagedTable({
    stem: 'diagnostics',
    title: 'Diagnostics',
    section: 'gaps',
    intro: html`<h1 id="diagnostics">Diagnostics</h1>
      <p>
        ${data.counts.errors} errors, ${data.counts.warnings} warnings. The work queue:
        <a href="gaps.html">gaps</a>.
      </p>`,
    table: trusted('<table class="diagnostics">'),
    head: html`<tr>
      <th scope="col">Where</th>
      <th scope="col">Severity</th>
      <th scope="col">Rule</th>
      <th scope="col">Entity</th>
      <th scope="col">Message</th>
    </tr>`,
    rows: data.diagnostics.map(
      (d) =>
        html`<tr class="sev-${d.severity}">
          ${cells([where(d), d.severity, d.rule, link(d.entity), d.message])}
        </tr>`,
    ),
  });
  return [...gaps, ...diagnostics];
}
