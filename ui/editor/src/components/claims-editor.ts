import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import type { AttributionOverview, CaseList, PrecheckAnswer, Problem, SetMember } from '../api/api-types.js';
import { emptyDraft, type ClaimDraft } from '../model/claim-draft.js';
import { store } from '../session/editor-store.js';
import type { TargetCases } from './claim-row.js';
import { LightElement } from './light-element.js';

/**
 * The verification-set form (docs/editor.md): one row per target, a summary of the set the draft would give,
 * from the live precheck. Emits `drafts-change` with the new rows.
 */
export class ClaimsEditor extends LightElement {
  static override properties = {
    drafts: { attribute: false },
    entityId: { attribute: false },
    field: { attribute: false },
    levels: { attribute: false },
    conflicts: { attribute: false },
    precheck: { attribute: false },
    targetCases: { state: true },
    knownTargets: { state: true },
  };
  declare drafts: ClaimDraft[];
  declare entityId: string;
  declare field: string;
  declare levels: string[];
  declare conflicts: Problem[];
  declare precheck: PrecheckAnswer | null;
  declare targetCases: Map<string, TargetCases>;
  declare knownTargets: string[];
  private targetsRequested = false;

  constructor() {
    super();
    this.drafts = [];
    this.levels = [];
    this.conflicts = [];
    this.precheck = null;
    this.targetCases = new Map();
    this.knownTargets = [];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('drafts')) for (const d of this.drafts) this.ensureCases(d.target.trim());
  }

  /**
   * The targets of the evidence, for the target fields' suggestions: read once, when a target field is
   * first focused (the attribution overview lists them with counts; the whole ledger could be large).
   */
  private async loadKnownTargets(): Promise<void> {
    if (this.targetsRequested) return;
    this.targetsRequested = true;
    try {
      const attribution = await store().api.get<AttributionOverview>('attribution');
      this.knownTargets = attribution.targets.map((t) => t.target).sort();
    } catch {
      this.knownTargets = [];
    }
  }

  private ensureCases(target: string): void {
    if (!target || this.targetCases.has(target)) return;
    this.targetCases = new Map(this.targetCases).set(target, { state: 'loading' });
    // Wait for typing to settle: a label typed letter by letter is not a target yet.
    window.setTimeout(() => void this.fetchCases(target), 250);
  }

  private async fetchCases(target: string): Promise<void> {
    if (!this.drafts.some((d) => d.target.trim() === target)) {
      const next = new Map(this.targetCases);
      next.delete(target);
      this.targetCases = next;
      return;
    }
    let entry: TargetCases;
    try {
      const { cases } = await store().api.get<CaseList>('cases', { target });
      entry = { state: 'ready', cases };
    } catch (error) {
      entry = { state: 'error', message: errorText(error) };
    }
    this.targetCases = new Map(this.targetCases).set(target, entry);
  }

  private readonly onFocusIn = (event: FocusEvent): void => {
    if ((event.target as HTMLElement).getAttribute('list') === 'claim-targets') void this.loadKnownTargets();
  };

  private emit(drafts: ClaimDraft[]): void {
    this.dispatchEvent(new CustomEvent<ClaimDraft[]>('drafts-change', { detail: drafts, bubbles: true }));
  }

  private rowConflicts(d: ClaimDraft): Problem[] {
    const cases = this.targetCases.get(d.target.trim());
    const normalized =
      cases?.state === 'ready' ? new Set(cases.cases.map((c) => c.target)) : new Set<string>();
    return this.conflicts.filter((c) => {
      const target = 'case' in c && c.case ? c.case.target : undefined;
      return !!target && (target === d.target.trim() || normalized.has(target));
    });
  }

  protected override render(): TemplateResult {
    return html`<section class="field wide" aria-labelledby="claims-heading" @focusin=${this.onFocusIn}>
      <h2 id="claims-heading">Verification set (<code>${this.field}</code>)</h2>
      <datalist id="claim-targets">
        ${this.knownTargets.map((t) => html`<option value=${t}></option>`)}
      </datalist>
      ${this.drafts.length === 0 ? html`<p class="muted">No targets claimed yet.</p>` : nothing}
      ${this.drafts.map(
        (d, i) =>
          html`<rr-claim-row
            .draft=${d}
            .index=${i}
            .entityId=${this.entityId}
            .targetCases=${this.targetCases.get(d.target.trim())}
            .levels=${this.levels}
            .defaultLevel=${String(store().state?.config?.default_provided_level ?? '')}
            .conflicts=${this.rowConflicts(d)}
            @draft-change=${(e: CustomEvent<ClaimDraft>) => {
              e.stopPropagation();
              this.emit(this.drafts.map((x, j) => (j === i ? e.detail : x)));
            }}
            @remove-row=${(e: Event) => {
              e.stopPropagation();
              this.emit(this.drafts.filter((_, j) => j !== i));
            }}
          ></rr-claim-row>`,
      )}
      <div class="actions">
        <button type="button" class="secondary" @click=${() => this.emit([...this.drafts, emptyDraft()])}>
          Add target
        </button>
      </div>
      ${this.summary()}
    </section>`;
  }

  private summary(): TemplateResult {
    const set: SetMember[] | undefined = this.precheck?.set?.members;
    if (!set)
      return html`<p class="muted" id="set-summary" aria-live="polite">
        The resulting set appears after the precheck.
      </p>`;
    const byState = new Map<string, number>();
    for (const m of set) byState.set(m.state, (byState.get(m.state) ?? 0) + 1);
    const byTarget = new Map<string, number>();
    for (const m of set) byTarget.set(m.target, (byTarget.get(m.target) ?? 0) + 1);
    return html`<div id="set-summary" aria-live="polite">
      <h3>Resulting set</h3>
      <p>
        ${set.length}
        ${set.length === 1 ? 'case' : 'cases'}${
          set.length
            ? html`: ${[...byState].map(([state, n], i) => html`${i ? ', ' : ''}${n} ${state}`)}`
            : nothing
        }${set.some((m) => m.flaky) ? html`; ${set.filter((m) => m.flaky).length} flaky` : nothing}.
      </p>
      ${
        byTarget.size
          ? html`<ul class="plain-list">
              ${[...byTarget].map(([t, n]) => html`<li><code>${t}</code>: ${n} ${n === 1 ? 'case' : 'cases'}</li>`)}
            </ul>`
          : nothing
      }
    </div>`;
  }
}
customElements.define('rr-claims-editor', ClaimsEditor);
