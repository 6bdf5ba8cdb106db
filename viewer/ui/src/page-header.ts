// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-page-header>: the viewer's title, the experiment and its status, the best result, the connection
// to the server, the runtime controls, a run folder selector when there are several, and the source
// revision the viewer runs.
import { LitElement, css, html, nothing } from 'lit';
import type { ExperimentSummary, IndexingProgress, LaneSummary } from './api-types.js';
import type { Connection } from './live-store.js';
import { sharedStyles } from './shared-styles.js';
import type { AboutInfo } from './api-types.js';
import type { ViewerApi } from './viewer-api.js';
import './run-controls.js';
import './about-dialog.js';
import type { AboutDialog } from './about-dialog.js';

export class PageHeader extends LitElement {
  static override properties = {
    api: { attribute: false },
    about: { attribute: false },
    experiment: { attribute: false },
    connection: { attribute: false },
    laneCount: { type: Number },
    indexing: { attribute: false },
    runs: { attribute: false },
    run: { attribute: false },
    runningLane: { attribute: false },
    lanes: { attribute: false },
  };

  api: ViewerApi | null = null;
  about: AboutInfo | null = null;
  experiment: ExperimentSummary | undefined = undefined;
  connection: Connection = { state: 'connecting' };
  laneCount = 0;
  /** The server's first indexing of the live directory, while it runs (the status is not known yet: no controls). */
  indexing: IndexingProgress | undefined = undefined;
  runs: { path: string; root: boolean }[] = [];
  /** The run folder shown (null: the root). */
  run: string | null = null;
  /** The selected lane when it is running (the runtime controls can prune it). */
  runningLane: string | null = null;
  /** Every lane (the presets' prune candidates are picked from them). */
  lanes: ReadonlyMap<string, LaneSummary> = new Map();

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
      .modified {
        color: #8a5a00;
        font-weight: 600;
      }
    `,
  ];

  override render() {
    const x = this.experiment;
    const c = this.connection;
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
      ${this.renderIndexing()}
      <rr-run-controls
        .api=${this.api}
        .running=${x?.status === 'running' && !this.indexing}
        .lane=${this.runningLane}
        .lanes=${this.lanes}
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
      ${this.renderSource()}
      <button type="button" data-about @click=${() => this.aboutDialog()?.open()}>About</button>
      <rr-about-dialog .about=${this.about}></rr-about-dialog>
    </header>`;
  }

  /** Progress of the server's first reading of the live directory; lanes show as they are indexed. */
  private renderIndexing() {
    const i = this.indexing;
    if (!i) return nothing;
    const n = (x: number) => x.toLocaleString('en-US');
    return html`<span data-indexing class="muted"
      >indexing the live directory: ${n(i.done)} of ${n(i.files)} event files
      <progress max=${i.files} .value=${i.done}></progress
    ></span>`;
  }

  /** The revision the viewer runs, linked to its source tree when the repository is on the web. */
  private renderSource() {
    const about = this.about;
    const source = about?.source;
    if (!about || !source) return nothing;
    const revision = source.revision?.slice(0, 10);
    const modified = source.modified
      ? html` <span class="modified" title="tracked files have uncommitted changes">(modified)</span>`
      : nothing;
    const changes = source.changes
      ? html` · <a href=${source.changes} rel="noreferrer" data-source-changes>published changes</a>`
      : nothing;
    if (source.tree)
      return html`<span data-source
        ><a href=${source.tree} rel="noreferrer" title=${`from ${source.from}`}>source ${revision}</a
        >${modified}${changes}</span
      >`;
    if (revision)
      return html`<span data-source class="muted"
        >rr ${about.version} · revision <code title=${source.revision ?? ''}>${revision}</code>${modified}
        from ${source.from}${changes}</span
      >`;
    return html`<span data-source class="muted">rr ${about.version}${changes}</span>`;
  }

  private aboutDialog(): AboutDialog | null {
    return this.renderRoot.querySelector('rr-about-dialog');
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
