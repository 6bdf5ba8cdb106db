// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-cost-panel>: the selected lane's placement cost at the timeline position (total, best, terms,
// temperature, moves accepted and rejected), its course over the annealing steps, and the footprints
// that cost most. A footprint's name highlights it on the board.
import { LitElement, css, html, nothing, svg } from 'lit';
import type { EventRecord, LiveEventOf } from './api-types.js';
import type { LaneFrame } from './lane-replay.js';
import { formatCost } from './number-format.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';
import './cost-replay-view.js';

const TOP_FOOTPRINTS = 12;

export class CostPanel extends LitElement {
  static override properties = {
    events: { attribute: false },
    frame: { attribute: false },
    highlightRef: { attribute: false },
    api: { attribute: false },
    run: { attribute: false },
    replay: { type: Boolean },
  };

  events: readonly EventRecord[] = [];
  frame: LaneFrame | null = null;
  highlightRef: string | null = null;
  api: ViewerApi | null = null;
  run: string | null = null;
  /** Whether the viewer replays costs (the component-cost feature). */
  replay = false;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      svg.chart {
        width: 100%;
        height: 120px;
        display: block;
        background: #f7f9fc;
        border: 1px solid #dde3ea;
        border-radius: 4px;
      }
      .legend {
        display: flex;
        gap: 12px;
        font-size: 11px;
      }
      .swatch {
        display: inline-block;
        width: 10px;
        height: 3px;
        vertical-align: middle;
        margin-right: 3px;
      }
      .swatch.total {
        background: #3c7bd2;
      }
      .swatch.best {
        background: #2e9e52;
      }
      button.ref {
        border: none;
        background: none;
        padding: 0;
        color: #1a4fb3;
        text-decoration: underline;
      }
      tr.hi {
        background: #fff5cc;
      }
    `,
  ];

  override render() {
    const costs = this.events
      .map((r) => r.event)
      .filter((e): e is LiveEventOf<'placement_cost'> => e.kind === 'placement_cost');
    const now = this.frame?.cost;
    const laneEnd = this.events.map((r) => r.event).find((e) => e.kind === 'lane_end') as
      LiveEventOf<'lane_end'> | undefined;
    const checkpoint = this.frame?.checkpoint;
    if (costs.length === 0)
      return html`<h2>Placement cost</h2>
        <p class="empty">This lane reports no placement costs${this.events.length === 0 ? ' yet' : ''}.</p>
        ${checkpoint?.cost !== undefined ? html`<p>Checkpoint cost (${checkpoint.phase}): ${formatCost(checkpoint.cost)}</p>` : nothing}
        ${laneEnd?.cost !== undefined ? html`<p>Final cost: ${formatCost(laneEnd.cost)}</p>` : nothing}`;
    return html`<h2>Placement cost</h2>
      ${now ? this.renderNow(now) : html`<p class="empty">No cost at this position yet (step back to the start of the lane).</p>`}
      ${this.renderChart(costs, now)}
      ${laneEnd?.cost !== undefined ? html`<p>Final cost (lane ${laneEnd.status}): ${formatCost(laneEnd.cost)}</p>` : nothing}
      ${now?.footprints ? this.renderFootprints(now) : nothing} ${this.renderReplay()}`;
  }

  private renderNow(c: LiveEventOf<'placement_cost'>) {
    const terms = Object.entries(c.terms ?? {});
    return html`<table aria-label="Cost at this position">
      <tr>
        <th>Step</th>
        <td class="num">${c.step}</td>
      </tr>
      <tr>
        <th>Total</th>
        <td class="num" data-cost-total>${formatCost(c.total)}</td>
      </tr>
      ${
        c.best !== undefined
          ? html`<tr>
              <th>Best so far</th>
              <td class="num">${formatCost(c.best)}</td>
            </tr>`
          : nothing
      }
      ${terms.map(
        ([name, v]) =>
          html`<tr>
            <th>· ${name}</th>
            <td class="num">${formatCost(v)}</td>
          </tr>`,
      )}
      ${
        c.temperature !== undefined
          ? html`<tr>
              <th>Temperature</th>
              <td class="num">${formatCost(c.temperature)}</td>
            </tr>`
          : nothing
      }
      ${
        c.accepted !== undefined || c.rejected !== undefined
          ? html`<tr>
              <th>Moves accepted / rejected</th>
              <td class="num">${c.accepted ?? '–'} / ${c.rejected ?? '–'}</td>
            </tr>`
          : nothing
      }
    </table>`;
  }

  private renderChart(
    costs: LiveEventOf<'placement_cost'>[],
    now: LiveEventOf<'placement_cost'> | undefined,
  ) {
    const W = 300;
    const H = 100;
    const steps = costs.map((c) => c.step);
    const values = costs.flatMap((c) => (c.best !== undefined ? [c.total, c.best] : [c.total]));
    const minS = Math.min(...steps);
    const maxS = Math.max(...steps, minS + 1);
    const minV = Math.min(...values);
    const maxV = Math.max(...values, minV + 1e-9);
    const x = (s: number) => ((s - minS) / (maxS - minS)) * (W - 10) + 5;
    const y = (v: number) => H - 5 - ((v - minV) / (maxV - minV)) * (H - 10);
    const line = (pick: (c: LiveEventOf<'placement_cost'>) => number | undefined) =>
      costs
        .filter((c) => pick(c) !== undefined)
        .map((c) => `${x(c.step).toFixed(1)},${y(pick(c)!).toFixed(1)}`)
        .join(' ');
    return html`<figure>
      <svg
        class="chart"
        viewBox="0 0 ${W} ${H}"
        preserveAspectRatio="none"
        role="img"
        aria-label=${`Placement cost over ${costs.length} reports, from ${formatCost(costs[0]!.total)} to ${formatCost(costs[costs.length - 1]!.total)}`}
      >
        ${svg`<polyline points=${line((c) => c.total)} fill="none" stroke="#3c7bd2" stroke-width="1.5" vector-effect="non-scaling-stroke" />`}
        ${svg`<polyline points=${line((c) => c.best)} fill="none" stroke="#2e9e52" stroke-width="1.5" vector-effect="non-scaling-stroke" />`}
        ${costs.length === 1 ? svg`<circle cx=${x(costs[0]!.step)} cy=${y(costs[0]!.total)} r="3" fill="#3c7bd2" />` : nothing}
        ${now ? svg`<line x1=${x(now.step)} x2=${x(now.step)} y1="0" y2=${H} stroke="#1a66ff" stroke-dasharray="3 2" vector-effect="non-scaling-stroke" />` : nothing}
      </svg>
      <figcaption class="legend">
        <span><span class="swatch total"></span>total</span><span><span class="swatch best"></span>best</span>
        <span class="muted">steps ${minS}–${maxS}; cost ${formatCost(minV)}–${formatCost(maxV)}</span>
      </figcaption>
    </figure>`;
  }

  private renderFootprints(c: LiveEventOf<'placement_cost'>) {
    const top = [...(c.footprints ?? [])].sort((a, b) => b.total - a.total).slice(0, TOP_FOOTPRINTS);
    const termNames = [...new Set(top.flatMap((f) => Object.keys(f.terms ?? {})))];
    return html`<h3>Costliest footprints at step ${c.step}</h3>
      <table>
        <thead>
          <tr>
            <th>Ref</th>
            <th class="num">Total</th>
            ${termNames.map((t) => html`<th class="num">${t}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${top.map(
            (f) =>
              html`<tr class=${f.ref === this.highlightRef ? 'hi' : ''}>
                <td>
                  <button
                    type="button"
                    class="ref"
                    aria-label=${`Show ${f.ref} on the board`}
                    @click=${() => this.highlight(f.ref)}
                  >
                    ${f.ref}
                  </button>
                </td>
                <td class="num">${formatCost(f.total)}</td>
                ${termNames.map((t) => html`<td class="num">${f.terms?.[t] !== undefined ? formatCost(f.terms[t]) : ''}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>`;
  }

  private renderReplay() {
    if (!this.replay) return nothing;
    return html`<h3>Replay with the engine</h3>
      ${
        this.highlightRef
          ? html`<rr-cost-replay
              .api=${this.api}
              .run=${this.run}
              .frame=${this.frame}
              .ref=${this.highlightRef}
            ></rr-cost-replay>`
          : html`<p class="muted">
              Click a footprint above (or on the board) to replay its cost terms beside the recorded ones.
            </p>`
      }`;
  }

  private highlight(ref: string): void {
    this.dispatchEvent(new CustomEvent('highlight', { detail: { ref }, bubbles: true, composed: true }));
  }
}

customElements.define('rr-cost-panel', CostPanel);
