import { html, nothing, type PropertyValues } from 'lit';
import { pagerFor } from '../components/page-pager.js';
import { errorText } from '../api/api-error.js';
import type { WorkQueue } from '../api/api-types.js';
import {
  groupGaps,
  type GapKindGroup,
  type GapParentGroup,
  type ParentedGap,
} from '../../../../tools/verify/gap-groups.js';
import { entityLink } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { replaceQuery } from '../routing/hash-route.js';
import { downloadText } from '../session/download.js';
import { store, StoreController } from '../session/editor-store.js';
import { unbrokenWords } from '../components/unbroken-words.js';

const PAGE_SIZE = 100;

/** Up to this many rows, a grouped queue opens every group. */
const OPEN_ALL_UP_TO = 30;

/**
 * The work queue: the report's gaps (kind, entity, route, detail), filterable, exported as JSON; grouped
 * by kind and by the parent of their entity, each group collapsible with its count (`group=none`: one
 * flat table).
 */
export class WorkQueuePage extends LightElement {
  static override properties = {
    query: { attribute: false },
    gaps: { state: true },
    error: { state: true },
  };
  declare query: URLSearchParams;
  declare gaps: ParentedGap[] | null;
  /** parent id → title, from the server's groups */
  private titles = new Map<string, string>();
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
      const queue = await store().api.get<WorkQueue>('queue');
      this.titles = new Map(
        queue.groups.flatMap((k) =>
          k.parents.flatMap((p) =>
            p.parent !== null && p.title !== null ? [[p.parent, p.title] as const] : [],
          ),
        ),
      );
      this.gaps = queue.gaps;
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

  private filtered(): ParentedGap[] {
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
    const grouped = this.query.get('group') !== 'none';
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
        <div class="check">
          <input
            id="queue-group"
            type="checkbox"
            .checked=${grouped}
            @change=${(e: Event) =>
              this.setQuery({ group: (e.target as HTMLInputElement).checked ? '' : 'none' })}
          />
          <label for="queue-group">Group by kind and parent</label>
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
      ${grouped ? this.renderGroups(rows) : this.renderFlat(rows, page)}
    `;
  }

  /** Every kind as a collapsible group with its count, and in it every parent with its count. */
  private renderGroups(rows: ParentedGap[]) {
    const groups = groupGaps(rows);
    const open = rows.length <= OPEN_ALL_UP_TO;
    return html`<div class="gap-groups">
      ${groups.map((k) => this.renderKind(k, open || groups.length === 1, open))}
    </div>`;
  }

  private renderKind(group: GapKindGroup, open: boolean, openParents: boolean) {
    const parents = group.parents.filter((p) => p.parent !== null).length;
    return html`<details class="gap-group" ?open=${open} data-kind=${group.kind}>
      <summary>
        <code>${group.kind}</code> <span class="count">${group.count}</span>
        <span class="muted">${parents === 1 ? 'under 1 parent' : `under ${parents} parents`}</span>
      </summary>
      ${group.parents.map((p) => this.renderParent(group.kind, p, openParents || group.parents.length === 1))}
    </details>`;
  }

  private renderParent(kind: string, group: GapParentGroup, open: boolean) {
    const title = group.parent === null ? undefined : this.titles.get(group.parent);
    const label = group.parent === null ? `${kind} without a parent` : `${kind} under ${group.parent}`;
    return html`<details class="gap-parent" ?open=${open} data-parent=${group.parent ?? ''}>
      <summary>
        ${group.parent === null ? 'without a parent' : html`under <code>${group.parent}</code>`}
        ${title ? html`<span class="muted">${title}</span>` : nothing}
        <span class="count">${group.count}</span>
      </summary>
      ${
        group.parent === null
          ? nothing
          : html`<p class="gap-parent-link">
              Parent: ${entityLink(group.parent)}${title ? ` ${title}` : ''}
            </p>`
      }
      ${gapTable(group.gaps, label, false)}
    </details>`;
  }

  /** One table of every gap the filters keep, a page at a time. */
  private renderFlat(rows: ParentedGap[], page: number) {
    return html`${gapTable(rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), 'Gaps', true)}
    ${pagerFor(rows.length, page, PAGE_SIZE, 'Gap pages', (p) => this.setQuery({ page: String(p) }))}`;
  }
}

/** A table of gaps in a scrolling box named `label`; the Kind column only where kinds mix. */
function gapTable(rows: readonly ParentedGap[], label: string, withKind: boolean) {
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label=${label}>
    <table>
      <caption class="visually-hidden">
        ${label}
      </caption>
      <thead>
        <tr>
          ${withKind ? html`<th scope="col">Kind</th>` : nothing}
          <th scope="col">Entity</th>
          <th scope="col">Route</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (g) =>
            html`<tr>
              ${withKind ? html`<td><code>${g.kind}</code></td>` : nothing}
              <td>${entityLink(g.entity)}</td>
              <td>${routeBadge(g)}</td>
              <td>${unbrokenWords(g.detail)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function routeBadge(g: ParentedGap) {
  return html`<span class="badge ${g.route === 'human-gate' ? 'warn' : 'neutral'}">${g.route}</span>`;
}
customElements.define('rr-work-queue-page', WorkQueuePage);
