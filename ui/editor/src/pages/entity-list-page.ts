import { html, nothing, type PropertyValues } from 'lit';
import { pagerFor } from '../components/page-pager.js';
import type { EntityKind, NextId, RiskAssessment } from '../api/api-types.js';
import { errorText } from '../api/api-error.js';
import { position, verdictBadge } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { acceptabilityBadge, scoreText } from '../components/risk-scores.js';
import { ENTITY_STATUSES, KIND_LABELS } from '../model/kind-fields.js';
import { entityHref, href, replaceQuery } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';
import { unbrokenWords } from '../components/unbroken-words.js';

const PAGE_SIZE = 100;

/** All entities of one kind: search, status and verdict filters, paging, and the next id for a new one. */
export class EntityListPage extends LightElement {
  static override properties = {
    kind: { attribute: false },
    query: { attribute: false },
    nextId: { state: true },
  };
  declare kind: EntityKind;
  declare query: URLSearchParams;
  declare nextId: NextId | null | string;
  private readonly storeController = new StoreController(this);

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.nextId = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('kind')) void this.loadNextId();
  }

  private async loadNextId(): Promise<void> {
    this.nextId = null;
    try {
      this.nextId = await store().api.get<NextId>('next-id', { kind: this.kind });
    } catch (error) {
      this.nextId = errorText(error);
    }
  }

  private setQuery(changes: Record<string, string>): void {
    const next: Record<string, string> = Object.fromEntries(this.query);
    Object.assign(next, changes);
    if (!('page' in changes)) delete next.page;
    replaceQuery(`entities/${this.kind}`, next);
    this.query = new URLSearchParams(next);
  }

  protected override render() {
    const labels = KIND_LABELS[this.kind];
    if (!labels)
      return html`<h1 tabindex="-1">Unknown kind</h1>
        <p>No entity kind <code>${this.kind}</code>.</p>`;
    const s = store();
    const q = (this.query.get('q') ?? '').trim().toLowerCase();
    const status = this.query.get('status') ?? '';
    const verdict = this.query.get('verdict') ?? '';
    const page = Number(this.query.get('page') ?? '0') || 0;
    // In id order, numbers compared as numbers (REQ-9 before REQ-10), whatever file each entity is in.
    const all = s.entities
      .filter((e) => e.kind === this.kind)
      .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
    const rows = all.filter(
      (e) =>
        (!q || e.id.toLowerCase().includes(q) || (e.title ?? '').toLowerCase().includes(q)) &&
        (!status || (status === 'none' ? !e.status : e.status === status)) &&
        (!verdict || (e.verdict ?? 'none') === verdict),
    );
    const verdicts = [...new Set(all.map((e) => e.verdict ?? 'none'))].sort();
    const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    return html`
      <h1 tabindex="-1">${labels.many}</h1>
      <div class="actions">
        <a class="button" href=${href(`new/${this.kind}`)}>New ${labels.one.toLowerCase()}</a>
        <span class="muted" aria-live="polite">
          ${
            typeof this.nextId === 'string'
              ? `Next id unavailable: ${this.nextId}`
              : this.nextId
                ? html`Next id: <strong>${this.nextId.id}</strong>, in <code>${this.nextId.file}</code>`
                : nothing
          }
        </span>
      </div>
      <div class="toolbar" role="search">
        <div class="grow">
          <label for="entity-search">Search id or title</label>
          <input
            id="entity-search"
            type="search"
            .value=${this.query.get('q') ?? ''}
            @input=${(e: Event) => this.setQuery({ q: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div>
          <label for="entity-status">Status</label>
          <select
            id="entity-status"
            @change=${(e: Event) => this.setQuery({ status: (e.target as HTMLSelectElement).value })}
          >
            <option value="" ?selected=${status === ''}>any</option>
            ${ENTITY_STATUSES.map((st) => html`<option value=${st} ?selected=${status === st}>${st}</option>`)}
            <option value="none" ?selected=${status === 'none'}>not set</option>
          </select>
        </div>
        ${
          this.kind === 'test_method'
            ? nothing
            : html`<div>
                <label for="entity-verdict">Verdict</label>
                <select
                  id="entity-verdict"
                  @change=${(e: Event) => this.setQuery({ verdict: (e.target as HTMLSelectElement).value })}
                >
                  <option value="" ?selected=${verdict === ''}>any</option>
                  ${verdicts.map((v) => html`<option value=${v} ?selected=${verdict === v}>${v}</option>`)}
                </select>
              </div>`
        }
      </div>
      <p class="muted" aria-live="polite">${rows.length} of ${all.length} ${labels.many.toLowerCase()}</p>
      <div class="table-wrap" role="region" tabindex="0" aria-label="${labels.many}">
        <table>
          <caption class="visually-hidden">
            ${labels.many}
          </caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              ${this.kind === 'test_method' ? nothing : html`<th scope="col">Verdict</th>`}
              ${
                this.kind === 'risk'
                  ? html`<th scope="col">Initial risk</th>
                      <th scope="col">Residual risk</th>
                      <th scope="col">Acceptability</th>`
                  : nothing
              }
              <th scope="col" class="hide-narrow">File</th>
            </tr>
          </thead>
          <tbody>
            ${shown.map(
              (e) =>
                html`<tr>
                  <td><a href=${entityHref(e.id)}>${e.id}</a></td>
                  <td>${unbrokenWords(e.title)}</td>
                  <td>${e.status ?? html`<span class="muted">—</span>`}</td>
                  ${this.kind === 'test_method' ? nothing : html`<td>${verdictBadge(e.verdict)}</td>`}
                  ${this.kind === 'risk' ? riskCells(e.risk) : nothing}
                  <td class="hide-narrow"><code>${position(e.file, e.line)}</code></td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${pagerFor(rows.length, page, PAGE_SIZE, `${labels.many} pages`, (p) => this.setQuery({ page: String(p) }))}
    `;
  }
}
customElements.define('rr-entity-list-page', EntityListPage);

/** A risk row's initial and residual score and acceptability cells. */
function riskCells(r: RiskAssessment | undefined) {
  if (!r)
    return html`<td></td>
      <td></td>
      <td></td>`;
  return html`<td>${scoreText(r.severity, r.likelihood, r.initial_score)}</td>
    <td>${scoreText(r.residual_severity, r.residual_likelihood, r.residual_score)}</td>
    <td>${acceptabilityBadge(r)}</td>`;
}
