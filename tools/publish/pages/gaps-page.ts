// The work queue (gaps) and every diagnostic with its file:line, as `rr report` lists them.
import { html } from '../markup.js';
import type { PackData } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { cells } from './parts.js';

/** The gaps and diagnostics page (gaps.html). */
export function gapsPage(data: PackData): Page {
  const link = (id: string | undefined) =>
    id === undefined ? '' : data.entities.has(id) ? entityLink(id) : html`${id}`;
  const where = (d: PackData['diagnostics'][number]) =>
    d.file ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}` : '';
  return {
    name: 'gaps.html',
    title: 'Gaps and diagnostics',
    section: 'gaps',
    body: html`<h1>Gaps</h1>
      <p>The work queue: ${data.gaps.length} gaps.</p>
      ${
        data.gaps.length === 0
          ? ''
          : html`<table class="gaps">
              <thead>
                <tr>
                  <th scope="col">Gap</th>
                  <th scope="col">Entity</th>
                  <th scope="col">Route</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                ${data.gaps.map(
                  (g) =>
                    html`<tr>
                      ${cells([g.kind, link(g.entity), g.route, g.detail])}
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      <h2 id="diagnostics">Diagnostics</h2>
      <p>${data.counts.errors} errors, ${data.counts.warnings} warnings.</p>
      ${
        data.diagnostics.length === 0
          ? ''
          : html`<table class="diagnostics">
              <thead>
                <tr>
                  <th scope="col">Where</th>
                  <th scope="col">Severity</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Entity</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                ${data.diagnostics.map(
                  (d) =>
                    html`<tr class="sev-${d.severity}">
                      ${cells([where(d), d.severity, d.rule, link(d.entity), d.message])}
                    </tr>`,
                )}
              </tbody>
            </table>`
      }`,
  };
}
