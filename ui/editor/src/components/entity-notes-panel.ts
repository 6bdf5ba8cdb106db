import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { EntityDetail } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

const ENTITY_NOTE_KINDS = ['comment', 'question', 'todo', 'gap'] as const;

/** A note as the entity page lists it: the key the note routes take, and the note as written. */
export type KeyedEntityNote = EntityDetail['notes'][number];

/** The fields of a note the panel shows, as text (notes are free-form; a string note is a comment). */
interface EntityNoteText {
  text: string;
  kind?: string;
  status?: string;
  author?: string;
  created?: string;
}

/** A note as written, read for display: fields that are not text are left out. */
function entityNoteText(note: unknown): EntityNoteText {
  if (typeof note === 'string') return { text: note };
  const fields = note && typeof note === 'object' ? (note as Record<string, unknown>) : {};
  const text = (key: keyof EntityNoteText) => (typeof fields[key] === 'string' ? fields[key] : undefined);
  return {
    text: text('text') ?? '',
    kind: text('kind'),
    status: text('status'),
    author: text('author'),
    created: text('created'),
  };
}

/**
 * The notes of an entity: list, add, resolve or reopen, delete. Open gaps, todos and questions join
 * the work queue. The server records the author and date of a new note.
 */
export class EntityNotesPanel extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    notes: { attribute: false },
    busy: { state: true },
    error: { state: true },
  };
  declare entityId: string;
  declare notes: KeyedEntityNote[];
  declare busy: boolean;
  declare error: string;

  constructor() {
    super();
    this.entityId = '';
    this.notes = [];
    this.busy = false;
    this.error = '';
  }

  private async run(action: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    this.error = '';
    try {
      await action();
      this.dispatchEvent(new Event('entity-notes-changed', { bubbles: true }));
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    } finally {
      this.busy = false;
    }
  }

  private path(key: string): string {
    return `entities/${idSegment(this.entityId)}/notes/${encodeURIComponent(key)}`;
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
    const added = await this.run(() =>
      store().api.post(`entities/${idSegment(this.entityId)}/notes`, { text, kind, status: 'open' }),
    );
    if (added) form.reset();
  }

  protected override render() {
    return html`
      ${
        this.notes.length === 0
          ? html`<p class="muted">No notes.</p>`
          : html`<ul class="plain-list notes-list">
              ${this.notes.map(({ key, note }, i) => {
                const n = entityNoteText(note);
                const open = n.status !== 'resolved';
                return html`<li>
                  <span class="badge neutral">${n.kind ?? 'comment'}</span>
                  ${
                    open
                      ? n.kind && n.kind !== 'comment'
                        ? html`<span class="badge warn">open</span>`
                        : nothing
                      : html`<span class="badge good">resolved</span>`
                  }
                  ${n.text}
                  <span class="muted">${[n.author, n.created].filter(Boolean).join(', ')}</span>
                  ${
                    typeof note === 'string'
                      ? nothing
                      : html`<button
                          type="button"
                          class="link"
                          ?disabled=${this.busy}
                          @click=${() =>
                            this.run(() =>
                              store().api.patch(this.path(key), { status: open ? 'resolved' : 'open' }),
                            )}
                        >
                          ${open ? 'Resolve' : 'Reopen'}<span class="visually-hidden"> note ${i + 1}</span>
                        </button>`
                  }
                  <button
                    type="button"
                    class="link"
                    ?disabled=${this.busy}
                    @click=${() => this.run(() => store().api.delete(this.path(key)))}
                  >
                    Delete<span class="visually-hidden"> note ${i + 1}</span>
                  </button>
                </li>`;
              })}
            </ul>`
      }
      <form class="toolbar" @submit=${this.add}>
        <div>
          <label for="note-kind">Note kind</label>
          <select id="note-kind" name="note-kind">
            ${ENTITY_NOTE_KINDS.map((k) => html`<option value=${k}>${k}</option>`)}
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
customElements.define('rr-entity-notes-panel', EntityNotesPanel);
