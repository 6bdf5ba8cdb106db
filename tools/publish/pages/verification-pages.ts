// The verification report: per entity its verdict and why, the quarantined cases, the lock state, and
// each evidence file with its SHA-256. Split into pages of at most PAGE_BUDGET characters.
import { html, type Markup } from '../markup.js';
import type { PackData } from '../pack-data.js';
import { KIND_WORDS } from '../pack-data.js';
import { PAGE_BUDGET } from './document-pages.js';
import { entityLink, type Page } from './page.js';
import { cells, pieceName, pieceNav, splitBySize, verdictBadge } from './parts.js';

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
  const table = (body: Markup[]) =>
    html`<table class="verdicts">
      <thead>
        <tr>
          <th scope="col">Entity</th>
          <th scope="col">Kind</th>
          <th scope="col">Verdict</th>
          <th scope="col">Why</th>
          <th scope="col">Cases</th>
          <th scope="col">Locked</th>
        </tr>
      </thead>
      <tbody>
        ${body}
      </tbody>
    </table>`;
  const pieces = splitBySize(rows, PAGE_BUDGET);
  const pages: Page[] = pieces.map((piece, index) => {
    const nav = pieceNav('verification', pieces.length, index, 'Verification');
    return {
      name: pieceName('verification', index),
      title: 'Verification report',
      section: 'verification',
      body: html`<h1>Verification report</h1>
        <p>
          The verdict of every entity and why, as <code>rr report</code> derives it. Evidence files and their
          SHA-256: <a href="evidence.html">evidence</a>.
        </p>
        ${index === 0 ? head : ''}${nav}${table(piece)}${nav}`,
    };
  });
  const files = data.evidenceFiles.map(
    (f) =>
      html`<tr>
        ${cells([f.file, html`<code>${f.sha256}</code>`])}
      </tr>`,
  );
  const filePieces = splitBySize(files, PAGE_BUDGET);
  filePieces.forEach((piece, index) => {
    const nav = pieceNav('evidence', filePieces.length, index, 'Evidence');
    pages.push({
      name: pieceName('evidence', index),
      title: 'Evidence files',
      section: 'verification',
      body: html`<h1>Evidence files</h1>
        <p>
          Every file of the evidence (${data.evidenceFiles.length}) with its SHA-256, so the pack can be
          checked against the archived results.
        </p>
        ${nav}
        <table class="evidence">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">SHA-256</th>
            </tr>
          </thead>
          <tbody>
            ${piece}
          </tbody>
        </table>
        ${nav}`,
    });
  });
  return pages;
}
