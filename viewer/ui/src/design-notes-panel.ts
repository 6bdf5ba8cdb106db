// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-design-notes-panel>: design notes shared by every viewer of the experiment. Write a note (kind, title,
// text, targets picked on the board or the lane itself), then accept, reject, apply, reopen, comment or
// delete it. Targets of open and accepted notes are marked on the board. The page reads the list again
// every few seconds, so notes other people write appear too.
import { LitElement, css, html, nothing } from 'lit';
import type { LaneFrame } from './lane-replay.js';
import { formatClock } from './number-format.js';
import { allowedActions, DESIGN_NOTE_KINDS } from '../../src/notes/design-note-actions.js';
import type {
  DesignNote,
  DesignNoteAction,
  DesignNoteKind,
  DesignNoteStatus,
  DesignNoteTarget,
} from './api-types.js';
import { designNoteTargetText } from './design-note-target-text.js';
import { sharedStyles } from './shared-styles.js';
import { ApiError, type ViewerApi } from './viewer-api.js';

const ACTION_LABELS: Record<DesignNoteAction, string> = {
  edit: 'Edit',
  accept: 'Accept',
  reject: 'Reject',
  apply: 'Mark applied',
  reopen: 'Reopen',
  comment: 'Comment',
  delete: 'Delete',
};

/** The actions a note's status allows, as buttons: editing and commenting have their own controls. */
function decisions(status: DesignNoteStatus): DesignNoteAction[] {
  return allowedActions(status).filter((action) => action !== 'edit' && action !== 'comment');
}

export class DesignNotesPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    lane: { type: String },
    run: { attribute: false },
    frame: { attribute: false },
    targets: { attribute: false },
    picking: { type: Boolean },
    notes: { attribute: false },
    problem: { type: String },
    filter: { state: true },
    message: { state: true },
    confirmDelete: { state: true },
  };

  api: ViewerApi | null = null;
  lane: string | null = null;
  run: string | null = null;
  frame: LaneFrame | null = null;
  /** Targets of the note being written (picked on the board by the page). */
  targets: DesignNoteTarget[] = [];
  /** Whether clicks on the board add targets to the note being written. */
  picking = false;
  /** The notes, read by the page. */
  notes: DesignNote[] = [];
  /** Why the notes could not be read, when they could not. */
  problem = '';
  filter: 'all' | DesignNote['status'] = 'all';
  message = '';
  confirmDelete: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      form {
        display: grid;
        gap: 4px;
        margin-bottom: 8px;
      }
      label {
        display: grid;
        gap: 2px;
      }
      input[type='text'],
      textarea {
        width: 100%;
      }
      .row {
        display: flex;
        gap: 4px;
        flex-wrap: wrap;
        align-items: center;
      }
      .chip {
        display: inline-flex;
        gap: 2px;
        align-items: center;
        border: 1px solid #c8a2c8;
        background: #fbefff;
        border-radius: 10px;
        padding: 0 2px 0 6px;
      }
      .chip button {
        border: none;
        background: none;
        padding: 0 4px;
      }
      ul.notes {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      ul.notes > li {
        border: 1px solid #dde3ea;
        border-radius: 4px;
        padding: 4px 6px;
        margin-bottom: 6px;
      }
      .badge {
        display: inline-block;
        font-size: 11px;
        border-radius: 3px;
        padding: 0 4px;
        background: #eef1f5;
        margin-right: 4px;
      }
      .badge.open {
        background: #d6e4fa;
      }
      .badge.accepted {
        background: #d3f0dc;
      }
      .badge.rejected {
        background: #f6d5d3;
      }
      .badge.applied {
        background: #e6dcf5;
      }
      .body {
        white-space: pre-wrap;
        margin: 2px 0;
      }
      .status {
        min-height: 1.4em;
      }
    `,
  ];

  /** Asks the page to read the notes again after a change. */
  private reload(): void {
    this.dispatchEvent(new CustomEvent('design-notes-changed', { bubbles: true, composed: true }));
  }

  private async create(e: Event): Promise<void> {
    e.preventDefault();
    if (!this.api) return;
    const form = e.target as HTMLFormElement;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const title = field('title').trim();
    if (!title) {
      this.message = 'A note needs a title.';
      return;
    }
    const f = this.frame;
    try {
      const note = await this.api.createDesignNote({
        kind: field('kind') as DesignNoteKind,
        title,
        ...(field('body') ? { body: field('body') } : {}),
        targets: this.targets,
        context: {
          run: this.run,
          ...(this.lane ? { lane: this.lane } : {}),
          ...(f && f.seq >= 0 ? { seq: f.seq } : {}),
          ...(f?.checkpoint ? { checkpoint: f.checkpoint.board } : {}),
        },
      });
      form.reset();
      this.message = `Note "${note.title}" written.`;
      this.dispatchEvent(new CustomEvent('targets-clear', { bubbles: true, composed: true }));
      this.reload();
    } catch (error) {
      this.message = `Could not write the note: ${error instanceof ApiError ? error.message : String(error)}`;
    }
  }

  private async act(
    note: DesignNote,
    action: DesignNoteAction,
    body: Record<string, unknown> = {},
  ): Promise<void> {
    if (!this.api) return;
    if (action === 'delete' && this.confirmDelete !== note.id) {
      this.confirmDelete = note.id;
      return;
    }
    this.confirmDelete = null;
    try {
      await this.api.designNoteAction(note, action, body);
      this.message = `${ACTION_LABELS[action]}: "${note.title}".`;
    } catch (error) {
      this.message =
        error instanceof ApiError && error.code === 'stale-revision'
          ? `Someone changed "${note.title}" meanwhile; the list now shows their change. Try again.`
          : `Could not ${action} "${note.title}": ${error instanceof ApiError ? error.message : String(error)}`;
    }
    this.reload();
  }

  private removeTarget(i: number): void {
    this.dispatchEvent(
      new CustomEvent('target-remove', { detail: { index: i }, bubbles: true, composed: true }),
    );
  }

  override render() {
    const shown = this.filter === 'all' ? this.notes : this.notes.filter((n) => n.status === this.filter);
    return html`<h2>Design notes</h2>
      <form aria-label="New note" @submit=${this.create}>
        <div class="row">
          <label
            >Kind
            <select name="kind">
              ${DESIGN_NOTE_KINDS.map((k) => html`<option value=${k}>${k}</option>`)}
            </select>
          </label>
        </div>
        <label>Title <input type="text" name="title" maxlength="200" required /></label>
        <label>Text <textarea name="body" rows="3"></textarea></label>
        <div class="row" aria-label="Targets">
          <span>Targets:</span>
          ${this.targets.length === 0 ? html`<span class="muted">none</span>` : nothing}
          ${this.targets.map(
            (t, i) =>
              html`<span class="chip"
                >${designNoteTargetText(t)}<button
                  type="button"
                  aria-label=${`Remove target ${designNoteTargetText(t)}`}
                  @click=${() => this.removeTarget(i)}
                >
                  ×
                </button></span
              >`,
          )}
        </div>
        <div class="row">
          <button
            type="button"
            aria-pressed=${this.picking ? 'true' : 'false'}
            @click=${() => this.dispatchEvent(new CustomEvent('picking-toggle', { bubbles: true, composed: true }))}
          >
            Pick targets on the board
          </button>
          <button
            type="button"
            ?disabled=${!this.lane}
            @click=${() =>
              this.dispatchEvent(
                new CustomEvent('target-add', {
                  detail: {
                    target: { type: 'lane', lane: this.lane!, ...(this.run ? { run: this.run } : {}) },
                  },
                  bubbles: true,
                  composed: true,
                }),
              )}
          >
            Target this lane
          </button>
          <button type="submit">Write note</button>
        </div>
      </form>
      <p class="status" role="status">${this.message}</p>
      ${this.problem ? html`<p class="error">${this.problem}</p>` : nothing}
      <div class="row">
        <label class="row"
          >Show
          <select
            @change=${(e: Event) => (this.filter = (e.target as HTMLSelectElement).value as typeof this.filter)}
          >
            ${['all', 'open', 'accepted', 'rejected', 'applied'].map((s) => html`<option value=${s} ?selected=${s === this.filter}>${s}</option>`)}
          </select>
        </label>
        <span class="muted">${shown.length} of ${this.notes.length} notes</span>
      </div>
      ${
        shown.length === 0
          ? html`<p class="empty">
              No notes${this.filter === 'all' ? ' yet' : ` with status ${this.filter}`}.
            </p>`
          : html`<ul class="notes" aria-label="Notes">
              ${[...shown].reverse().map((n) => this.renderDesignNote(n))}
            </ul>`
      }`;
  }

  private renderDesignNote(n: DesignNote) {
    return html`<li data-note=${n.id} data-status=${n.status}>
      <div>
        <span class="badge">${n.kind}</span
        ><span class="badge ${n.status}" data-note-status>${n.status}</span>
        <strong>${n.title}</strong>
      </div>
      ${n.body ? html`<div class="body">${n.body}</div>` : nothing}
      ${
        n.targets.length > 0
          ? html`<div class="row">
              ${n.targets.map(
                (t) =>
                  html`<button
                    type="button"
                    class="chip"
                    aria-label=${`Show target ${designNoteTargetText(t)}`}
                    @click=${() => this.showTarget(t)}
                  >
                    ${designNoteTargetText(t)}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      <div class="muted">
        ${n.author.agent ? html`<span data-note-by-agent title=${`written by the Ask agent (${n.author.agent.model}) for ${n.author.address}`}>Ask agent (AI) for</span> ` : nothing}${n.author.name ?? n.author.user}
        ·
        ${formatClock(n.created)}${n.context?.lane ? ` · lane ${n.context.lane}` : ''}${n.context?.seq !== undefined ? ` at seq ${n.context.seq}` : ''}
        ${n.decision ? html` · ${n.decision.status} by ${n.decision.author.name ?? n.decision.author.user}${n.decision.reason ? `: ${n.decision.reason}` : ''}` : nothing}
      </div>
      <div class="row">
        ${decisions(n.status).map(
          (a) =>
            html`<button
              type="button"
              aria-label=${`${ACTION_LABELS[a]} note ${n.title}`}
              @click=${() => this.act(n, a)}
            >
              ${a === 'delete' && this.confirmDelete === n.id ? 'Confirm delete' : ACTION_LABELS[a]}
            </button>`,
        )}
      </div>
      <details>
        <summary>Comments (${n.comments?.length ?? 0})</summary>
        ${(n.comments ?? []).map((c) => html`<p><span class="muted">${c.author.name ?? c.author.user}, ${formatClock(c.time)}:</span> ${c.text}</p>`)}
        <form
          class="row"
          @submit=${(e: Event) => {
            e.preventDefault();
            const input = (e.target as HTMLFormElement).elements.namedItem('text') as HTMLInputElement;
            if (input.value.trim()) void this.act(n, 'comment', { text: input.value });
          }}
        >
          <label class="visually-hidden" for=${`comment-${n.id}`}>Comment on ${n.title}</label>
          <input id=${`comment-${n.id}`} type="text" name="text" placeholder="Comment" />
          <button type="submit">Comment</button>
        </form>
      </details>
    </li>`;
  }

  private showTarget(target: DesignNoteTarget): void {
    this.dispatchEvent(new CustomEvent('target-show', { detail: { target }, bubbles: true, composed: true }));
  }
}

customElements.define('rr-design-notes-panel', DesignNotesPanel);
