import { html, nothing } from 'lit';
import { ApiError, errorText } from '../api/api-error.js';
import type { CaseMoveAnswer, Conflict, Expansion, LedgerRow } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { entityLink, entityLinks } from './badges.js';
import { conflictList } from './conflict-list.js';
import { LightElement } from './light-element.js';

/**
 * Move or Assign a case: give it to another entity or to none through a checked model edit. A dry
 * run shows what changes first; glob or whole-target claims that would be rewritten need an explicit
 * confirmation.
 */
export class CaseMoveDialog extends LightElement {
  static override properties = {
    row: { attribute: false },
    plan: { state: true },
    expansions: { state: true },
    conflicts: { state: true },
    error: { state: true },
    busy: { state: true },
    done: { state: true },
  };
  declare row: LedgerRow | null;
  declare plan: CaseMoveAnswer | null;
  declare expansions: Expansion[];
  declare conflicts: Conflict[];
  declare error: string;
  declare busy: boolean;
  declare done: string;
  private to: string | null = null;

  constructor() {
    super();
    this.row = null;
    this.plan = null;
    this.expansions = [];
    this.conflicts = [];
    this.error = '';
    this.busy = false;
    this.done = '';
  }

  /** Opens the dialog for a case. */
  open(row: LedgerRow): void {
    this.row = row;
    this.plan = null;
    this.expansions = [];
    this.conflicts = [];
    this.error = '';
    this.done = '';
    this.to = null;
    void this.updateComplete.then(() => {
      const input = this.querySelector<HTMLInputElement>('#move-to');
      if (input) input.value = '';
      this.querySelector('dialog')?.showModal();
    });
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private body(dryRun: boolean, expand: boolean): Record<string, unknown> {
    const row = this.row!;
    return { case: { target: row.target, path: row.path }, to: this.to, expand, dry_run: dryRun };
  }

  private async request(dryRun: boolean, expand: boolean): Promise<void> {
    this.busy = true;
    this.error = '';
    this.conflicts = [];
    try {
      const result = await store().api.post<CaseMoveAnswer>('cases/move', this.body(dryRun, expand));
      if (dryRun) {
        this.plan = result;
        this.expansions = result.expansions;
      } else {
        this.done = this.to ? `The case now belongs to ${this.to}.` : 'The case now has no owner.';
        await store().refresh();
        this.dispatchEvent(new Event('case-moved', { bubbles: true }));
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'needs-expand') {
        // The dry run stops here: the plan is the expansions the user must confirm.
        this.expansions = (error.body.expansions as Expansion[] | undefined) ?? [];
        this.plan = {
          ok: false,
          dry_run: true,
          case: { target: this.row!.target, path: this.row!.path },
          from: this.row!.owner,
          to: this.to,
          givers: [],
          expansions: this.expansions,
          relocked: false,
          files: [],
          notices: [],
        };
      } else if (error instanceof ApiError) {
        this.conflicts = error.conflicts;
        this.error = errorText(error);
      } else this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private preview(event: Event): void {
    event.preventDefault();
    const value = this.querySelector<HTMLInputElement>('#move-to')?.value.trim() ?? '';
    this.to = value === '' || value.toLowerCase() === 'none' ? null : value;
    void this.request(true, false);
  }

  protected override render() {
    const row = this.row;
    const owners = store().entities.filter(
      (e) => e.kind === 'requirement' || e.kind === 'user_need' || e.kind === 'mitigation',
    );
    return html`<dialog aria-labelledby="move-title">
      <h2 id="move-title">${row?.owner ? 'Move' : 'Assign'} a test case</h2>
      ${
        row
          ? html`<p>
              Case <code>${row.path}</code> of <code>${row.target}</code>, now
              ${row.owner ? html`owned by ${entityLink(row.owner)}` : row.quarantine ? html`quarantined (${row.quarantine})` : 'without owner'}${
                row.claimed_by.length ? html`; selected by ${entityLinks(row.claimed_by)}` : nothing
              }.
            </p>`
          : nothing
      }
      ${
        this.done
          ? html`<p class="banner success" role="status">${this.done}</p>
              <div class="actions"><button type="button" @click=${this.close}>Close</button></div>`
          : html`<form @submit=${this.preview}>
                <div class="field">
                  <label for="move-to">New owner (an id, or empty for none)</label>
                  <input id="move-to" type="text" list="move-owners" autocomplete="off" spellcheck="false" />
                  <datalist id="move-owners">
                    ${owners.map((e) => html`<option value=${e.id}>${e.title}</option>`)}
                  </datalist>
                </div>
                <div class="actions">
                  <button type="submit" class="secondary" ?disabled=${this.busy}>Preview the change</button>
                  <button type="button" class="secondary" @click=${this.close}>Cancel</button>
                </div>
              </form>
              ${this.planView()}`
      }
      ${conflictList(this.conflicts, 'The move would introduce these problems')}
      ${this.error && !this.conflicts.length ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    </dialog>`;
  }

  private planView() {
    if (!this.plan) return nothing;
    const needsConfirm = this.expansions.length > 0;
    return html`<section aria-labelledby="move-plan-title" id="move-plan">
      <h3 id="move-plan-title">What the move changes</h3>
      <ul class="plain-list">
        <li>
          ${this.to ? html`${entityLink(this.to)} gains a literal selector for the case.` : 'No entity will claim the case.'}
        </li>
        ${
          (this.plan as { givers?: string[] }).givers?.length
            ? html`<li>Gives it up: ${entityLinks((this.plan as { givers?: string[] }).givers)}.</li>`
            : nothing
        }
        ${(this.plan as { relocked?: boolean }).relocked ? html`<li>Its lock entry is re-locked in the same write.</li>` : nothing}
      </ul>
      ${
        needsConfirm
          ? html`<div class="banner warning" role="alert">
              <p>
                These claims select the case with a glob or the whole target. They will be rewritten into
                literal selectors of the other cases they select:
              </p>
              <ul>
                ${this.expansions.map(
                  (x) =>
                    html`<li>
                      ${entityLink(x.entity)} on <code>${x.target}</code>: <code>${x.selector}</code> becomes
                      ${x.becomes.length ? html`${x.becomes.length} literal selectors` : 'nothing (the claim is removed)'}
                    </li>`,
                )}
              </ul>
            </div>`
          : nothing
      }
      <div class="actions">
        <button type="button" ?disabled=${this.busy} @click=${() => void this.request(false, needsConfirm)}>
          ${needsConfirm ? 'Rewrite the claims and move' : this.to ? 'Move the case' : 'Remove the owner'}
        </button>
      </div>
    </section>`;
  }
}
customElements.define('rr-case-move-dialog', CaseMoveDialog);
