import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { EntityNote } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

const NOTE_KINDS = ['comment', 'question', 'todo', 'gap'] as const;

/** The notes of an entity: list, add, resolve or reopen, delete. Open gaps, todos and questions join the work queue. */
export class NotesPanel extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    notes: { attribute: false },
    busy: { state: true },
    error: { state: true },
  };
  declare entityId: string;
  declare notes: unknown[];
  declare busy: boolean;
  declare error: string;

  constructor() {
    super();
    this.entityId = '';
    this.notes = [];
    this.busy = false;
    this.error = '';
  }

  private changed(): void {
    this.dispatchEvent(new Event('notes-changed', { bubbles: true }));
  }

  private async run(action: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      await action();
      this.changed();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private async add(event: Event): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const text = (form.elements.namedItem('note-text') as HTMLTextAreaElement).value.trim();
    const kind = (form.elements.namedItem('note-kind') as HTMLSelectElement).value;
    if (!text) {
      this.error = 'Write the note first.';
      return;
    }
    const note: EntityNote = { text, kind, status: 'open' };
    if (store().author) note.author = store().author;
    await this.run(() => store().api.post(`entities/${idSegment(this.entityId)}/notes`, note));
    if (!this.error) form.reset();
  }

  private noteKey(note: unknown, index: number): string {
    const id = note && typeof note === 'object' ? (note as EntityNote).id : undefined;
    return encodeURIComponent(id ?? String(index));
  }

  protected override render() {
    const notes = this.notes.map((n) => (typeof n === 'string' ? ({ text: n } as EntityNote) : (n as EntityNote)));
    return html`
      ${notes.length === 0
        ? html`<p class="muted">No notes.</p>`
        : html`<ul class="plain-list notes-list">
            ${notes.map(
              (note, i) => html`<li>
                <span class="badge neutral">${note.kind ?? 'comment'}</span>
                ${note.status === 'resolved'
                  ? html`<span class="badge good">resolved</span>`
                  : note.kind && note.kind !== 'comment'
                    ? html`<span class="badge warn">open</span>`
                    : nothing}
                ${note.text}
                <span class="muted">${[note.author, note.created].filter(Boolean).join(', ')}</span>
                ${typeof this.notes[i] === 'string'
                  ? nothing
                  : html`<button
                      type="button"
                      class="link"
                      ?disabled=${this.busy}
                      @click=${() =>
                        this.run(() =>
                          store().api.patch(`entities/${idSegment(this.entityId)}/notes/${this.noteKey(note, i)}`, {
                            status: note.status === 'resolved' ? 'open' : 'resolved',
                          }),
                        )}
                    >
                      ${note.status === 'resolved' ? 'Reopen' : 'Resolve'}<span class="visually-hidden">
                        note ${i + 1}</span
                      >
                    </button>`}
                <button
                  type="button"
                  class="link"
                  ?disabled=${this.busy}
                  @click=${() =>
                    this.run(() =>
                      store().api.delete(`entities/${idSegment(this.entityId)}/notes/${this.noteKey(note, i)}`),
                    )}
                >
                  Delete<span class="visually-hidden"> note ${i + 1}</span>
                </button>
              </li>`,
            )}
          </ul>`}
      <form class="toolbar" @submit=${this.add}>
        <div>
          <label for="note-kind">Note kind</label>
          <select id="note-kind" name="note-kind">
            ${NOTE_KINDS.map((k) => html`<option value=${k}>${k}</option>`)}
          </select>
        </div>
        <div class="grow">
          <label for="note-text">Note</label>
          <textarea id="note-text" name="note-text" rows="2"></textarea>
        </div>
        <button type="submit" ?disabled=${this.busy}>Add note</button>
      </form>
      ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    `;
  }
}
customElements.define('rr-notes-panel', NotesPanel);
