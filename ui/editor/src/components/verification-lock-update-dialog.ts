import { html, nothing, type TemplateResult } from 'lit';
import { ApiError, errorText } from '../api/api-error.js';
import type { VerificationLockCase, VerificationLockUpdateAnswer } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

/**
 * Update lock: a dry run first, then the write. A quarantine refuses it (the lock records owners and
 * never decides one); entries whose cases lost their owner are kept unless their removal is confirmed.
 */
export class VerificationLockUpdateDialog extends LightElement {
  static override properties = {
    preview: { state: true },
    written: { state: true },
    error: { state: true },
    refusedBy: { state: true },
    busy: { state: true },
    allowRemovals: { state: true },
  };
  declare preview: VerificationLockUpdateAnswer | null;
  declare written: VerificationLockUpdateAnswer | null;
  declare error: string;
  declare refusedBy: string[];
  declare busy: boolean;
  declare allowRemovals: boolean;

  constructor() {
    super();
    this.preview = null;
    this.written = null;
    this.error = '';
    this.refusedBy = [];
    this.busy = false;
    this.allowRemovals = false;
  }

  /** Opens the dialog and runs the dry run. */
  open(): void {
    this.preview = null;
    this.written = null;
    this.allowRemovals = false;
    this.querySelector('dialog')?.showModal();
    void this.dryRun();
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async call(dryRun: boolean): Promise<VerificationLockUpdateAnswer | null> {
    this.busy = true;
    this.error = '';
    this.refusedBy = [];
    try {
      return await store().api.post<VerificationLockUpdateAnswer>('lock/update', {
        dry_run: dryRun,
        allow_removals: this.allowRemovals,
      });
    } catch (error) {
      this.error = errorText(error);
      if (error instanceof ApiError && Array.isArray(error.body.quarantined))
        this.refusedBy = error.body.quarantined.map(String);
      return null;
    } finally {
      this.busy = false;
    }
  }

  private async dryRun(): Promise<void> {
    this.preview = await this.call(true);
  }

  private async write(): Promise<void> {
    const result = await this.call(false);
    if (!result) return;
    this.written = result;
    await store().refresh();
    this.dispatchEvent(new Event('verification-lock-updated', { bubbles: true }));
  }

  protected override render(): TemplateResult {
    const p = this.preview;
    const removable = p?.removed?.length ?? 0;
    const changes =
      (p?.added?.length ?? 0) + (p?.changed?.length ?? 0) + (this.allowRemovals ? removable : 0);
    return html`<dialog aria-labelledby="lock-title">
      <h2 id="lock-title">Update the verification-set lock</h2>
      ${
        this.written
          ? html`<p class="banner success" role="status">
                ${this.written.written ? html`The lock <code>${this.written.path}</code> is written.` : 'Nothing to write.'}
              </p>
              <div class="actions"><button type="button" @click=${this.close}>Close</button></div>`
          : html`
              ${this.busy && !p ? html`<p aria-live="polite">Running the dry run…</p>` : nothing}
              ${
                this.refusedBy.length
                  ? html`<div class="banner error" role="alert">
                      <p>${this.error}</p>
                      <ul>
                        ${this.refusedBy.map((q) => html`<li><code>${q}</code></li>`)}
                      </ul>
                      <p>Fix the quarantines (the case ledger lists them), then reload and try again.</p>
                    </div>`
                  : this.error
                    ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>`
                    : nothing
              }
              ${p ? this.dryRunView(p, removable) : nothing}
              <div class="actions">
                <button
                  type="button"
                  ?disabled=${this.busy || !p || changes === 0}
                  @click=${() => void this.write()}
                >
                  Write the lock
                </button>
                <button type="button" class="secondary" @click=${this.close}>Cancel</button>
              </div>
            `
      }
    </dialog>`;
  }

  private dryRunView(p: VerificationLockUpdateAnswer, removable: number): TemplateResult {
    const line = (e: VerificationLockCase) => `${e.target} ${e.path} → ${e.owner ?? 'none'}`;
    const changed = p.changed.map(line);
    const block = (label: string, sign: string, lines: string[]) =>
      lines.length
        ? html`<p>${label} (${lines.length}):</p>
            <pre class="dry-run">${lines.map((l) => `${sign} ${l}`).join('\n')}</pre>`
        : nothing;
    const none = !p.added?.length && !changed.length && !removable;
    return html`<section aria-labelledby="lock-dry-run" id="lock-dry-run-result">
      <h3 id="lock-dry-run">Dry run</h3>
      ${none ? html`<p>The lock is up to date; nothing to write.</p>` : nothing}
      ${block('Added', '+', (p.added ?? []).map(line))} ${block('Changed', '~', changed)}
      ${block(
        this.allowRemovals ? 'Removed' : 'Entries whose cases lost their owner, kept unless you confirm',
        this.allowRemovals ? '-' : '=',
        (p.removed ?? []).map(line),
      )}
      ${
        removable
          ? html`<p>
              <label
                ><input
                  type="checkbox"
                  id="lock-allow-removals"
                  .checked=${this.allowRemovals}
                  @change=${(e: Event) => {
                    this.allowRemovals = (e.target as HTMLInputElement).checked;
                    void this.dryRun();
                  }}
                />
                Remove the ${removable} ${removable === 1 ? 'entry' : 'entries'} whose cases lost their
                owner</label
              >
            </p>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('rr-verification-lock-update-dialog', VerificationLockUpdateDialog);
