import { html, nothing } from 'lit';
import { ApiError, errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { ErrorBody, VerificationLockCase, SaveAnswer } from '../api/api-types.js';
import { href } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';
import { entityLinks } from './badges.js';
import { LightElement } from './light-element.js';

/**
 * Deletes an entity. A delete of an entity others still refer to is refused first (docs/editing.md);
 * the dialog then lists the referrers and offers the forced delete, which removes the references too.
 */
export class DeleteDialog extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    kind: { attribute: false },
    version: { attribute: false },
    busy: { state: true },
    error: { state: true },
    referrers: { state: true },
    unlocked: { state: true },
  };
  declare entityId: string;
  declare kind: string;
  declare version: string;
  declare busy: boolean;
  declare error: string;
  declare referrers: string[] | null;
  declare unlocked: VerificationLockCase[] | null;

  constructor() {
    super();
    this.entityId = '';
    this.kind = '';
    this.version = '';
    this.busy = false;
    this.error = '';
    this.referrers = null;
    this.unlocked = null;
  }

  /** Opens the dialog at its first question. */
  open(): void {
    this.error = '';
    this.referrers = null;
    this.unlocked = null;
    this.querySelector('dialog')?.showModal();
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async deleteEntity(force: boolean): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      const result = await store().api.delete<SaveAnswer>(`entities/${idSegment(this.entityId)}`, {
        force: force ? 1 : undefined,
        version: this.version,
      });
      this.unlocked = result.unlocked;
      await store().refresh();
      if (result.unlocked.length === 0) this.done();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'still-referenced') {
        this.referrers = referrersOf(error.body);
      } else {
        this.error =
          error instanceof ApiError && error.conflicts.length
            ? `${errorText(error)} ${error.conflicts.map((c) => c.message).join(' ')}`
            : errorText(error);
      }
    } finally {
      this.busy = false;
    }
  }

  private done(): void {
    this.close();
    window.location.hash = href(`entities/${this.kind}`);
  }

  protected override render() {
    return html`<dialog aria-labelledby="delete-title">
      <h2 id="delete-title">Delete ${this.entityId}</h2>
      ${
        this.unlocked
          ? html`<p role="status">${this.entityId} is deleted. Its lock entries were dropped:</p>
              <ul class="plain-list">
                ${this.unlocked.map((u) => html`<li><code>${verificationLockEntryText(u)}</code></li>`)}
              </ul>
              <div class="actions"><button type="button" @click=${this.done}>Close</button></div>`
          : this.referrers
            ? html`<div class="banner warning" role="alert">
                  <p>
                    ${this.entityId} is still referenced by ${entityLinks(this.referrers)}. Deleting it anyway
                    also removes those references.
                  </p>
                </div>
                <div class="actions">
                  <button
                    type="button"
                    class="danger"
                    ?disabled=${this.busy}
                    @click=${() => this.deleteEntity(true)}
                  >
                    Delete and remove references
                  </button>
                  <button type="button" class="secondary" @click=${this.close}>Cancel</button>
                </div>`
            : html`<p>Delete ${this.entityId} from the model? Its lock entries are dropped with it.</p>
                <div class="actions">
                  <button
                    type="button"
                    class="danger"
                    ?disabled=${this.busy}
                    @click=${() => this.deleteEntity(false)}
                  >
                    Delete
                  </button>
                  <button type="button" class="secondary" @click=${this.close}>Cancel</button>
                </div>`
      }
      ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}
    </dialog>`;
  }
}
customElements.define('rr-delete-dialog', DeleteDialog);

/** The referrers of a `still-referenced` refusal (its body's `referrers`, docs/api.md "Errors"). */
function referrersOf(body: Partial<ErrorBody>): string[] {
  const list = body.referrers;
  if (!Array.isArray(list)) return [];
  return [
    ...new Set(
      list
        .map((r: unknown) =>
          typeof r === 'string'
            ? r
            : r && typeof r === 'object'
              ? ((r as { id?: unknown; entity?: unknown }).id ?? (r as { entity?: unknown }).entity)
              : undefined,
        )
        .filter((r): r is string => typeof r === 'string'),
    ),
  ];
}

/** A lock entry as `target path → owner`. */
function verificationLockEntryText(entry: VerificationLockCase): string {
  return `${entry.target} ${entry.path} → ${entry.owner}`;
}
