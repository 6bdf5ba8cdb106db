import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import type { GitRef } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

/** Names a baseline: an annotated tag with a message, on HEAD or another ref. */
export class TagDialog extends LightElement {
  static override properties = {
    refs: { attribute: false },
    error: { state: true },
    busy: { state: true },
    tagged: { state: true },
  };
  declare refs: GitRef[];
  declare error: string;
  declare busy: boolean;
  declare tagged: string;

  constructor() {
    super();
    this.refs = [];
    this.error = '';
    this.busy = false;
    this.tagged = '';
  }

  /** Opens an empty dialog. */
  open(): void {
    this.error = '';
    this.tagged = '';
    for (const id of ['#tag-name', '#tag-message']) {
      const el = this.querySelector<HTMLInputElement | HTMLTextAreaElement>(id);
      if (el) el.value = '';
    }
    this.querySelector('dialog')?.showModal();
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    const name = this.querySelector<HTMLInputElement>('#tag-name')?.value.trim() ?? '';
    const message = this.querySelector<HTMLTextAreaElement>('#tag-message')?.value.trim() ?? '';
    const ref = this.querySelector<HTMLSelectElement>('#tag-ref')?.value ?? 'HEAD';
    if (!name || !message) {
      this.error = 'A baseline needs a name and a message.';
      return;
    }
    this.busy = true;
    this.error = '';
    try {
      await store().api.post('git/tag', { name, message, ref });
      this.tagged = name;
      this.dispatchEvent(new Event('tagged', { bubbles: true }));
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    const targets = ['HEAD', ...this.refs.filter((r) => r.kind === 'branch').map((r) => r.name)];
    return html`<dialog aria-labelledby="tag-title">
      <h2 id="tag-title">Tag a baseline</h2>
      ${
        this.tagged
          ? html`<p class="banner success" role="status">Tagged <code>${this.tagged}</code>.</p>
              <div class="actions"><button type="button" @click=${this.close}>Close</button></div>`
          : html`<form @submit=${this.submit}>
              <div class="field">
                <label for="tag-name">Tag name</label>
                <input
                  id="tag-name"
                  type="text"
                  required
                  spellcheck="false"
                  autocomplete="off"
                  placeholder="baseline-1.0"
                />
              </div>
              <div class="field">
                <label for="tag-ref">Commit</label>
                <select id="tag-ref">
                  ${[...new Set(targets)].map((t) => html`<option value=${t}>${t}</option>`)}
                </select>
              </div>
              <div class="field">
                <label for="tag-message">Message</label>
                <textarea id="tag-message" required rows="3"></textarea>
              </div>
              <div class="actions">
                <button type="submit" ?disabled=${this.busy}>Create tag</button>
                <button type="button" class="secondary" @click=${this.close}>Cancel</button>
              </div>
            </form>`
      }
      ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    </dialog>`;
  }
}
customElements.define('rr-tag-dialog', TagDialog);
