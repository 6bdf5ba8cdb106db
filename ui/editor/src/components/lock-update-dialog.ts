import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import type { LockCase, LockUpdateResult } from '../api/api-types.js';
import { store } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

/**
 * Update lock: a dry run first, then the write. A quarantine refuses it; entries to remove are kept
 * unless their removal is confirmed.
 */
export class LockUpdateDialog extends LightElement {
  static override properties = {
    preview: { state: true },
    written: { state: true },
    error: { state: true },
    busy: { state: true },
    allowRemovals: { state: true },
  };
  declare preview: LockUpdateResult | null;
  declare written: LockUpdateResult | null;
  declare error: string;
  declare busy: boolean;
  declare allowRemovals: boolean;

  constructor() {
    super();
    this.preview = null;
    this.written = null;
    this.error = '';
    this.busy = false;
    this.allowRemovals = false;
  }

  /** Opens the dialog and runs the dry run. */
  open(): void {
    this.preview = null;
    this.written = null;
    this.error = '';
    this.allowRemovals = false;
    this.querySelector('dialog')?.showModal();
    void this.dryRun();
  }

  private close(): void {
    this.querySelector('dialog')?.close();
  }

  private async dryRun(): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      this.preview = await store().api.post<LockUpdateResult>('lock/update', {
        dry_run: true,
        allow_removals: this.allowRemovals,
      });
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private async write(): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      this.written = await store().api.post<LockUpdateResult>('lock/update', {
        allow_removals: this.allowRemovals,
      });
      await store().refresh();
      this.dispatchEvent(new Event('lock-updated', { bubbles: true }));
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    const p = this.preview;
    // Entries whose cases lost their owner: in `kept` while removals are not allowed, in `removed` once they are.
    const removable = Math.max(p?.kept?.length ?? 0, p?.removed?.length ?? 0);
    const changes =
      (p?.added?.length ?? 0) +
      (p?.changed?.length ?? 0) +
      (this.allowRemovals ? (p?.removed?.length ?? 0) : 0);
    return html`<dialog aria-labelledby="lock-title">
      <h2 id="lock-title">Update the verification-set lock</h2>
      ${
        this.written
          ? html`<p class="banner success" role="status">The lock is written.</p>
              <div class="actions"><button type="button" @click=${this.close}>Close</button></div>`
          : html`
              ${this.busy && !p ? html`<p aria-live="polite">Running the dry run…</p>` : nothing}
              ${
                p
                  ? html`<h3>Dry run</h3>
                      ${this.entryLists(p)}
                      ${
                        removable
                          ? html`<p>
                              <label
                                ><input
                                  type="checkbox"
                                  .checked=${this.allowRemovals}
                                  @change=${(e: Event) => {
                                    this.allowRemovals = (e.target as HTMLInputElement).checked;
                                    void this.dryRun();
                                  }}
                                />
                                Remove the ${removable} ${removable === 1 ? 'entry' : 'entries'} whose cases
                                lost their owner</label
                              >
                            </p>`
                          : nothing
                      }`
                  : nothing
              }
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
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
    </dialog>`;
  }

  private entryLists(p: LockUpdateResult) {
    const line = (e: LockCase) => `${e.target} ${e.path} → ${e.owner ?? 'none'}`;
    const changed = (p.changed ?? []).map((c) =>
      'entry' in c
        ? `${c.entry.target} ${c.entry.path} ${c.from ?? 'none'} → ${c.entry.owner ?? 'none'}`
        : line(c),
    );
    const block = (label: string, sign: string, lines: string[]) =>
      lines.length
        ? html`<p>${label} (${lines.length})</p>
            <pre class="dry-run">${lines.map((l) => `${sign} ${l}`).join('\n')}</pre>`
        : nothing;
    const none = !p.added?.length && !changed.length && !p.removed?.length && !p.kept?.length;
    return html`${none ? html`<p>The lock is up to date; nothing to write.</p>` : nothing}
    ${block('Added', '+', (p.added ?? []).map(line))} ${block('Changed', '~', changed)}
    ${block('Removed', '-', (p.removed ?? []).map(line))}
    ${block('Kept although their cases lost the owner', '=', (p.kept ?? []).map(line))}`;
  }
}
customElements.define('rr-lock-update-dialog', LockUpdateDialog);
