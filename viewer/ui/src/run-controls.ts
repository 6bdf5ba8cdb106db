// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-run-controls>: asks the running experiment to pause, resume, change its pace, abandon the selected
// lane or stop (POST /api/controls), and shows whether it applied the request yet. Stop asks for a
// second click. The controls are read again every two seconds while the experiment runs.
import { LitElement, css, html, nothing } from 'lit';
import { sharedStyles } from './shared-styles.js';
import type { ControlsState, LaneSummary, PreferencesState, RuntimeControls } from './api-types.js';
import { pruneCandidates } from './prune-candidates.js';
import { ApiError, type ViewerApi } from './viewer-api.js';

const REFRESH_MS = 2000;

export class RunControlsBar extends LitElement {
  static override properties = {
    api: { attribute: false },
    running: { type: Boolean },
    lane: { attribute: false },
    lanes: { attribute: false },
    controls: { state: true },
    preferences: { state: true },
    message: { state: true },
    confirmStop: { state: true },
  };

  api: ViewerApi | null = null;
  /** Whether the experiment is running (controls do nothing otherwise). */
  running = false;
  /** The selected lane, which "Prune lane" abandons, when it is running. */
  lane: string | null = null;
  /** Every lane, for the prune candidates of the presets. */
  lanes: ReadonlyMap<string, LaneSummary> = new Map();
  controls: ControlsState | null = null;
  /** The presets shared by the experiment's viewers (viewer-preferences.json). */
  preferences: PreferencesState | null = null;
  message = '';
  confirmStop = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
      }
      .state {
        font-size: 12px;
      }
      .presets form {
        display: flex;
        flex-direction: column;
        gap: 4px;
        padding: 6px;
        background: #fff;
        border: 1px solid #dde3ea;
        border-radius: 4px;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    this.timer = setInterval(() => {
      if (this.running) void this.reload();
    }, REFRESH_MS);
  }

  protected override firstUpdated(): void {
    // Properties (the api) are set by the first update, not yet when the element is connected.
    void this.reload();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer !== undefined) clearInterval(this.timer);
  }

  private async reload(): Promise<void> {
    if (!this.api) return;
    try {
      this.controls = await this.api.controls();
      this.preferences = await this.api.preferences();
    } catch (error) {
      this.message = `controls: ${(error as Error).message}`;
    }
  }

  /** Saves presets edited in the Presets form. */
  private async savePresets(form: HTMLFormElement): Promise<void> {
    if (!this.api || !this.preferences) return;
    const data = new FormData(form);
    const optional = (name: string) => {
      const text = String(data.get(name) ?? '').trim();
      return text === '' ? null : Number(text);
    };
    const paces = String(data.get('paces') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    try {
      this.preferences = await this.api.savePreferences(
        {
          paces,
          pruneAbovePercent: optional('pruneAbovePercent'),
          pruneAtWarnings: optional('pruneAtWarnings'),
        },
        this.preferences.revision,
      );
      this.message = 'presets saved for every viewer of this experiment';
    } catch (error) {
      await this.refused(
        error,
        'Another viewer changed the presets meanwhile; look again and retry.',
        'Could not save the presets',
      );
    }
  }

  /** Says why a change was refused (another page changed the file first, or another reason) and reads again. */
  private async refused(error: unknown, stale: string, failed: string): Promise<void> {
    this.message =
      error instanceof ApiError && error.code === 'stale-revision'
        ? stale
        : `${failed}: ${(error as Error).message}`;
    await this.reload();
  }

  private async request(change: RuntimeControls): Promise<void> {
    if (!this.api || !this.controls) return;
    try {
      this.controls = await this.api.setControls(change, this.controls.revision);
      this.message = '';
    } catch (error) {
      await this.refused(
        error,
        'Someone else changed the controls meanwhile; look again and retry.',
        'Could not change the controls',
      );
    }
  }

  private can(control: keyof RuntimeControls): boolean {
    return this.running && !!this.controls?.limits.controls.includes(control);
  }

  override render() {
    const c = this.controls;
    if (!c) return nothing;
    const paused = c.requested.paused === true;
    const rate = c.requested.rate;
    const limits = c.limits.rate;
    const presets = this.preferences?.presets;
    const rates = (presets?.paces ?? [0]).filter((r) => !limits || (r >= limits.min && r <= limits.max));
    const pruned = c.requested.prune ?? [];
    const candidates = presets ? pruneCandidates(this.lanes, presets).filter((l) => !pruned.includes(l)) : [];
    const state = !this.running
      ? 'experiment not running'
      : c.pending
        ? 'waiting for the experiment to apply the request…'
        : c.active === null
          ? 'the experiment has not reported controls'
          : c.active.paused
            ? 'paused'
            : 'running';
    return html`<span class="muted">Experiment:</span>
      <button
        type="button"
        ?disabled=${!this.can('paused')}
        aria-pressed=${paused ? 'true' : 'false'}
        aria-label=${paused ? 'Resume the experiment' : 'Pause the experiment'}
        @click=${() => this.request({ paused: !paused })}
      >
        ${paused ? 'Resume' : 'Pause'}
      </button>
      <label
        >Pace
        <span class="visually-hidden">of the experiment's events</span>
        <select
          ?disabled=${!this.can('rate')}
          @change=${(e: Event) => this.request({ rate: Number((e.target as HTMLSelectElement).value) })}
        >
          ${
            rate === undefined
              ? html`<option selected value="">
                  as
                  started${c.active?.rate !== undefined ? ` (${c.active.rate === 0 ? 'unpaced' : `${c.active.rate}/s`})` : ''}
                </option>`
              : nothing
          }
          ${rates.map(
            (r) =>
              html`<option value=${r} ?selected=${r === rate}>
                ${r === 0 ? 'as fast as it can' : `${r}/s`}
              </option>`,
          )}
        </select>
      </label>
      <button
        type="button"
        ?disabled=${!this.can('prune') || !this.lane || pruned.includes(this.lane)}
        @click=${() => this.request({ prune: [...pruned, this.lane!] })}
        aria-label=${this.lane ? `Prune lane ${this.lane}` : 'Prune the selected lane'}
      >
        Prune lane
      </button>
      ${
        candidates.length > 0
          ? html`<button
              type="button"
              data-prune-candidates
              ?disabled=${!this.can('prune')}
              title=${candidates.join(', ')}
              @click=${() => this.request({ prune: [...pruned, ...candidates] })}
            >
              Prune ${candidates.length} over the presets
            </button>`
          : nothing
      }
      ${this.renderPresets()}
      <button
        type="button"
        ?disabled=${!this.can('stop') || c.requested.stop === true}
        @click=${() => {
          if (!this.confirmStop) this.confirmStop = true;
          else {
            this.confirmStop = false;
            void this.request({ stop: true });
          }
        }}
        @blur=${() => (this.confirmStop = false)}
        aria-label=${this.confirmStop ? 'Confirm: stop the experiment' : 'Stop the experiment'}
      >
        ${this.confirmStop ? 'Confirm stop' : 'Stop'}
      </button>
      <span class="state muted" role="status">${this.message || state}</span>`;
  }

  private renderPresets() {
    const p = this.preferences;
    if (!p) return nothing;
    return html`<details class="presets">
      <summary>Presets</summary>
      <form
        @submit=${(e: Event) => {
          e.preventDefault();
          void this.savePresets(e.target as HTMLFormElement);
        }}
      >
        ${p.problem ? html`<p class="error">${p.file}: ${p.problem}</p>` : nothing}
        <label
          >Paces (events/s, comma-separated) <input name="paces" .value=${p.presets.paces.join(', ')}
        /></label>
        <label
          >Prune running lanes more than
          <input
            name="pruneAbovePercent"
            type="number"
            min="0"
            step="any"
            .value=${String(p.presets.pruneAbovePercent ?? '')}
          />
          % above the best</label
        >
        <label
          >or with at least
          <input
            name="pruneAtWarnings"
            type="number"
            min="1"
            step="1"
            .value=${String(p.presets.pruneAtWarnings ?? '')}
          />
          warnings</label
        >
        <button type="submit">Save presets</button>
        <span class="muted">Shared by every viewer of this experiment (${p.file}).</span>
      </form>
    </details>`;
  }
}

customElements.define('rr-run-controls', RunControlsBar);
