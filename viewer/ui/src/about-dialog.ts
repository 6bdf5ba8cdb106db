// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-about-dialog>: what the viewer is and under which terms: its version and licence (the AGPL's
// text is served beside the page), the source it runs from and where a modified viewer's changes are
// published, and every third-party library the page loads, served unmodified, with its licence text
// (third-party.json, written by ui/build-ui.mjs or, for the bare page, by the server).
import { LitElement, css, html, nothing } from 'lit';
import type { AboutInfo } from './api-types.js';
import { sharedStyles } from './shared-styles.js';

/** One library of third-party.json. */
export interface ThirdPartyLibrary {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
  licenseFile: string;
  files: string[];
}

export class AboutDialog extends LitElement {
  static override properties = {
    about: { attribute: false },
    libraries: { state: true },
    problem: { state: true },
  };

  about: AboutInfo | null = null;
  libraries: ThirdPartyLibrary[] | null = null;
  problem = '';

  static override styles = [
    sharedStyles,
    css`
      dialog {
        max-width: 44em;
        border: 1px solid #c9d1db;
        border-radius: 6px;
        padding: 12px 16px;
      }
      h2 {
        font-size: 15px;
        margin: 0 0 8px;
      }
      table {
        border-collapse: collapse;
      }
      td,
      th {
        text-align: left;
        padding: 2px 10px 2px 0;
      }
    `,
  ];

  /** Shows the dialog (and reads the library list the first time). */
  open(): void {
    this.renderRoot.querySelector('dialog')?.showModal();
    if (this.libraries === null && !this.problem)
      fetch('third-party.json').then(
        async (r) => {
          if (!r.ok) throw new Error(`third-party.json answered ${r.status}`);
          this.libraries = ((await r.json()) as { libraries: ThirdPartyLibrary[] }).libraries;
        },
        (e: unknown) => (this.problem = e instanceof Error ? e.message : String(e)),
      );
  }

  override render() {
    const about = this.about;
    const source = about?.source;
    return html`<dialog aria-labelledby="about-title">
      <h2 id="about-title">About this viewer</h2>
      <p>
        rr ${about?.version ?? ''} live viewer, licensed under the
        <a href="LICENSE" data-viewer-licence>${about?.license ?? 'AGPL-3.0-or-later'}</a> (GNU Affero General
        Public License): whoever uses it over a network may have its source.
      </p>
      ${
        source
          ? html`<p data-about-source>
              Source:
              ${source.tree ? html`<a href=${source.tree} rel="noreferrer">${source.tree}</a>` : (source.repository ?? 'no repository known')}
              ${source.revision ? html`, revision <code>${source.revision}</code>` : nothing}
              ${source.modified ? html` (modified: tracked files have uncommitted changes)` : nothing}, from
              ${source.from}.
              ${
                source.changes
                  ? html`Changes of this viewer are published at
                      <a href=${source.changes} rel="noreferrer">${source.changes}</a>.`
                  : nothing
              }
            </p>`
          : nothing
      }
      <h2>Third-party libraries</h2>
      <p>Served to this page unmodified, each with its licence text:</p>
      ${this.problem ? html`<p class="error">Could not read the list: ${this.problem}</p>` : nothing}
      ${
        this.libraries
          ? html`<table data-third-party>
              <tr>
                <th>Library</th>
                <th>Version</th>
                <th>Licence</th>
              </tr>
              ${this.libraries.map(
                (l) =>
                  html`<tr data-library=${l.name}>
                    <td>
                      ${l.homepage ? html`<a href=${l.homepage} rel="noreferrer">${l.name}</a>` : l.name}
                    </td>
                    <td>${l.version}</td>
                    <td><a href=${l.licenseFile} data-licence-of=${l.name}>${l.license}</a></td>
                  </tr>`,
              )}
            </table>`
          : this.problem
            ? nothing
            : html`<p class="muted">Reading the list…</p>`
      }
      <form method="dialog"><button type="submit">Close</button></form>
    </dialog>`;
  }
}

customElements.define('rr-about-dialog', AboutDialog);
