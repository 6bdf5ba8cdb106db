// The verification report: per entity its verdict and why, the quarantined cases, the lock state, and
// each evidence file with its SHA-256. Split into pages of at most PAGE_BUDGET characters.
import { html, trusted } from '../markup.js';
import type { PackData } from '../pack-data.js';
import { KIND_WORDS } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { pagedTable } from './paged-table.js';
import { cells, verdictBadge } from './parts.js';

/** The verification report's pages (verification.html, then evidence.html). */
export function verificationPages(data: PackData): Page[] {
  const rows = data.order
    .map((id) => data.entities.get(id)!)
    .filter((e) => e.kind !== 'test_method')
    .map(
      (e) =>
        html`<tr>
          ${cells([entityLink(e.id), KIND_WORDS[e.kind], verdictBadge(e.verdict), e.why, e.members.length, e.members.filter((m) => m.lock === 'locked').length])}
        </tr>`,
    );
  const quarantined = data.quarantined.map(
    (q) =>
      html`<tr>
        ${cells([q.target, q.path, q.rule, html`${q.implicated.map((id, i) => html`${i > 0 ? ', ' : ''}${data.entities.has(id) ? entityLink(id) : id}`)}`])}
      </tr>`,
  );
  const head = html`<h2>Lock</h2>
    <p>
      ${data.lock.file ? `${data.lock.file}: ${data.lock.entries} pinned cases.` : 'No verification-set lock: attribution is not pinned.'}
    </p>
    <h2>Quarantined cases</h2>
    ${
      quarantined.length === 0
        ? html`<p>None.</p>`
        : html`<table>
            <thead>
              <tr>
                <th scope="col">Target</th>
                <th scope="col">Case</th>
                <th scope="col">Rule</th>
                <th scope="col">Made invalid</th>
              </tr>
            </thead>
            <tbody>
              ${quarantined}
            </tbody>
          </table>`
    }
    <h2>Verdicts</h2>`;
  const pages = pagedTable({
    stem: 'verification',
    title: 'Verification report',
    navLabel: 'Verification',
    numberTitles: false,
    section: 'verification',
    intro: html`<h1>Verification report</h1>
      <p>
        The verdict of every entity and why, as <code>rr report</code> derives it. Evidence files and their
        SHA-256: <a href="evidence.html">evidence</a>.
      </p>`,
    lead: head,
    table: trusted('<table class="verdicts">'),
    head: html`<tr>
      <th scope="col">Entity</th>
      <th scope="col">Kind</th>
      <th scope="col">Verdict</th>
      <th scope="col">Why</th>
      <th scope="col">Cases</th>
      <th scope="col">Locked</th>
    </tr>`,
    rows,
  });
  const files = data.evidenceFiles.map(
    (f) =>
      html`<tr>
        ${cells([f.file, html`<code>${f.sha256}</code>`])}
      </tr>`,
  );
  pages.push(
    ...pagedTable({
      stem: 'evidence',
      title: 'Evidence files',
      navLabel: 'Evidence',
      numberTitles: false,
      section: 'verification',
      intro: html`<h1>Evidence files</h1>
        <p>
          Every file of the evidence (${data.evidenceFiles.length}) with its SHA-256, so the pack can be
          checked against the archived results.
        </p>`,
      table: trusted('<table class="evidence">'),
      head: html`<tr>
        <th scope="col">File</th>
        <th scope="col">SHA-256</th>
      </tr>`,
      rows: files,
    }),
  );
  return pages;
}
