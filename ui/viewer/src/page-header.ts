// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-page-header>: the viewer's title, the experiment and its status, the best result, the connection
// to the server, the runtime controls, a run folder selector when there are several, and the source
// revision the viewer runs.
import { LitElement, css, html, nothing } from 'lit';
import type { ExperimentSummary } from './api-types.js';
import type { Connection } from './live-store.js';
import { sharedStyles } from './shared-styles.js';
import type { AboutInfo } from './api-types.js';
import type { ViewerApi } from './viewer-api.js';
import './run-controls.js';

export class PageHeader extends LitElement {
  static override properties = {
    api: { attribute: false },
    about: { attribute: false },
    experiment: { attribute: false },
    connection: { attribute: false },
    laneCount: { type: Number },
    runs: { attribute: false },
    run: { attribute: false },
    runningLane: { attribute: false },
  };

  api: ViewerApi | null = null;
  about: AboutInfo | null = null;
  experiment: ExperimentSummary | undefined = undefined;
  connection: Connection = { state: 'connecting' };
  laneCount = 0;
  runs: { path: string; root: boolean }[] = [];
  /** The run folder shown (null: the root). */
  run: string | null = null;
  /** The selected lane when it is running (the runtime controls can prune it). */
  runningLane: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      header {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 16px;
        align-items: baseline;
        padding: 6px 12px;
        border-bottom: 1px solid #dde3ea;
        background: #f4f6f9;
      }
      h1 {
        font-size: 15px;
        margin: 0;
      }
      .conn-lost {
        color: #b3261e;
        font-weight: 600;
      }
      a {
        color: #1a4fb3;
      }
    `,
  ];

  override render() {
    const x = this.experiment;
    const c = this.connection;
    const source = this.about?.source;
    return html`<header>
      <h1>${this.about?.title ?? x?.name ?? 'rr viewer'}</h1>
      <span data-experiment-status
        >${x ? `${x.name ?? 'experiment'}: ${x.status}` : 'waiting for the experiment'}</span
      >
      ${x?.best ? html`<span>best: ${x.best.lane} at ${x.best.cost}</span>` : nothing}
      <span class=${c.state === 'lost' ? 'conn-lost' : 'muted'} role="status">
        ${
          c.state === 'live'
            ? `live · ${this.laneCount} lanes`
            : c.state === 'connecting'
              ? 'connecting…'
              : `connection lost: ${c.message}; retrying`
        }
      </span>
      <rr-run-controls
        .api=${this.api}
        .running=${x?.status === 'running'}
        .lane=${this.runningLane}
      ></rr-run-controls>
      ${
        this.runs.length > 1
          ? html`<label
              >Run
              <select @change=${(e: Event) => this.switchRun((e.target as HTMLSelectElement).value)}>
                ${this.runs.map(
                  (r) =>
                    html`<option
                      value=${r.root ? '' : r.path}
                      ?selected=${(r.root ? null : r.path) === this.run}
                    >
                      ${r.path}
                    </option>`,
                )}
              </select>
            </label>`
          : nothing
      }
      ${
        source?.tree
          ? html`<a href=${source.tree} rel="noreferrer"
              >source ${source.revision?.slice(0, 10)}${source.modified ? ' (modified)' : ''}</a
            >`
          : this.about
            ? html`<span class="muted">rr ${this.about.version}</span>`
            : nothing
      }
    </header>`;
  }

  private switchRun(run: string): void {
    this.dispatchEvent(
      new CustomEvent('run-switch', {
        detail: { run: run === '' ? null : run },
        bubbles: true,
        composed: true,
      }),
    );
  }
}

customElements.define('rr-page-header', PageHeader);
