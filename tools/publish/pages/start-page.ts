// The start page: what was published from where, the counts, the invariant line, verdict totals, and
// how many gaps and diagnostics are open. Small on purpose: it is the page that opens first.
import { html } from '../markup.js';
import { plural } from '../../report/diagnostic-counts.js';
import type { PackData } from '../pack-data.js';
import type { Page } from './page.js';
import { cells, verdictBadge } from './parts.js';

/** The start page (index.html). */
export function startPage(data: PackData): Page {
  const b = data.baseline;
  const baseline =
    b.commit === null
      ? html`not under git (no baseline)`
      : html`${b.tag ? html`tag <strong>${b.tag}</strong>, ` : ''}commit <code>${b.commit}</code> of
          ${b.date}${b.modified ? html` <strong class="modified">modified: the working tree differs from this commit</strong>` : ''}`;
  const c = data.counts;
  return {
    name: 'index.html',
    title: 'Audit pack',
    section: 'start',
    body: html`<h1>${data.project}</h1>
      <dl class="facts">
        <dt>Baseline</dt>
        <dd>${baseline}</dd>
        <dt>Published by</dt>
        <dd>rr ${data.rrVersion}</dd>
        <dt>Model</dt>
        <dd>${data.summary} in ${data.documents.length} documents</dd>
        <dt>Lock</dt>
        <dd>
          ${data.lock.file ? `${data.lock.file} (${data.lock.entries} entries)` : 'no verification-set lock'}
        </dd>
        <dt>Test cases</dt>
        <dd>${c.cases} (${c.owned} owned, ${c.unowned} unowned, ${c.quarantined} quarantined)</dd>
      </dl>
      <p class="invariant">${data.invariant}</p>
      <h2>Verdicts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Verdict</th>
            <th scope="col">Entities</th>
          </tr>
        </thead>
        <tbody>
          ${data.verdictTotals.map(
            ([v, n]) =>
              html`<tr>
                ${cells([verdictBadge(v === 'none' ? null : v), n])}
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Open work</h2>
      <ul>
        <li><a href="gaps.html">${plural(data.gaps.length, 'gap')}</a></li>
        <li>
          <a href="diagnostics.html">${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}</a>
        </li>
        ${data.changes ? html`<li><a href="changes.html">Changes since ${data.changes.since.ref}</a></li>` : ''}
      </ul>
      <h2>Contents</h2>
      <ul>
        <li><a href="documents.html">Documents</a>: every entity, its traces and verification set</li>
        <li>
          <a href="matrix.html">Traceability matrix</a>: need → requirement → case → result, and
          <a href="cases.html">case → owner</a>; also as <a href="matrix.csv">CSV</a>,
          <a href="matrix-cases.csv">CSV (cases)</a> and <a href="matrix.xlsx">XLSX</a>
        </li>
        <li><a href="risks.html">Risk management table</a> (ISO 14971)</li>
        <li><a href="verification.html">Verification report</a></li>
        <li><a href="changes.html">Changes</a></li>
        <li><a href="gaps.html">Gaps and diagnostics</a></li>
      </ul>`,
  };
}
