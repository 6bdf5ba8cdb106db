import { html, nothing } from 'lit';
import { pagerFor } from './page-pager.js';
import type { Diagnostic } from '../api/api-types.js';
import { entityLink, position } from './badges.js';
import { LightElement } from './light-element.js';
import { unbrokenWords } from './unbroken-words.js';

const PAGE_SIZE = 50;

/** Validation issues as a table (severity, rule, message, entity, place), paged when long. */
export class DiagnosticList extends LightElement {
  static override properties = {
    diagnostics: { attribute: false },
    caption: { type: String },
    page: { state: true },
  };
  declare diagnostics: Diagnostic[];
  declare caption: string;
  declare page: number;

  constructor() {
    super();
    this.diagnostics = [];
    this.caption = 'Validation issues';
    this.page = 0;
  }

  protected override render() {
    if (this.diagnostics.length === 0) return html`<p class="muted">No validation issues.</p>`;
    const rows = this.diagnostics.slice(this.page * PAGE_SIZE, (this.page + 1) * PAGE_SIZE);
    return html`<div class="table-wrap" role="region" tabindex="0" aria-label="${this.caption}">
        <table>
          <caption class="visually-hidden">
            ${this.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">Severity</th>
              <th scope="col">Rule</th>
              <th scope="col">Message</th>
              <th scope="col">Entity</th>
              <th scope="col">Place</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (d) =>
                html`<tr>
                  <td class="severity-${d.severity}">${d.severity}</td>
                  <td><code>${d.rule}</code></td>
                  <td>${unbrokenWords(d.message)}</td>
                  <td>${d.entity ? entityLink(d.entity) : nothing}</td>
                  <td><code>${position(d.file, d.line, d.column)}</code></td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${pagerFor(this.diagnostics.length, this.page, PAGE_SIZE, 'Issue pages', (p) => (this.page = p))}`;
  }
}
customElements.define('rr-diagnostic-list', DiagnosticList);
