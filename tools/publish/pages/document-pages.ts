// One page per model document (a model file), in the model's order, its sections kept: every entity
// with all its fields, notes and status, its traces both ways, its verdict and verification set. A
// large document is split into pieces of at most PAGE_BUDGET characters of markup.
import { escapeHtml, html, trusted, type Markup } from '../markup.js';
import type { PackData, PackDocument, PackEntity, PackMember } from '../pack-data.js';
import { KIND_WORDS } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { cells, entityLinks, fieldValue, pieceName, pieceNav, stateSpan, verdictBadge } from './parts.js';

/** Characters of markup a page piece holds at most (well below 2 MB even in 3-byte UTF-8). */
export const PAGE_BUDGET = 600_000;

const SHOWN_APART = new Set(['id', 'title', 'notes', 'status']);

const RELATION_UP: Record<string, string> = {
  satisfies: 'satisfies',
  refines: 'refines',
  implements: 'implements',
  mitigates: 'mitigates',
};
const RELATION_DOWN: Record<string, string> = {
  satisfies: 'satisfied by',
  refines: 'refined by',
  implements: 'implemented by',
  mitigates: 'mitigated by',
};

/** The file name stem of each document's pages, stable and unique: "doc-requirements-yaml". */
export function documentStems(documents: readonly PackDocument[]): string[] {
  const seen = new Map<string, number>();
  // Named from the model folder down: the folders every document shares say nothing.
  const folders = documents.map((d) => d.file.split('/').slice(0, -1));
  let shared = 0;
  while (folders.every((f) => f.length > shared && f[shared] === folders[0]![shared])) shared++;
  return documents.map((d) => {
    const name = d.file.split('/').slice(shared).join('/');
    const base = `doc-${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-v${n}`;
  });
}

/** The documents' pages and the list of documents. */
export function documentPages(data: PackData): Page[] {
  const stems = documentStems(data.documents);
  const pages: Page[] = [documentList(data, stems)];
  data.documents.forEach((doc, index) => pages.push(...documentPieces(data, doc, stems[index]!)));
  return pages;
}

function documentList(data: PackData, stems: string[]): Page {
  const rows = data.documents.map((d, i) => {
    const count = d.sections.reduce((n, s) => n + s.entities.length, 0);
    return html`<tr>
      ${cells([html`<a href="${pieceName(stems[i]!, 0)}">${d.file}</a>`, d.sections.map((s) => s.title).join(', '), count])}
    </tr>`;
  });
  return {
    name: 'documents.html',
    title: 'Documents',
    section: 'documents',
    body: html`<h1>Documents</h1>
      <p>The model's files in the order the model loads them.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Sections</th>
            <th scope="col">Entities</th>
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>`,
  };
}

/** A piece of a document page: its markup so far, joined when full, and the entities it holds. */
interface Piece {
  parts: string[];
  size: number;
  ids: string[];
}

function documentPieces(data: PackData, doc: PackDocument, stem: string): Page[] {
  // Each entity's block is made and placed in its piece at once, and a full piece is joined: a large
  // document's blocks then die young instead of all being kept until the last is made.
  const pieces: { body: string; ids: string[] }[] = [];
  let piece: Piece = { parts: [], size: 0, ids: [] };
  let section = -1;
  const close = () => {
    if (section >= 0) piece.parts.push('</section>');
    pieces.push({ body: piece.parts.join(''), ids: piece.ids });
  };
  doc.sections.forEach((s, index) => {
    for (const id of s.entities) {
      const block = entityBlock(data, data.entities.get(id)!).html;
      if (piece.ids.length > 0 && piece.size + block.length > PAGE_BUDGET) {
        close();
        piece = { parts: [], size: 0, ids: [] };
        section = -1;
      }
      if (index !== section) {
        if (section >= 0) piece.parts.push('</section>');
        section = index;
        piece.parts.push(html`<section class="kind"><h2>${s.title}</h2></section>`.html);
      }
      piece.parts.push(block);
      piece.size += block.length;
      piece.ids.push(id);
    }
  });
  close();
  return pieces.map(({ body, ids }, index) => {
    const nav = pieceNav(stem, pieces.length, index, doc.file);
    return {
      name: pieceName(stem, index),
      title: pieces.length > 1 ? `${doc.file} (${index + 1}/${pieces.length})` : doc.file,
      section: 'documents',
      anchors: ids,
      body: html`<h1 class="document">${doc.file}</h1>
        ${nav}${trusted(body)}${nav}`,
    };
  });
}

/** One entity: fields, notes, status, traces both ways, verdict and set. */
export function entityBlock(data: PackData, e: PackEntity): Markup {
  const fields = Object.entries(e.data).filter(([key]) => !SHOWN_APART.has(key));
  const status = typeof e.data.status === 'string' ? e.data.status : 'not stated';
  const notes = Array.isArray(e.data.notes) ? e.data.notes : e.data.notes ? [e.data.notes] : [];
  const up = e.up.map((l) => html`<li>${RELATION_UP[l.relation]} ${entityLink(l.id)}</li>`);
  const down = e.down.map((l) => html`<li>${RELATION_DOWN[l.relation]} ${entityLink(l.id)}</li>`);
  return html`<article class="entity" id="${e.id}">
    <h3><span class="id">${e.id}</span> ${e.title}</h3>
    <p class="meta">
      ${KIND_WORDS[e.kind]} · status <strong>${status}</strong> · ${e.file}:${e.line} ·
      ${verdictBadge(e.verdict)}
    </p>
    ${
      fields.length > 0
        ? html`<dl class="fields">
            ${fields.map(
              ([k, v]) =>
                html`<dt>${k}</dt>
                  <dd>${fieldValue(v)}</dd>`,
            )}
          </dl>`
        : ''
    }
    ${
      notes.length > 0
        ? html`<h4>Notes</h4>
            <ul class="notes">
              ${notes.map((n) => html`<li>${fieldValue(n)}</li>`)}
            </ul>`
        : ''
    }
    <h4>Traces</h4>
    ${
      up.length + down.length > 0
        ? html`<ul class="traces">
            ${up}${down}
          </ul>`
        : html`<p class="empty">No trace links.</p>`
    }
    ${
      e.sources.length > 0
        ? html`<h4>Source annotations</h4>
            <ul>
              ${e.sources.map((s) => html`<li>${s.verb} at ${s.file}:${s.line}</li>`)}
            </ul>`
        : ''
    }
    ${e.verdict !== null || e.members.length > 0 ? verification(data, e) : ''}
  </article>`;
}

function verification(data: PackData, e: PackEntity): Markup {
  return html`<h4>Verification</h4>
    <p>
      ${verdictBadge(e.verdict)}
      ${e.why}${e.derivedFrom.length > 0 ? html` (${entityLinks(e.derivedFrom, data.entities)})` : ''}
    </p>
    ${e.members.length > 0 ? memberTable(e.members) : ''}`;
}

/** A verification set as a table: target, case, result, lock state, flags, evidence file. */
export function memberTable(members: readonly PackMember[]): Markup {
  return html`<table class="set">
    <thead>
      <tr>
        <th scope="col">Target</th>
        <th scope="col">Case</th>
        <th scope="col">Result</th>
        <th scope="col">Lock</th>
        <th scope="col">Flags</th>
        <th scope="col">Evidence</th>
      </tr>
    </thead>
    <tbody>
      ${trusted(members.map(memberRow).join(''))}
    </tbody>
  </table>`;
}

/**
 * One case of a set as a table row. Written as one string with every value through the escaper: a
 * large pack has a row per case, and building it from nested templates cost most of its pages' time.
 */
function memberRow(m: PackMember): string {
  const flags =
    m.flaky || m.stale || m.quarantine || m.movedTo
      ? [
          m.flaky ? 'flaky' : '',
          m.stale ? 'stale' : '',
          m.quarantine ? `quarantined (${m.quarantine})` : '',
          m.movedTo ? `moved to ${m.movedTo}` : '',
        ]
          .filter(Boolean)
          .join(', ')
      : '';
  return (
    `<tr><td>${escapeHtml(m.target)}</td><td>${escapeHtml(m.path)}</td><td>${stateSpan(m.state)}</td>` +
    `<td>${escapeHtml(m.lock)}</td><td>${escapeHtml(flags)}</td><td>${escapeHtml(m.evidence.length === 1 ? m.evidence[0]! : m.evidence.join(', '))}</td></tr>\n`
  );
}
