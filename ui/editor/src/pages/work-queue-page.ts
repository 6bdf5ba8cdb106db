import { html, nothing, type PropertyValues } from 'lit';
import { pagerFor } from '../components/page-pager.js';
import { errorText } from '../api/api-error.js';
import type { Gap, WorkQueue } from '../api/api-types.js';
import { entityLink } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { replaceQuery } from '../routing/hash-route.js';
import { downloadText } from '../session/download.js';
import { store, StoreController } from '../session/editor-store.js';
import { unbrokenWords } from '../components/unbroken-words.js';

const PAGE_SIZE = 100;

/** The work queue: the report's gaps (kind, entity, route, detail), filterable, exported as JSON. */
export class WorkQueuePage extends LightElement {
  static override properties = {
    query: { attribute: false },
    gaps: { state: true },
    error: { state: true },
  };
  declare query: URLSearchParams;
  declare gaps: Gap[] | null;
  declare error: string;
  private readonly storeController = new StoreController(this);
  private loaded = false;

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.gaps = null;
    this.error = '';
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    if (!this.loaded) {
      this.loaded = true;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    try {
      this.gaps = (await store().api.get<WorkQueue>('queue')).gaps;
      this.error = '';
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private setQuery(changes: Record<string, string>): void {
    const next: Record<string, string> = Object.fromEntries(this.query);
    Object.assign(next, changes);
    if (!('page' in changes)) delete next.page;
    replaceQuery('queue', next);
    this.query = new URLSearchParams(next);
  }

  private filtered(): Gap[] {
    const kind = this.query.get('kind') ?? '';
    const route = this.query.get('route') ?? '';
    const q = (this.query.get('q') ?? '').trim().toLowerCase();
    return (this.gaps ?? []).filter(
      (g) =>
        (!kind || g.kind === kind) &&
        (!route || g.route === route) &&
        (!q || g.entity.toLowerCase().includes(q) || g.detail.toLowerCase().includes(q)),
    );
  }

  protected override render() {
    const kind = this.query.get('kind') ?? '';
    const route = this.query.get('route') ?? '';
    const page = Number(this.query.get('page') ?? '0') || 0;
    const kinds = [...new Set((this.gaps ?? []).map((g) => g.kind))].sort();
    const rows = this.filtered();
    return html`
      <h1 tabindex="-1">Work queue</h1>
      <div class="toolbar" role="search">
        <div>
          <label for="queue-kind">Kind</label>
          <select
            id="queue-kind"
            @change=${(e: Event) => this.setQuery({ kind: (e.target as HTMLSelectElement).value })}
          >
            <option value="" ?selected=${kind === ''}>all kinds</option>
            ${kinds.map((k) => html`<option value=${k} ?selected=${kind === k}>${k}</option>`)}
          </select>
        </div>
        <div>
          <label for="queue-route">Route</label>
          <select
            id="queue-route"
            @change=${(e: Event) => this.setQuery({ route: (e.target as HTMLSelectElement).value })}
          >
            <option value="" ?selected=${route === ''}>any route</option>
            <option value="autonomous" ?selected=${route === 'autonomous'}>autonomous</option>
            <option value="human-gate" ?selected=${route === 'human-gate'}>human-gate</option>
          </select>
        </div>
        <div class="grow">
          <label for="queue-search">Search entity or detail</label>
          <input
            id="queue-search"
            type="search"
            .value=${this.query.get('q') ?? ''}
            @input=${(e: Event) => this.setQuery({ q: (e.target as HTMLInputElement).value })}
          />
        </div>
        <button
          type="button"
          class="secondary"
          ?disabled=${!this.gaps}
          @click=${() => downloadText('work-queue.json', `${JSON.stringify(rows, null, 2)}\n`, 'application/json')}
        >
          Export JSON (${rows.length})
        </button>
      </div>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      <p class="muted" aria-live="polite">
        ${this.gaps ? `${rows.length} of ${this.gaps.length} gaps` : 'Loading…'}
      </p>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Gaps">
        <table>
          <caption class="visually-hidden">
            Gaps
          </caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Entity</th>
              <th scope="col">Route</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            ${rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(
              (g) =>
                html`<tr>
                  <td><code>${g.kind}</code></td>
                  <td>${entityLink(g.entity)}</td>
                  <td>
                    <span class="badge ${g.route === 'human-gate' ? 'warn' : 'neutral'}">${g.route}</span>
                  </td>
                  <td>${unbrokenWords(g.detail)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${pagerFor(rows.length, page, PAGE_SIZE, 'Gap pages', (p) => this.setQuery({ page: String(p) }))}
    `;
  }
}
customElements.define('rr-work-queue-page', WorkQueuePage);
