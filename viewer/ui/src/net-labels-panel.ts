// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-net-labels-panel>: the AI net labels (`--net-summaries on`) under the Nets tab, marked as AI output.
// The highlighted net's label comes first; the rest are listed by net. When labelling is off or stopped,
// it says why (the budget cap, a missing graph, no assistant CLI).
import { LitElement, css, html, nothing } from 'lit';
import type { NetLabelStatus } from './api-types.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';

export class NetLabelsPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    highlightNet: { attribute: false },
    status: { state: true },
  };

  api: ViewerApi | null = null;
  highlightNet: string | null = null;
  status: NetLabelStatus | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      dl {
        max-height: 240px;
        overflow: auto;
        margin: 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0 0 4px 12px;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private async load(): Promise<void> {
    if (!this.api) return;
    try {
      this.status = await this.api.netLabels();
    } catch {
      this.status = null;
      return;
    }
    // While labelling runs, look again now and then.
    if (this.isConnected && (this.status.state === 'running' || this.status.state === 'waiting'))
      this.timer = setTimeout(() => void this.load(), 3000);
  }

  override render() {
    const s = this.status;
    if (!s || s.state === 'off') return nothing;
    const entries = Object.entries(s.labels).sort(([a], [b]) =>
      a === this.highlightNet ? -1 : b === this.highlightNet ? 1 : a < b ? -1 : 1,
    );
    return html`<h3>
        Net labels <span class="ai" title="Written by an AI model; may be wrong">AI output</span>
      </h3>
      <p class="muted">
        Written by ${s.model} from the
        netlist${s.state === 'running' ? ` (labelling: ${s.labelledChunks} of ${s.chunks} parts done)` : ''}.
        ${s.missing > 0 && s.state !== 'running' ? `${s.missing} nets have no label.` : nothing}
      </p>
      ${s.reason ? html`<p class="error" role=${s.state === 'failed' ? 'alert' : nothing} data-net-labels-reason>${s.reason}${s.fix ? html` <span data-net-labels-fix>What to do: ${s.fix}</span>` : nothing}</p>` : nothing}
      <dl aria-label="AI net labels">
        ${entries.map(
          ([net, l]) =>
            html`<dt data-net-label=${net}>${net}</dt>
              <dd>${l.label}</dd>`,
        )}
      </dl>`;
  }
}

customElements.define('rr-net-labels-panel', NetLabelsPanel);
