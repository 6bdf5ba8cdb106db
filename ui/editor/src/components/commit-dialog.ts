import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import type { CommitAnswer, StatusEntry } from '../api/api-types.js';
import { statusLetters } from '../model/status-letters.js';
import { isAuthor } from '../session/author-setting.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

/** Commits the model changes with a message, as the author set in the top bar. */
export class CommitDialog extends LightElement {
  static override properties = {
    files: { state: true },
    error: { state: true },
    busy: { state: true },
    committed: { state: true },
  };
  declare files: StatusEntry[];
  declare error: string;
  declare busy: boolean;
  declare committed: string;

  constructor() {
    super();
    this.files = [];
    this.error = '';
    this.busy = false;
    this.committed = '';
  }

  /** Opens the dialog listing the files the commit takes. */
  open(files: StatusEntry[]): void {
    this.files = files;
    this.error = '';
    this.committed = '';
    const message = this.querySelector<HTMLTextAreaElement>('#commit-message');
    if (message) message.value = '';
    this.querySelector('dialog')?.showModal();
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    const message = this.querySelector<HTMLTextAreaElement>('#commit-message')?.value.trim() ?? '';
    if (!message) {
      this.error = 'Write a commit message.';
      return;
    }
    this.busy = true;
    this.error = '';
    try {
      const result = await store().api.post<CommitAnswer>('git/commit', { message });
      this.committed = result.commit;
      this.dispatchEvent(new Event('committed', { bubbles: true }));
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    const author = store().author;
    return html`<dialog aria-labelledby="commit-title">
      <h2 id="commit-title">Commit model changes</h2>
      ${
        this.committed
          ? html`<p class="banner success" role="status">
                Committed <code>${this.committed.slice(0, 12)}</code>.
              </p>
              <div class="actions"><button type="button" @click=${this.close}>Close</button></div>`
          : html`<form @submit=${this.submit}>
              <p>Files:</p>
              <ul class="plain-list">
                ${this.files.map((f) => html`<li><code>${statusLetters(f)}</code> ${f.path}</li>`)}
              </ul>
              <p>
                Author:
                ${
                  isAuthor(author)
                    ? html`<strong>${author}</strong>`
                    : html`<span class="field-error"
                        >set your name and e-mail in the top bar (Name &lt;name@example.com&gt;), or the
                        server's default author is used</span
                      >`
                }
              </p>
              <div class="field">
                <label for="commit-message">Commit message</label>
                <textarea id="commit-message" required rows="4"></textarea>
              </div>
              <div class="actions">
                <button type="submit" ?disabled=${this.busy}>Commit</button>
                <button type="button" class="secondary" @click=${this.close}>Cancel</button>
              </div>
            </form>`
      }
      ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    </dialog>`;
  }
}
customElements.define('rr-commit-dialog', CommitDialog);
