import { html, nothing, type TemplateResult } from 'lit';
import { idSegment } from '../api/api-client.js';
import { ApiError, errorText } from '../api/api-error.js';
import type { Conflict, EntityDetail, Finding, UpdateProposal, WorksheetAnswer } from '../api/api-types.js';
import { fieldChanges, type FieldChangeRow } from '../model/field-changes.js';
import { KIND_LABELS } from '../model/kind-fields.js';
import { entityHref, href } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';
import { entityLink } from './badges.js';
import { conflictList, noticeList } from './conflict-list.js';
import { LightElement } from './light-element.js';
import { worksheetPathField } from './worksheet-path-field.js';

type Panel = 'none' | 'note' | 'update' | 'worksheet' | 'dismiss';

/**
 * One finding of a job and its actions (docs/api.md, "Agents"): add as note, create (opens the
 * pre-filled form), apply an update after showing what changes, write a case owner to the worksheet,
 * dismiss. Every answer carries the finding as it now stands; the card fires `finding-changed` with it.
 */
export class FindingCard extends LightElement {
  static override properties = {
    finding: { attribute: false },
    panel: { state: true },
    busy: { state: true },
    error: { state: true },
    conflicts: { state: true },
    notices: { state: true },
    done: { state: true },
    changes: { state: true },
  };
  declare finding: Finding;
  declare panel: Panel;
  declare busy: boolean;
  declare error: string;
  declare conflicts: Conflict[];
  declare notices: Conflict[];
  declare done: string;
  /** the update's fields beside the entity's values now, once read */
  declare changes: FieldChangeRow[] | null;

  constructor() {
    super();
    this.panel = 'none';
    this.busy = false;
    this.error = '';
    this.conflicts = [];
    this.notices = [];
    this.done = '';
    this.changes = null;
  }

  private get domId(): string {
    return `finding-${this.finding.id.replace(/[^\w-]/g, '_')}`;
  }

  private open(panel: Panel): void {
    this.panel = this.panel === panel ? 'none' : panel;
    this.error = '';
    this.conflicts = [];
    if (this.panel === 'update') void this.readUpdate();
  }

  private async readUpdate(): Promise<void> {
    const proposal = this.finding.proposal as UpdateProposal;
    this.changes = null;
    try {
      const detail = await store().api.get<EntityDetail>(`entities/${idSegment(proposal.entity)}`);
      this.changes = fieldChanges(detail.entity.data, proposal.fields);
      if (detail.entity.version !== proposal.version)
        this.error = `${proposal.entity} changed since the job read it; applying will be refused as stale. Run the review again.`;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Sends an action; the answer's finding replaces this one. */
  private async act(
    path: 'apply' | 'dismiss',
    body: Record<string, unknown>,
    done: (answer: never) => string,
  ) {
    this.busy = true;
    this.error = '';
    this.conflicts = [];
    this.notices = [];
    try {
      const answer = await store().api.post<{ finding: Finding; notices?: Conflict[] }>(
        `findings/${idSegment(this.finding.id)}/${path}`,
        body,
      );
      this.done = done(answer as never);
      this.notices = answer.notices ?? [];
      this.panel = 'none';
      this.dispatchEvent(new CustomEvent('finding-changed', { detail: answer.finding, bubbles: true }));
      if (path === 'apply') await store().refresh();
    } catch (error) {
      this.error = errorText(error);
      if (error instanceof ApiError) this.conflicts = error.conflicts;
    } finally {
      this.busy = false;
    }
  }

  /** Where "Add as note" writes, as the server decides it: the proposal's entity, else the finding's. */
  private noteTarget(): { entity: string | null; kind: string; text: string; proposed: boolean } {
    const f = this.finding;
    const proposed = f.proposal?.type === 'note' ? f.proposal : undefined;
    return {
      entity: proposed?.entity ?? f.entity,
      kind: proposed?.kind ?? 'gap',
      text: proposed?.text ?? f.detail,
      proposed: proposed !== undefined,
    };
  }

  private addNote(event: Event): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const kind = (form.querySelector('select[name=kind]') as HTMLSelectElement).value;
    const entity = (form.querySelector('[name=entity]') as HTMLInputElement | null)?.value.trim();
    if (this.noteTarget().entity === null && !entity) {
      this.error = 'A finding about the whole model needs the entity the note goes on.';
      return;
    }
    void this.act(
      'apply',
      { action: 'note', kind, ...(entity ? { entity } : {}) },
      (answer: { finding: Finding }) =>
        `Added as a ${kind} note on ${answer.finding.applied?.entity ?? entity ?? this.noteTarget().entity}.`,
    );
  }

  private dismiss(event: Event): void {
    event.preventDefault();
    const reason = (event.target as HTMLFormElement)
      .querySelector<HTMLInputElement>('[name=reason]')!
      .value.trim();
    void this.act('dismiss', reason ? { reason } : {}, () =>
      reason ? `Dismissed: ${reason}` : 'Dismissed.',
    );
  }

  private writeWorksheet(event: Event): void {
    event.preventDefault();
    const path = (event.target as HTMLFormElement)
      .querySelector<HTMLInputElement>('[name=path]')!
      .value.trim();
    void this.act(
      'apply',
      { action: 'worksheet', ...(path ? { path } : {}) },
      (answer: WorksheetAnswer) => `Written to ${answer.path} (${answer.rows} rows).`,
    );
  }

  protected override render(): TemplateResult {
    const f = this.finding;
    const open = f.state === 'open';
    return html`<article
      class="finding finding-${f.state}"
      id=${this.domId}
      aria-labelledby="${this.domId}-title"
    >
      <h3 id="${this.domId}-title" class="finding-title">
        <span class="badge ${f.severity === 'error' ? 'bad' : f.severity === 'warning' ? 'warn' : 'neutral'}"
          >${f.severity}</span
        >
        <span class="finding-category">${f.category}</span>
        <span class="muted">·</span>
        ${f.entity ? entityLink(f.entity) : html`<span class="muted">whole model</span>`}
        ${f.state === 'open' ? nothing : html`<span class="badge neutral">${f.state}</span>`}
      </h3>
      <p class="finding-detail">${f.detail}</p>
      ${this.facts()} ${this.proposalView()}
      ${f.dropped ? html`<p class="muted">Proposal left out: ${f.dropped}</p>` : nothing}
      ${f.applied ? html`<p class="muted">Applied (${f.applied.action})${f.applied.files.length ? html`: ${f.applied.files.join(', ')}` : nothing}.</p>` : nothing}
      ${f.dismissed ? html`<p class="muted finding-dismissal">Dismissed${f.dismissed.reason ? html`: ${f.dismissed.reason}` : html` without a reason`}.</p>` : nothing}
      ${this.done ? html`<p class="banner success" role="status">${this.done}</p>` : nothing}
      ${noticeList(this.notices)} ${open ? this.actions() : nothing} ${open ? this.panelView() : nothing}
      ${conflictList(this.conflicts, 'Refused: the change would introduce these problems')}
      ${this.error && !this.conflicts.length ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    </article>`;
  }

  private facts(): TemplateResult | typeof nothing {
    const f = this.finding;
    if (!f.case && !f.missing_checks?.length && !f.locations?.length) return nothing;
    return html`<ul class="plain-list finding-facts">
      ${f.case ? html`<li>Case <code>${f.case.target} ${f.case.path}</code>${f.judgement ? html`: <strong>${f.judgement}</strong>` : nothing}</li>` : nothing}
      ${f.missing_checks?.length ? html`<li>Missing checks: ${f.missing_checks.join('; ')}</li>` : nothing}
      ${(f.locations ?? []).map(
        (l) =>
          html`<li>
            <a href=${href('source', { path: l.file, line: l.line ?? undefined })}
              >${l.file}${l.line ? `:${l.line}` : ''}</a
            >
          </li>`,
      )}
    </ul>`;
  }

  private proposalView(): TemplateResult | typeof nothing {
    const p = this.finding.proposal;
    if (!p) return nothing;
    switch (p.type) {
      case 'create':
        return html`<p class="proposal">
          Proposes a new ${KIND_LABELS[p.kind].one.toLowerCase()}:
          <strong>${typeof p.data.title === 'string' ? p.data.title : '(untitled)'}</strong>
        </p>`;
      case 'update':
        return html`<p class="proposal">
          Proposes to change ${Object.keys(p.fields).map((k, i) => html`${i ? ', ' : ''}<code>${k}</code>`)}
          of ${entityLink(p.entity)}
        </p>`;
      case 'note':
        return html`<p class="proposal">Proposes a ${p.kind} note on ${entityLink(p.entity)}: ${p.text}</p>`;
      case 'case-owner':
        return html`<p class="proposal">
          Proposes that case <code>${p.target} ${p.path}</code> verifies
          ${p.proposed ? entityLink(p.proposed) : html`<strong>no entity</strong>`}: ${p.reason}
        </p>`;
    }
  }

  private actions(): TemplateResult {
    const p = this.finding.proposal;
    const id = this.domId;
    return html`<div class="actions finding-actions">
      <button
        type="button"
        class="secondary"
        aria-expanded=${this.panel === 'note'}
        aria-controls="${id}-panel"
        @click=${() => this.open('note')}
      >
        Add as note…
      </button>
      ${
        p?.type === 'create'
          ? html`<a class="button secondary" href=${href(`new/${p.kind}`, { finding: this.finding.id })}
              >Create…</a
            >`
          : nothing
      }
      ${
        p?.type === 'update'
          ? html`<button
              type="button"
              class="secondary"
              aria-expanded=${this.panel === 'update'}
              aria-controls="${id}-panel"
              @click=${() => this.open('update')}
            >
              Apply update…
            </button>`
          : nothing
      }
      ${
        p?.type === 'case-owner'
          ? html`<button
              type="button"
              class="secondary"
              aria-expanded=${this.panel === 'worksheet'}
              aria-controls="${id}-panel"
              @click=${() => this.open('worksheet')}
            >
              Write to worksheet…
            </button>`
          : nothing
      }
      <button
        type="button"
        class="secondary"
        aria-expanded=${this.panel === 'dismiss'}
        aria-controls="${id}-panel"
        @click=${() => this.open('dismiss')}
      >
        Dismiss…
      </button>
    </div>`;
  }

  private panelView(): TemplateResult | typeof nothing {
    const id = `${this.domId}-panel`;
    switch (this.panel) {
      case 'none':
        return nothing;
      case 'note': {
        const target = this.noteTarget();
        return html`<form class="finding-panel" id=${id} @submit=${this.addNote}>
          <div class="field">
            <label for="${id}-kind">Note kind</label>
            <select id="${id}-kind" name="kind">
              ${(['gap', 'todo', 'question'] as const).map(
                (k) => html`<option value=${k} ?selected=${target.kind === k}>${k}</option>`,
              )}
            </select>
          </div>
          ${
            target.entity === null
              ? html`<div class="field">
                  <label for="${id}-entity">Entity the note goes on</label>
                  <input
                    id="${id}-entity"
                    name="entity"
                    type="text"
                    list="${id}-entities"
                    autocomplete="off"
                    spellcheck="false"
                    required
                  />
                  <datalist id="${id}-entities">
                    ${store().entities.map((e) => html`<option value=${e.id}>${e.title}</option>`)}
                  </datalist>
                </div>`
              : html`<p class="note-target">
                  On ${entityLink(target.entity)}, with
                  ${target.proposed ? html`the proposed text: “${target.text}”` : "the finding's text"}.
                </p>`
          }
          <div class="actions"><button type="submit" ?disabled=${this.busy}>Add the note</button></div>
        </form>`;
      }
      case 'update':
        return this.updatePanel(id);
      case 'dismiss':
        return html`<form class="finding-panel" id=${id} @submit=${this.dismiss}>
          <div class="field">
            <label for="${id}-reason">Why it is dismissed (optional; kept with the job)</label>
            <input id="${id}-reason" name="reason" type="text" autocomplete="off" />
          </div>
          <div class="actions"><button type="submit" ?disabled=${this.busy}>Dismiss the finding</button></div>
        </form>`;
      case 'worksheet':
        return html`<form class="finding-panel" id=${id} @submit=${this.writeWorksheet}>
          <div class="field">${worksheetPathField(`${id}-path`)}</div>
          <div class="actions"><button type="submit" ?disabled=${this.busy}>Write the proposal</button></div>
          <p class="help">
            The worksheet records a proposal for review; no owner changes until a person accepts and applies
            it.
          </p>
        </form>`;
    }
  }

  private updatePanel(id: string): TemplateResult {
    const proposal = this.finding.proposal as UpdateProposal;
    const rows = this.changes;
    return html`<section class="finding-panel" id=${id} aria-labelledby="${id}-title">
      <h4 id="${id}-title">
        What the update changes in <a href=${entityHref(proposal.entity)}>${proposal.entity}</a>
      </h4>
      ${
        rows === null
          ? html`<p aria-live="polite">Reading ${proposal.entity}…</p>`
          : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Field changes">
              <table class="field-changes">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Now</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows.map(
                    (r) =>
                      html`<tr class="change-${r.change}">
                        <th scope="row"><code>${r.field}</code></th>
                        <td>
                          <span class="field-value">${r.now || html`<span class="muted">(none)</span>`}</span>
                        </td>
                        <td>
                          <span class="field-value"
                            >${r.change === 'remove' ? html`<span class="muted">(removed)</span>` : r.proposed}</span
                          >
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
      }
      <div class="actions">
        <button
          type="button"
          ?disabled=${this.busy || rows === null}
          @click=${() => void this.act('apply', { action: 'update' }, () => `${proposal.entity} updated.`)}
        >
          Apply the update
        </button>
      </div>
    </section>`;
  }
}
customElements.define('rr-finding-card', FindingCard);
