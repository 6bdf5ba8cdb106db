import { html, nothing, type PropertyValues } from 'lit';
import { errorText } from '../api/api-error.js';
import type { SourceFile } from '../api/api-types.js';
import { LightElement } from '../components/light-element.js';
import { store } from '../session/editor-store.js';
import { LatestRequest, SUPERSEDED } from '../session/latest-request.js';

/** A source file of the repository, with the annotated line marked (`#/source?path=P&line=N`). */
export class SourcePage extends LightElement {
  static override properties = {
    query: { attribute: false },
    file: { state: true },
    error: { state: true },
  };
  declare query: URLSearchParams;
  declare file: SourceFile | null;
  declare error: string;
  private readonly request = new LatestRequest();

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.file = null;
    this.error = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('query')) void this.load();
  }

  private async load(): Promise<void> {
    const path = this.query.get('path') ?? '';
    this.error = '';
    try {
      const file = await this.request.run((signal) =>
        store().api.get<SourceFile>('source', { path }, signal),
      );
      if (file === SUPERSEDED) return;
      this.file = file;
      await this.updateComplete;
      this.querySelector('.source-lines .marked')?.scrollIntoView({ block: 'center' });
    } catch (error) {
      this.file = null;
      this.error = errorText(error);
    }
  }

  protected override render() {
    const path = this.query.get('path') ?? '';
    const line = Number(this.query.get('line') ?? '0');
    return html`
      <h1 tabindex="-1"><code>${path}</code></h1>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      ${
        this.file
          ? html`<p class="muted">
                ${this.file.line_count} lines${line ? html`; line ${line} is marked` : nothing}.
              </p>
              <ol class="source-lines" aria-label="Lines of ${path}">
                ${this.file.lines.map(
                  (text, i) =>
                    html`<li
                      class=${i + 1 === line ? 'marked' : ''}
                      aria-current=${i + 1 === line ? 'true' : 'false'}
                    >
                      <code>${text}</code>
                    </li>`,
                )}
              </ol>`
          : this.error
            ? nothing
            : html`<p aria-live="polite">Loading…</p>`
      }
    `;
  }
}
customElements.define('rr-source-page', SourcePage);
