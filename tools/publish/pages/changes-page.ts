// What changed since --since: entities added, removed and changed field by field (the semantic diff),
// and the verdicts that changed.
import { html } from '../markup.js';
import type { PackData } from '../pack-data.js';
import type { FieldChange } from '../model-history.js';
import { entityLink, type Page } from './page.js';
import { cells, fieldValue, verdictBadge } from './parts.js';

function fieldRows(fields: readonly FieldChange[]) {
  return html`<table class="fields-changed">
    <thead>
      <tr>
        <th scope="col">Field</th>
        <th scope="col">Was</th>
        <th scope="col">Is</th>
      </tr>
    </thead>
    <tbody>
      ${fields.map(
        (f) =>
          html`<tr>
            ${cells([f.field, fieldValue(f.from), fieldValue(f.to)])}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The changes page (changes.html). */
export function changesPage(data: PackData): Page {
  const c = data.changes;
  const link = (id: string) => (data.entities.has(id) ? entityLink(id) : html`${id}`);
  const body =
    c === null
      ? html`<h1>Changes</h1>
          <p>
            No comparison: publish with <code>--since REF</code> (a tag or commit) to list what changed since
            then.
          </p>`
      : html`<h1>Changes since ${c.since.ref}</h1>
          <p>
            Compared with commit <code>${c.since.commit}</code> of ${c.since.date}: ${c.diff.added.length}
            added, ${c.diff.removed.length} removed, ${c.diff.changed.length} changed, ${c.verdicts.length}
            verdicts changed.
          </p>
          <h2>Added</h2>
          ${
            c.diff.added.length === 0
              ? html`<p>None.</p>`
              : html`<ul class="added">
                  ${c.diff.added.map((e) => html`<li>${link(e.id)} (${e.kind}) in ${e.file}</li>`)}
                </ul>`
          }
          <h2>Removed</h2>
          ${
            c.diff.removed.length === 0
              ? html`<p>None.</p>`
              : html`<ul class="removed">
                  ${c.diff.removed.map((e) => html`<li>${e.id} (${e.kind}) from ${e.file}</li>`)}
                </ul>`
          }
          <h2>Changed</h2>
          ${
            c.diff.changed.length === 0
              ? html`<p>None.</p>`
              : c.diff.changed.map(
                  (e) =>
                    html`<section class="changed">
                      <h3>
                        ${link(e.id)} (${e.kind}) in
                        ${e.file}${e.moved_from ? `, moved from ${e.moved_from}` : ''}
                      </h3>
                      ${e.fields.length > 0 ? fieldRows(e.fields) : ''}
                    </section>`,
                )
          }
          ${
            c.diff.config.length + c.diff.project.length + c.diff.meta.length > 0
              ? html`<h2>Configuration, project and meta data</h2>
                  ${fieldRows([...c.diff.config.map((f) => ({ ...f, field: `config.${f.field}` })), ...c.diff.project.map((f) => ({ ...f, field: `project.${f.field}` })), ...c.diff.meta.map((f) => ({ ...f, field: `meta.${f.field}` }))])}`
              : ''
          }
          <h2>Verdicts that changed</h2>
          ${
            c.verdicts.length === 0
              ? html`<p>None.</p>`
              : html`<table>
                  <thead>
                    <tr>
                      <th scope="col">Entity</th>
                      <th scope="col">Was</th>
                      <th scope="col">Is</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${c.verdicts.map(
                      (v) =>
                        html`<tr>
                          ${cells([link(v.id), verdictBadge(v.from), verdictBadge(v.to)])}
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }`;
  return { name: 'changes.html', title: 'Changes', section: 'changes', body };
}
