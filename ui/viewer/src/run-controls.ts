// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-run-controls>: asks the running experiment to pause, resume, change its pace, abandon the selected
// lane or stop (POST /api/controls), and shows whether it applied the request yet. Stop asks for a
// second click. The controls are read again every two seconds while the experiment runs.
import { LitElement, css, html, nothing } from 'lit';
import { sharedStyles } from './shared-styles.js';
import type { ControlsState, RuntimeControls } from './api-types.js';
import { ApiError, type ViewerApi } from './viewer-api.js';

const REFRESH_MS = 2000;
const RATES = [0, 1, 2, 5, 10, 20, 50, 100];

export class RunControlsBar extends LitElement {
  static override properties = {
    api: { attribute: false },
    running: { type: Boolean },
    lane: { attribute: false },
    controls: { state: true },
    message: { state: true },
    confirmStop: { state: true },
  };

  api: ViewerApi | null = null;
  /** Whether the experiment is running (controls do nothing otherwise). */
  running = false;
  /** The selected lane, which "Prune lane" abandons, when it is running. */
  lane: string | null = null;
  controls: ControlsState | null = null;
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
    } catch (error) {
      this.message = `controls: ${(error as Error).message}`;
    }
  }

  private async request(change: RuntimeControls): Promise<void> {
    if (!this.api || !this.controls) return;
    try {
      this.controls = await this.api.setControls(change, this.controls.revision);
      this.message = '';
    } catch (error) {
      this.message =
        error instanceof ApiError && error.code === 'stale-revision'
          ? 'Someone else changed the controls meanwhile; look again and retry.'
          : `Could not change the controls: ${(error as Error).message}`;
      await this.reload();
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
    const rates = RATES.filter((r) => !limits || (r >= limits.min && r <= limits.max));
    const pruned = c.requested.prune ?? [];
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
}

customElements.define('rr-run-controls', RunControlsBar);
