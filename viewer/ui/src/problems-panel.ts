// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-problems-panel>: what went wrong: files in the live directory the reader could not use (with file,
// line and column), error and warning events of the experiment and of the selected lane up to the
// timeline position, and restart-status.json when the experiment folder has one.
import { LitElement, css, html, nothing } from 'lit';
import type { LiveEventOf, ReaderProblem, RestartStatus } from './api-types.js';
import { sharedStyles } from './shared-styles.js';

export class ProblemsPanel extends LitElement {
  static override properties = {
    problems: { attribute: false },
    errors: { attribute: false },
    restartStatus: { attribute: false },
  };

  problems: ReaderProblem[] = [];
  errors: LiveEventOf<'error'>[] = [];
  restartStatus: RestartStatus | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      ul {
        padding-left: 18px;
        margin: 0;
      }
      li {
        margin-bottom: 3px;
      }
      .warning {
        color: #8a5300;
      }
      pre {
        white-space: pre-wrap;
        background: #f7f9fc;
        padding: 4px;
        border-radius: 4px;
      }
    `,
  ];

  override render() {
    return html`<h2>Problems</h2>
      <h3>Live directory (${this.problems.length})</h3>
      ${
        this.problems.length === 0
          ? html`<p class="empty">Every event file could be read.</p>`
          : html`<ul>
              ${this.problems.map(
                (p) =>
                  html`<li class="error">
                    <code
                      >${p.file ?? ''}${p.line !== undefined ? `:${p.line}` : ''}${p.column !== undefined ? `:${p.column}` : ''}</code
                    >
                    ${p.kind}: ${p.message}
                  </li>`,
              )}
            </ul>`
      }
      <h3>Errors and warnings (${this.errors.length})</h3>
      ${
        this.errors.length === 0
          ? html`<p class="empty">None reported.</p>`
          : html`<ul>
              ${this.errors.map(
                (e) =>
                  html`<li class=${e.severity}>
                    ${e.severity}${e.lane ? ` in ${e.lane}` : ''}${e.code ? ` (${e.code})` : ''}: ${e.message}
                    <span class="muted">seq ${e.seq}</span>
                  </li>`,
              )}
            </ul>`
      }
      ${
        this.restartStatus
          ? html`<h3>Restart status</h3>
              ${
                this.restartStatus.problem
                  ? html`<p class="error">${this.restartStatus.file}: ${this.restartStatus.problem}</p>`
                  : html`<pre>${JSON.stringify(this.restartStatus.value, null, 2)}</pre>`
              }`
          : nothing
      }`;
  }
}

customElements.define('rr-problems-panel', ProblemsPanel);
