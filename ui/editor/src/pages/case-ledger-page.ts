import { html, nothing, type PropertyValues } from 'lit';
import { pagerFor } from '../components/page-pager.js';
import { errorText } from '../api/api-error.js';
import type { CaseList, LedgerRow } from '../api/api-types.js';
import type { CaseMoveDialog } from '../components/case-move-dialog.js';
import { ledgerRow } from '../components/ledger-row.js';
import { LightElement } from '../components/light-element.js';
import type { VerificationLockUpdateDialog } from '../components/verification-lock-update-dialog.js';
import { groupByTarget, orderByTarget } from '../model/ledger-groups.js';
import { replaceQuery } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';
import { LatestRequest, SUPERSEDED } from '../session/latest-request.js';

const PAGE_SIZE = 100;
const FILTERS: { value: string; label: string }[] = [
  { value: '', label: 'all cases' },
  { value: 'owned', label: 'owned' },
  { value: 'unowned', label: 'unowned' },
  { value: 'quarantined', label: 'quarantined' },
  { value: 'unlocked', label: 'not locked' },
  { value: 'coarse', label: 'coarse (whole-target claim)' },
];

/** The case ledger (`#/cases`): every case with its one owner, how it got it, and its lock entry. */
export class CaseLedgerPage extends LightElement {
  static override properties = {
    query: { attribute: false },
    rows: { state: true },
    error: { state: true },
    loading: { state: true },
    targetGroups: { state: true },
  };
  declare query: URLSearchParams;
  declare rows: LedgerRow[] | null;
  declare error: string;
  declare loading: boolean;
  /** names of the target groups the server was started with (`--lane-targets`) */
  declare targetGroups: string[];
  private readonly storeController = new StoreController(this);
  private loadedFor = '';
  private readonly casesRequest = new LatestRequest();

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.rows = null;
    this.error = '';
    this.loading = false;
    this.targetGroups = [];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('query')) return;
    // Filter, target group (the query's `lane`) and target are answered by the server; search and
    // paging are local.
    const key = ['filter', 'lane', 'target'].map((k) => this.query.get(k) ?? '').join('\u0000');
    if (key !== this.loadedFor) {
      this.loadedFor = key;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    this.loading = true;
    this.error = '';
    const query = {
      state: this.query.get('filter'),
      lane: this.query.get('lane'),
      target: this.query.get('target'),
    };
    try {
      const result = await this.casesRequest.run((signal) =>
        store().api.get<CaseList>('cases', query, signal),
      );
      if (result === SUPERSEDED) return;
      this.rows = result.cases;
      this.targetGroups = result.lanes;
    } catch (error) {
      this.error = errorText(error);
      this.rows = null;
    }
    this.loading = false;
  }

  private setQuery(changes: Record<string, string>): void {
    const next: Record<string, string> = Object.fromEntries(this.query);
    Object.assign(next, changes);
    if (!('page' in changes)) delete next.page;
    replaceQuery('cases', next);
    this.query = new URLSearchParams(next);
  }

  private readonly rereadFiles = async (): Promise<void> => {
    this.loading = true;
    try {
      await store().reloadInputs();
    } catch (error) {
      this.error = errorText(error);
    }
    await this.load();
  };

  private async afterWrite(): Promise<void> {
    await this.load();
  }

  protected override render() {
    const q = (this.query.get('q') ?? '').trim().toLowerCase();
    const filter = this.query.get('filter') ?? '';
    const targetGroup = this.query.get('lane') ?? '';
    const page = Number(this.query.get('page') ?? '0') || 0;
    const targetGroups = this.targetGroups;
    const rows = (this.rows ?? []).filter(
      (r) =>
        !q ||
        r.path.toLowerCase().includes(q) ||
        r.target.toLowerCase().includes(q) ||
        (r.owner ?? '').toLowerCase().includes(q),
    );
    const grouped = this.query.get('group') !== 'none';
    const ordered = grouped ? orderByTarget(rows) : rows;
    const shown = ordered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const move = (r: LedgerRow) => this.querySelector<CaseMoveDialog>('rr-case-move-dialog')?.open(r);
    return html`
      <h1 tabindex="-1">Case ledger</h1>
      <p class="invariant">${store().state?.invariant ?? ''}</p>
      <div class="actions">
        <button
          type="button"
          @click=${() => this.querySelector<VerificationLockUpdateDialog>('rr-verification-lock-update-dialog')?.open()}
        >
          Update lock…
        </button>
        <button type="button" class="secondary" ?disabled=${this.loading} @click=${this.rereadFiles}>
          Re-read files
        </button>
        <a class="button secondary" href="#/worksheet">Attribution worksheet</a>
        ${store().lock?.out_of_date ? html`<span class="badge warn">lock out of date</span>` : nothing}
      </div>
      <div class="toolbar" role="search">
        <div>
          <label for="case-filter">Show</label>
          <select
            id="case-filter"
            @change=${(e: Event) => this.setQuery({ filter: (e.target as HTMLSelectElement).value })}
          >
            ${FILTERS.map((f) => html`<option value=${f.value} ?selected=${filter === f.value}>${f.label}</option>`)}
          </select>
        </div>
        <div>
          <label for="case-target-group">Target group</label>
          <select
            id="case-target-group"
            @change=${(e: Event) => this.setQuery({ lane: (e.target as HTMLSelectElement).value })}
          >
            <option value="" ?selected=${targetGroup === ''}>all target groups</option>
            ${targetGroups.map((g) => html`<option value=${g} ?selected=${targetGroup === g}>${g}</option>`)}
          </select>
        </div>
        <div class="check">
          <input
            id="case-group"
            type="checkbox"
            .checked=${grouped}
            @change=${(e: Event) =>
              this.setQuery({ group: (e.target as HTMLInputElement).checked ? '' : 'none' })}
          />
          <label for="case-group">Group by target</label>
        </div>
        <div class="grow">
          <label for="case-search">Search case, target or owner</label>
          <input
            id="case-search"
            type="search"
            .value=${this.query.get('q') ?? ''}
            @input=${(e: Event) => this.setQuery({ q: (e.target as HTMLInputElement).value })}
          />
        </div>
      </div>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      <p class="muted" aria-live="polite">
        ${this.loading ? 'Loading…' : this.rows ? `${rows.length} ${rows.length === 1 ? 'case' : 'cases'}` : ''}
      </p>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Test cases">
        <table class="case-ledger">
          <caption class="visually-hidden">
            Test cases${grouped ? ', grouped by target' : ''}
          </caption>
          <thead>
            <tr>
              ${grouped ? nothing : html`<th scope="col">Target</th>`}
              <th scope="col">Case</th>
              <th scope="col">Owner</th>
              <th scope="col">Result</th>
              <th scope="col">Other claims</th>
              <th scope="col">Lock</th>
              <th scope="col"><span class="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          ${
            grouped
              ? groupByTarget(shown).map(
                  (g) =>
                    html`<tbody>
                      <tr class="target-group">
                        <th scope="rowgroup" colspan="6">
                          <code>${g.target}</code>
                          <span class="muted"
                            >${g.rows.length} ${g.rows.length === 1 ? 'case' : 'cases'}</span
                          >
                        </th>
                      </tr>
                      ${g.rows.map((r) => ledgerRow(r, false, move))}
                    </tbody>`,
                )
              : html`<tbody>
                  ${shown.map((r) => ledgerRow(r, true, move))}
                </tbody>`
          }
        </table>
      </div>
      ${pagerFor(rows.length, page, PAGE_SIZE, 'Case pages', (p) => this.setQuery({ page: String(p) }))}
      <rr-case-move-dialog @case-moved=${this.afterWrite}></rr-case-move-dialog>
      <rr-verification-lock-update-dialog
        @verification-lock-updated=${this.afterWrite}
      ></rr-verification-lock-update-dialog>
    `;
  }
}
customElements.define('rr-case-ledger-page', CaseLedgerPage);
