import { html, nothing, type TemplateResult } from 'lit';
import type { LedgerRow, Problem } from '../api/api-types.js';
import { draftProblem, selectorLines, untouched, type ClaimDraft } from '../model/claim-draft.js';
import {
  lineSelects,
  namesCase,
  readSelectorLines,
  withCase,
  type SelectorLine,
} from '../model/selector-lines.js';
import { entityLink } from './badges.js';
import { conflictList } from './conflict-list.js';
import { LightElement } from './light-element.js';

const CHECKLIST_LIMIT = 200;

/** What a row knows of its target's observed cases. */
export type TargetCases =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; cases: LedgerRow[] };

/**
 * One row of the verification-set form: a target with either case selectors (one per line, with a
 * checklist of the target's observed cases) or the whole target with a required reason. Emits
 * `draft-change` (detail: the new draft) and `remove-row`.
 */
export class ClaimRow extends LightElement {
  static override properties = {
    draft: { attribute: false },
    index: { attribute: false },
    entityId: { attribute: false },
    targetCases: { attribute: false },
    levels: { attribute: false },
    defaultLevel: { attribute: false },
    targets: { attribute: false },
    conflicts: { attribute: false },
    caseFilter: { state: true },
  };
  declare draft: ClaimDraft;
  declare index: number;
  declare entityId: string;
  declare targetCases: TargetCases | undefined;
  declare levels: string[];
  declare defaultLevel: string;
  declare targets: string[];
  declare conflicts: Problem[];
  declare caseFilter: string;

  constructor() {
    super();
    this.levels = [];
    this.defaultLevel = '';
    this.targets = [];
    this.conflicts = [];
    this.caseFilter = '';
  }

  private change(patch: Partial<ClaimDraft>): void {
    this.dispatchEvent(
      new CustomEvent<ClaimDraft>('draft-change', { detail: { ...this.draft, ...patch }, bubbles: true }),
    );
  }

  private toggleCase(path: string, checked: boolean): void {
    this.change({ selectors: withCase(selectorLines(this.draft), path, checked).join('\n') });
  }

  protected override render(): TemplateResult {
    const d = this.draft;
    const k = d.key;
    const problem = draftProblem(d);
    const cases = this.targetCases?.state === 'ready' ? this.targetCases.cases : undefined;
    const lines = readSelectorLines(selectorLines(d));
    return html`<fieldset class="claim-row ${untouched(d) ? 'untouched' : ''}" data-target=${d.target}>
      <legend>
        Target
        ${this.index + 1}${d.target ? html`: <code>${d.target}</code>` : nothing}${untouched(d) ? html` <span class="muted">(unchanged)</span>` : nothing}
      </legend>
      <div class="claim-row-grid">
        <div class="field">
          <label for="claim-${k}-target">Target label</label>
          <input
            id="claim-${k}-target"
            type="text"
            list="claim-targets"
            spellcheck="false"
            autocomplete="off"
            .value=${d.target}
            aria-invalid=${d.target.trim() === '' ? 'true' : 'false'}
            @input=${(e: Event) => this.change({ target: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div class="field">
          <label for="claim-${k}-level">Level</label>
          <select
            id="claim-${k}-level"
            @change=${(e: Event) => this.change({ level: (e.target as HTMLSelectElement).value })}
          >
            <option value="" ?selected=${d.level === ''}>
              default${this.defaultLevel ? ` (${this.defaultLevel})` : ''}
            </option>
            ${[...new Set([...this.levels, ...(d.level ? [d.level] : [])])].map(
              (l) => html`<option value=${l} ?selected=${d.level === l}>${l}</option>`,
            )}
          </select>
        </div>
      </div>
      <div class="actions" role="radiogroup" aria-label="How target ${this.index + 1} is claimed">
        <label
          ><input
            type="radio"
            name="claim-${k}-mode"
            value="cases"
            .checked=${!d.whole}
            @change=${() => this.change({ whole: false })}
          />
          Case selectors</label
        >
        <label
          ><input
            type="radio"
            name="claim-${k}-mode"
            value="whole"
            .checked=${d.whole}
            @change=${() => this.change({ whole: true })}
          />
          Whole target</label
        >
      </div>
      ${d.whole ? this.wholeTarget(d, cases) : this.selectors(d, lines, cases)}
      ${problem ? html`<p class="field-error" id="claim-${k}-problem">${problem}</p>` : nothing}
      ${conflictList(this.conflicts, `Conflicts on ${d.target || `target ${this.index + 1}`}`)}
      <div class="actions">
        <button
          type="button"
          class="secondary"
          @click=${() => this.dispatchEvent(new Event('remove-row', { bubbles: true }))}
        >
          Remove target ${this.index + 1}
        </button>
      </div>
    </fieldset>`;
  }

  private wholeTarget(d: ClaimDraft, cases: LedgerRow[] | undefined): TemplateResult {
    const k = d.key;
    const missing = d.reason.trim() === '' && !untouched(d);
    return html`<div class="field">
      <label for="claim-${k}-reason">Reason (required: why this target cannot be claimed per case)</label>
      <textarea
        id="claim-${k}-reason"
        required
        aria-invalid=${missing ? 'true' : 'false'}
        .value=${d.reason}
        @input=${(e: Event) => this.change({ reason: (e.target as HTMLTextAreaElement).value })}
      ></textarea>
      ${cases ? html`<p class="help">Claims every result of the target: ${cases.length} observed ${cases.length === 1 ? 'case' : 'cases'}.</p>` : nothing}
    </div>`;
  }

  private selectors(d: ClaimDraft, lines: SelectorLine[], cases: LedgerRow[] | undefined): TemplateResult {
    const k = d.key;
    return html`<div class="claim-row-grid">
      <div class="field">
        <label for="claim-${k}-selectors"
          >Case selectors, one per line (<code>*</code> matches anything)</label
        >
        <textarea
          id="claim-${k}-selectors"
          class="selectors"
          rows=${Math.min(16, Math.max(3, lines.length + 1))}
          spellcheck="false"
          aria-describedby="claim-${k}-counts"
          .value=${d.selectors}
          @input=${(e: Event) => this.change({ selectors: (e.target as HTMLTextAreaElement).value })}
        ></textarea>
        <ul class="selector-counts" id="claim-${k}-counts" aria-live="polite">
          ${lines.map((line) => {
            if (line.problem) return html`<li class="none"><code>${line.text}</code>: ${line.problem}</li>`;
            if (!cases) return html`<li><code>${line.text}</code></li>`;
            const n = cases.filter((c) => lineSelects(line, c.path)).length;
            return html`<li class=${n === 0 ? 'none' : ''}>
              <code>${line.text}</code> matches ${n} ${n === 1 ? 'case' : 'cases'}
            </li>`;
          })}
        </ul>
        <label for="claim-${k}-reason-optional">Reason (optional)</label>
        <input
          id="claim-${k}-reason-optional"
          type="text"
          .value=${d.reason}
          @input=${(e: Event) => this.change({ reason: (e.target as HTMLInputElement).value })}
        />
      </div>
      <div class="field">${this.checklist(d, lines)}</div>
    </div>`;
  }

  private checklist(d: ClaimDraft, lines: SelectorLine[]): TemplateResult {
    const k = d.key;
    const tc = this.targetCases;
    if (!d.target.trim()) return html`<p class="help">Give a target to see its observed cases.</p>`;
    if (!tc || tc.state === 'loading')
      return html`<p class="help" aria-live="polite">Loading the target's cases…</p>`;
    if (tc.state === 'error') return html`<p class="help">No observed cases: ${tc.message}</p>`;
    if (tc.cases.length === 0) return html`<p class="help">The evidence has no cases of this target.</p>`;
    const filter = this.caseFilter.trim().toLowerCase();
    const visible = tc.cases.filter((c) => !filter || c.path.toLowerCase().includes(filter));
    return html`<span class="stacked-label" id="claim-${k}-checklist-label"
        >Observed cases of the target (${tc.cases.length})</span
      >
      ${
        tc.cases.length > 10
          ? html`<label for="claim-${k}-case-filter" class="visually-hidden">Filter the observed cases</label>
              <input
                id="claim-${k}-case-filter"
                type="search"
                placeholder="Filter cases"
                .value=${this.caseFilter}
                @input=${(e: Event) => (this.caseFilter = (e.target as HTMLInputElement).value)}
              />`
          : nothing
      }
      <ul class="case-checklist" aria-labelledby="claim-${k}-checklist-label">
        ${visible.slice(0, CHECKLIST_LIMIT).map((c, i) => {
          const literal = lines.some((line) => namesCase(line, c.path));
          const glob = lines.find((line) => line.selector.glob && lineSelects(line, c.path))?.text;
          const checked = literal || glob !== undefined;
          const otherOwner = c.owner && c.owner !== this.entityId ? c.owner : null;
          const disabled = (otherOwner !== null && !checked) || (glob !== undefined && !literal);
          const id = `claim-${k}-case-${i}`;
          return html`<li class=${disabled ? 'disabled' : ''}>
            <input
              type="checkbox"
              id=${id}
              .checked=${checked}
              ?disabled=${disabled}
              @change=${(e: Event) => this.toggleCase(c.path, (e.target as HTMLInputElement).checked)}
            />
            <label for=${id}><code>${c.path}</code></label>
            ${otherOwner ? html`<span class="muted">owned by ${entityLink(otherOwner)}</span>` : nothing}
            ${c.quarantine ? html`<span class="badge state-quarantined">quarantined: ${c.quarantine}</span>` : nothing}
            ${glob !== undefined && !literal ? html`<span class="muted">by <code>${glob}</code></span>` : nothing}
          </li>`;
        })}
      </ul>
      ${
        visible.length > CHECKLIST_LIMIT
          ? html`<p class="help">Showing ${CHECKLIST_LIMIT} of ${visible.length}; filter to find others.</p>`
          : nothing
      }`;
  }
}
customElements.define('rr-claim-row', ClaimRow);
