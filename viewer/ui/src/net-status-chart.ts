// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-net-status-chart>: per-net routing status over the selected lane's timeline (one column per route
// or net_status event: routing while only provisional routes exist, then routed, partial, unrouted or
// failed), the status at the timeline position in words, and for a lane with rounds the net counts of
// each round. A net's name highlights its routes on the board.
import { LitElement, css, html, nothing, unsafeCSS } from 'lit';
import type { EventRecord, LaneSummary } from './api-types.js';
import { NET_STATUS_COLORS } from './layer-colors.js';
import { sharedStyles } from './shared-styles.js';

/** Most columns drawn; older ones are left out. */
const MAX_COLUMNS = 80;
const STATUSES = ['routed', 'partial', 'unrouted', 'failed'] as const;

interface Column {
  index: number;
  seq: number;
  kind: 'route' | 'net_status';
  status: Map<string, string>;
}

/** The columns of the chart: every net's status after each route or net_status event. */
export function netColumns(events: readonly EventRecord[]): { nets: string[]; columns: Column[] } {
  const current = new Map<string, string>();
  const nets: string[] = [];
  const seen = new Set<string>();
  const columns: Column[] = [];
  const note = (net: string) => {
    if (!seen.has(net)) {
      seen.add(net);
      nets.push(net);
    }
  };
  events.forEach((r, index) => {
    const e = r.event;
    if (e.kind === 'route') {
      if (e.replace === true) for (const net of current.keys()) current.set(net, 'unrouted');
      for (const n of e.nets) {
        note(n.net);
        current.set(n.net, e.provisional === true ? 'routing' : n.tracks.length > 0 ? 'routed' : 'unrouted');
      }
    } else if (e.kind === 'net_status') {
      for (const n of e.nets) {
        note(n.net);
        current.set(n.net, n.status);
      }
    } else return;
    columns.push({ index, seq: e.seq, kind: e.kind, status: new Map(current) });
  });
  return { nets, columns: columns.slice(-MAX_COLUMNS) };
}

export class NetStatusChart extends LitElement {
  static override properties = {
    events: { attribute: false },
    position: { type: Number },
    rounds: { attribute: false },
    highlightNet: { attribute: false },
  };

  events: readonly EventRecord[] = [];
  position = -1;
  /** Child lanes (routing rounds) of the selected lane, with their net counts. */
  rounds: LaneSummary[] = [];
  highlightNet: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .grid {
        overflow-x: auto;
      }
      table.chart td.cell {
        width: 8px;
        min-width: 8px;
        height: 14px;
        padding: 0;
        border-right: 1px solid #fff;
      }
      table.chart td.later {
        opacity: 0.25;
      }
      table.chart td.at {
        outline: 2px solid #1a66ff;
        outline-offset: -1px;
      }
      .s-routed {
        background: ${unsafeCSS(NET_STATUS_COLORS.routed)};
      }
      .s-partial {
        background: ${unsafeCSS(NET_STATUS_COLORS.partial)};
      }
      .s-unrouted {
        background: ${unsafeCSS(NET_STATUS_COLORS.unrouted)};
      }
      .s-failed {
        background: ${unsafeCSS(NET_STATUS_COLORS.failed)};
      }
      .s-routing {
        background: ${unsafeCSS(NET_STATUS_COLORS.routing)};
      }
      .s-none {
        background: #eef1f5;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        font-size: 11px;
        margin: 4px 0;
      }
      .legend i {
        display: inline-block;
        width: 10px;
        height: 10px;
        margin-right: 3px;
        vertical-align: -1px;
      }
      button.net {
        border: none;
        background: none;
        padding: 0;
        color: #1a4fb3;
        text-decoration: underline;
        white-space: nowrap;
      }
      tr.hi th {
        background: #fff5cc;
      }
      .bar {
        display: flex;
        height: 12px;
        width: 70px;
        border-radius: 2px;
        overflow: hidden;
        background: #eef1f5;
      }
    `,
  ];

  override render() {
    const { nets, columns } = netColumns(this.events);
    const atColumn = [...columns].reverse().find((c) => c.index <= this.position);
    return html`<h2>Net routing status</h2>
      <div class="legend" aria-hidden="true">
        ${[...STATUSES, 'routing'].map((s) => html`<span><i class="s-${s}"></i>${s === 'routing' ? 'provisional route' : s}</span>`)}
      </div>
      <p class="muted">
        One column per route or net status event of the lane; the outlined column is the timeline position.
      </p>
      ${
        nets.length === 0
          ? html`<p class="empty">
              No routes or net status in this lane${this.events.length === 0 ? ' yet' : ''}.
            </p>`
          : html`<div class="grid">
              <table class="chart" aria-label="Net status over time">
                <thead>
                  <tr>
                    <th>Net</th>
                    <th>Now</th>
                    <th colspan=${columns.length}>Over time</th>
                  </tr>
                </thead>
                <tbody>
                  ${nets.map((net) => {
                    const now = atColumn?.status.get(net);
                    return html`<tr class=${net === this.highlightNet ? 'hi' : ''} data-net=${net}>
                      <th>
                        <button
                          type="button"
                          class="net"
                          aria-label=${`Show net ${net} on the board`}
                          @click=${() => this.highlight(net)}
                        >
                          ${net}
                        </button>
                      </th>
                      <td data-net-status>${now ? (now === 'routing' ? 'provisional route' : now) : '–'}</td>
                      ${columns.map(
                        (c) =>
                          html`<td
                            class="cell s-${c.status.get(net) ?? 'none'} ${c.index > this.position ? 'later' : ''} ${c === atColumn ? 'at' : ''}"
                            title=${`${net}: ${c.status.get(net) ?? 'not yet'} after seq ${c.seq} (${c.kind.replace('_', ' ')})`}
                          ></td>`,
                      )}
                    </tr>`;
                  })}
                </tbody>
              </table>
            </div>`
      }
      ${this.rounds.length > 0 ? this.renderRounds() : nothing}`;
  }

  private renderRounds() {
    return html`<h3>Routing rounds</h3>
      <table aria-label="Net counts of each round">
        <thead>
          <tr>
            <th>Round</th>
            <th>Status</th>
            ${STATUSES.map((s) => html`<th class="num">${s}</th>`)}
            <th></th>
          </tr>
        </thead>
        <tbody>
          ${this.rounds.map((r) => {
            const n = r.nets;
            const total = n ? STATUSES.reduce((a, s) => a + n[s], 0) : 0;
            return html`<tr>
              <td>${r.label ?? r.id}</td>
              <td>${r.status}</td>
              ${STATUSES.map((s) => html`<td class="num">${n ? n[s] : '–'}</td>`)}
              <td>
                <div class="bar" aria-hidden="true">
                  ${
                    n && total > 0
                      ? STATUSES.map((s) =>
                          n[s] > 0
                            ? html`<svg width=${`${(n[s] / total) * 100}%`} height="12">
                                <rect width="100%" height="12" class="s-${s}" fill=${NET_STATUS_COLORS[s]!} />
                              </svg>`
                            : nothing,
                        )
                      : nothing
                  }
                </div>
              </td>
            </tr>`;
          })}
        </tbody>
      </table>`;
  }

  private highlight(net: string): void {
    this.dispatchEvent(new CustomEvent('highlight', { detail: { net }, bubbles: true, composed: true }));
  }
}

customElements.define('rr-net-status-chart', NetStatusChart);
