import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import type {
  WorksheetApplyAnswer,
  WorksheetLedgerRow,
  WorksheetRowResult,
  WorksheetView,
} from '../api/api-types.js';
import { entityLink, stateBadge } from '../components/badges.js';
import { conflictList } from '../components/conflict-list.js';
import { LightElement } from '../components/light-element.js';
import { worksheetPathField } from '../components/worksheet-path-field.js';
import { defaultWorksheet } from '../model/default-worksheet.js';
import { href, replaceQuery } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';

const STATE_WORDS: Record<WorksheetLedgerRow['state'], string> = {
  proposed: 'not accepted',
  accepted: 'accepted, to apply',
  'in-effect': 'in effect',
  'no-case': 'no such case',
};

/**
 * The attribution worksheet (`#/worksheet?path=`, docs/worksheet.md): proposed case owners beside the
 * case ledger; a person accepts rows (written into the file) and applies the accepted ones as checked
 * case moves, each with its own result.
 */
export class WorksheetPage extends LightElement {
  static override properties = {
    query: { attribute: false },
    sheet: { state: true },
    results: { state: true },
    resultDryRun: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  declare query: URLSearchParams;
  declare sheet: WorksheetView | null;
  declare results: WorksheetRowResult[] | null;
  declare resultDryRun: boolean;
  declare error: string;
  declare busy: boolean;
  private readonly storeController = new StoreController(this);
  private loadedFor: string | null = null;

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.sheet = null;
    this.results = null;
    this.resultDryRun = false;
    this.error = '';
    this.busy = false;
  }

  private get path(): string {
    return this.query.get('path') ?? '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('query') && this.path !== this.loadedFor) {
      this.loadedFor = this.path;
      this.results = null;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    this.error = '';
    try {
      this.sheet = await store().api.get<WorksheetView>('worksheet', { path: this.path || undefined });
    } catch (error) {
      this.sheet = null;
      this.error = errorText(error);
    }
  }

  private open(event: Event): void {
    event.preventDefault();
    const path = (event.target as HTMLFormElement)
      .querySelector<HTMLInputElement>('#worksheet-path')!
      .value.trim();
    replaceQuery('worksheet', { path });
    this.query = new URLSearchParams(path ? { path } : {});
  }

  private async accept(row: WorksheetLedgerRow, accepted: boolean): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      this.sheet = await store().api.post<WorksheetView>('worksheet/accept', {
        path: this.sheet?.path,
        cases: [{ target: row.target, path: row.path, accepted }],
      });
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private async apply(dryRun: boolean): Promise<void> {
    this.busy = true;
    this.error = '';
    const expand = this.querySelector<HTMLInputElement>('#worksheet-expand')?.checked ?? false;
    try {
      const answer = await store().api.post<WorksheetApplyAnswer>('worksheet/apply', {
        path: this.sheet?.path,
        dry_run: dryRun,
        expand,
      });
      this.results = answer.results;
      this.resultDryRun = dryRun;
      this.sheet = answer.worksheet;
      if (!dryRun) await store().refresh();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render(): TemplateResult {
    const sheet = this.sheet;
    return html`
      <h1 tabindex="-1">Attribution worksheet</h1>
      <p>
        Proposed owners of test cases, for review. A proposal changes nothing until you accept its row and
        apply it; each accepted row is then a checked case move, as on the <a href="#/cases">Case ledger</a>.
      </p>
      <form class="toolbar" @submit=${this.open}>
        <div class="grow">
          ${worksheetPathField('worksheet-path', this.path, sheet?.path ?? defaultWorksheet())}
        </div>
        <div><button type="submit" class="secondary">Open</button></div>
      </form>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      ${
        sheet
          ? html`<p class="muted" aria-live="polite" id="worksheet-counts">
                <code>${sheet.path}</code>: ${sheet.counts.rows} row(s), ${sheet.counts.accepted} accepted,
                ${sheet.counts.in_effect} in effect, ${sheet.counts.no_case} without a case in the evidence.
              </p>
              ${this.table(sheet)} ${this.applyControls(sheet)} ${this.resultsView()}`
          : nothing
      }
      <p>
        <a href=${href('agents', { workflow: 'assign-test-cases' })}
          >Propose owners with the assign-test-cases workflow</a
        >
      </p>
    `;
  }

  private table(sheet: WorksheetView): TemplateResult {
    return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Worksheet rows">
      <table class="worksheet">
        <caption class="visually-hidden">
          Proposed case owners beside the case ledger
        </caption>
        <thead>
          <tr>
            <th scope="col">Case</th>
            <th scope="col">Owner now</th>
            <th scope="col">Proposed</th>
            <th scope="col">Reason</th>
            <th scope="col">Proposed by</th>
            <th scope="col">State</th>
            <th scope="col">Accepted</th>
          </tr>
        </thead>
        <tbody>
          ${sheet.rows.map((r) => this.row(r))}
        </tbody>
      </table>
    </div>`;
  }

  private row(r: WorksheetLedgerRow): TemplateResult {
    const id = `accept-${r.line}`;
    const now = r.ledger
      ? r.ledger.quarantine
        ? html`<span class="badge bad">quarantined</span> <span class="muted">${r.ledger.quarantine}</span>`
        : r.ledger.owner
          ? entityLink(r.ledger.owner)
          : html`<span class="muted">none</span>`
      : html`<span class="muted">—</span>`;
    return html`<tr data-case=${`${r.target} ${r.path}`}>
      <th scope="row">
        <code>${r.target}</code><br /><code>${r.path}</code> <span class="muted">line ${r.line}</span>
      </th>
      <td>${now}</td>
      <td>${r.proposed ? entityLink(r.proposed) : html`<strong>none</strong>`}</td>
      <td>${r.reason}</td>
      <td>${r.proposed_by}</td>
      <td>${stateBadge(STATE_WORDS[r.state])}</td>
      <td>
        <input
          id=${id}
          type="checkbox"
          .checked=${r.accepted}
          ?disabled=${this.busy}
          @change=${(e: Event) => void this.accept(r, (e.target as HTMLInputElement).checked)}
        />
        <label for=${id} class="visually-hidden">Accept the proposal for ${r.path}</label>
      </td>
    </tr>`;
  }

  private applyControls(sheet: WorksheetView): TemplateResult {
    const toApply = sheet.rows.filter((r) => r.accepted && r.state !== 'in-effect').length;
    return html`<div class="actions">
      <button type="button" ?disabled=${this.busy || toApply === 0} @click=${() => void this.apply(false)}>
        Apply accepted (${toApply})
      </button>
      <button
        type="button"
        class="secondary"
        ?disabled=${this.busy || toApply === 0}
        @click=${() => void this.apply(true)}
      >
        Check without writing
      </button>
      <span class="check">
        <input id="worksheet-expand" type="checkbox" />
        <label for="worksheet-expand"
          >Let a move rewrite glob and whole-target claims into literal selectors</label
        >
      </span>
    </div>`;
  }

  private resultsView(): TemplateResult | typeof nothing {
    const results = this.results;
    if (!results) return nothing;
    return html`<section aria-labelledby="worksheet-results-title" id="worksheet-results">
      <h2 id="worksheet-results-title">
        ${this.resultDryRun ? 'Check of the accepted rows' : 'Accepted rows applied'}
      </h2>
      ${results.length === 0 ? html`<p class="muted">No accepted row to apply.</p>` : nothing}
      <ul class="plain-list">
        ${results.map(
          (r) =>
            html`<li class="worksheet-result result-${r.outcome}">
              <code>${r.target} ${r.path}</code> →
              ${r.proposed ? entityLink(r.proposed) : html`<strong>none</strong>`}:
              ${
                r.outcome === 'applied'
                  ? html`<span class="badge good">${this.resultDryRun ? 'would move' : 'moved'}</span>
                      ${r.files.length ? html`<span class="muted">${r.files.join(', ')}</span>` : nothing}`
                  : r.outcome === 'in-effect'
                    ? html`<span class="badge neutral">in effect already</span>`
                    : html`<span class="badge bad">refused</span>
                        <code>${r.code}</code> ${r.conflicts?.length ? nothing : r.message}
                        ${conflictList(r.conflicts ?? [], 'Conflicts')}
                        ${
                          r.expansions?.length
                            ? html`<ul>
                                ${r.expansions.map(
                                  (x) =>
                                    html`<li>
                                      ${entityLink(x.entity)} <code>${x.selector}</code> would become
                                      ${x.becomes.length ? `${x.becomes.length} literal selectors` : 'nothing'}
                                    </li>`,
                                )}
                              </ul>`
                            : nothing
                        }`
              }
            </li>`,
        )}
      </ul>
    </section>`;
  }
}
customElements.define('rr-worksheet-page', WorksheetPage);
