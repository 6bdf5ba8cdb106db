import { html, nothing } from 'lit';
import { ApiError, errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import { entityHref } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

/** Renames an entity: every reference and its lock entries follow in the same write. */
export class RenameDialog extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    version: { attribute: false },
    busy: { state: true },
    error: { state: true },
  };
  declare entityId: string;
  declare version: string;
  declare busy: boolean;
  declare error: string;

  constructor() {
    super();
    this.entityId = '';
    this.version = '';
    this.busy = false;
    this.error = '';
  }

  /** Opens the dialog with the id field focused. */
  open(): void {
    this.error = '';
    const dialog = this.querySelector('dialog');
    dialog?.showModal();
    const input = this.querySelector<HTMLInputElement>('#rename-new-id');
    if (input) {
      input.value = this.entityId;
      input.select();
    }
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    const newId = this.querySelector<HTMLInputElement>('#rename-new-id')?.value.trim() ?? '';
    if (!newId || newId === this.entityId) {
      this.error = 'Give a new id.';
      return;
    }
    this.busy = true;
    this.error = '';
    try {
      await store().api.post(`entities/${idSegment(this.entityId)}/rename`, {
        id: newId,
        new_id: newId,
        version: this.version,
      });
      this.close();
      await store().refresh();
      window.location.hash = entityHref(newId);
    } catch (error) {
      this.error =
        error instanceof ApiError && error.conflicts.length
          ? `${errorText(error)} ${error.conflicts.map((c) => c.message).join(' ')}`
          : errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    return html`<dialog aria-labelledby="rename-title">
      <form @submit=${this.submit}>
        <h2 id="rename-title">Rename ${this.entityId}</h2>
        <p>Every reference to ${this.entityId} in the model, and its lock entries, change with it.</p>
        <div class="field">
          <label for="rename-new-id">New id</label>
          <input id="rename-new-id" type="text" required autocomplete="off" spellcheck="false" />
        </div>
        ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
        <div class="actions">
          <button type="submit" ?disabled=${this.busy}>Rename</button>
          <button type="button" class="secondary" @click=${this.close}>Cancel</button>
        </div>
      </form>
    </dialog>`;
  }
}
customElements.define('rr-rename-dialog', RenameDialog);
