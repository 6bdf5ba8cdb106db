// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-lane-tree>: the experiment's lanes as a tree (candidates, their trials, the trials' rounds) with
// live status, cost and net counts. An ARIA tree: arrow keys move, Right/Left open and close, Enter or
// Space selects, Home/End jump; only the focused row is in the tab order.
import { LitElement, css, html, nothing } from 'lit';
import type { LaneSummary } from './api-types.js';
import { formatCost } from './number-format.js';
import { LANE_STATUS_COLORS } from './layer-colors.js';
import { sharedStyles } from './shared-styles.js';

export class LaneTree extends LitElement {
  static override properties = {
    lanes: { attribute: false },
    version: { type: Number },
    selected: { type: String },
    collapsed: { state: true },
    focused: { state: true },
  };

  lanes: Map<string, LaneSummary> = new Map();
  /** Changes whenever the lanes changed (the map itself is updated in place). */
  version = 0;
  selected: string | null = null;
  collapsed = new Set<string>();
  focused: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
        overflow: auto;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      ul ul {
        padding-left: 14px;
      }
      .row {
        display: grid;
        grid-template-columns: 14px 10px minmax(0, 1fr);
        align-items: center;
        gap: 4px;
        padding: 2px 4px;
        border-radius: 4px;
        cursor: pointer;
        white-space: nowrap;
      }
      [aria-selected='true'] > .row {
        background: #d6e4fa;
      }
      .row:hover {
        background: #eef2f8;
      }
      li:focus-visible {
        outline: none;
      }
      li:focus-visible > .row {
        outline: 2px solid #1a66ff;
        outline-offset: -2px;
      }
      .twisty {
        color: #5d6673;
        text-align: center;
      }
      .dot {
        width: 9px;
        height: 9px;
        border-radius: 50%;
      }
      .dot.running {
        animation: pulse 1.2s ease-in-out infinite;
      }
      @keyframes pulse {
        50% {
          opacity: 0.3;
        }
      }
      .name {
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .kind {
        font-size: 11px;
        color: #5d6673;
        margin-left: 4px;
      }
      .meta {
        grid-column: 3;
        white-space: normal;
        font-size: 11px;
        color: #5d6673;
        font-variant-numeric: tabular-nums;
      }
      .meta .warn {
        color: #b06a00;
      }
    `,
  ];

  /** Lanes whose parent is not a known lane, in the order they started. */
  private roots(): LaneSummary[] {
    return [...this.lanes.values()]
      .filter((l) => l.parent === null || !this.lanes.has(l.parent))
      .sort((a, b) => a.firstSeq - b.firstSeq);
  }

  private childrenOf(lane: LaneSummary): LaneSummary[] {
    return lane.children.map((id) => this.lanes.get(id)).filter((l): l is LaneSummary => !!l);
  }

  /** Lanes as shown, top to bottom (children of collapsed lanes left out). */
  private visible(): LaneSummary[] {
    const out: LaneSummary[] = [];
    const walk = (lanes: LaneSummary[]) => {
      for (const lane of lanes) {
        out.push(lane);
        if (!this.collapsed.has(lane.id)) walk(this.childrenOf(lane));
      }
    };
    walk(this.roots());
    return out;
  }

  override render() {
    const roots = this.roots();
    if (roots.length === 0) return html`<p class="empty">No lanes yet: waiting for the experiment.</p>`;
    const tabStop =
      this.focused && this.lanes.has(this.focused) ? this.focused : (this.selected ?? roots[0]!.id);
    return html`<ul role="tree" aria-label="Lanes" @keydown=${this.onKey}>
      ${roots.map((l) => this.renderLane(l, 1, tabStop))}
    </ul>`;
  }

  private renderLane(lane: LaneSummary, level: number, tabStop: string): unknown {
    const children = this.childrenOf(lane);
    const open = !this.collapsed.has(lane.id);
    const cost = lane.finalCost ?? lane.cost?.total;
    const nets = lane.nets;
    const netTotal = nets ? nets.routed + nets.partial + nets.unrouted + nets.failed : 0;
    const status = lane.status;
    return html`<li
      role="treeitem"
      data-lane=${lane.id}
      aria-level=${level}
      aria-selected=${this.selected === lane.id ? 'true' : 'false'}
      aria-expanded=${children.length > 0 ? (open ? 'true' : 'false') : nothing}
      aria-label=${`${lane.label ?? lane.id}, ${lane.kind ?? 'lane'}, ${status}${cost !== undefined ? `, cost ${formatCost(cost)}` : ''}`}
      tabindex=${lane.id === tabStop ? 0 : -1}
      @click=${(e: Event) => {
        e.stopPropagation();
        this.select(lane.id);
      }}
      @focus=${(e: Event) => {
        if (e.target === e.currentTarget) this.focused = lane.id;
      }}
    >
      <div class="row" title=${`${lane.id} (${status})`}>
        <span
          class="twisty"
          aria-hidden="true"
          @click=${(e: Event) => {
            e.stopPropagation();
            this.toggle(lane.id);
          }}
          >${children.length > 0 ? (open ? '▾' : '▸') : ''}</span
        >
        <svg class="dot ${status}" aria-hidden="true" viewBox="0 0 10 10">
          <circle cx="5" cy="5" r="5" fill=${LANE_STATUS_COLORS[status] ?? '#888'} />
        </svg>
        <span class="name">${lane.label ?? lane.id}<span class="kind">${status}</span></span>
        ${
          cost !== undefined || nets || lane.errors > 0
            ? html`<span class="meta">
                ${[
                  cost !== undefined ? `cost ${formatCost(cost)}` : '',
                  nets ? `${nets.routed}/${netTotal} nets routed` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                ${lane.errors > 0 ? html` · <span class="warn">${lane.errors} warning${lane.errors > 1 ? 's' : ''}</span>` : nothing}
              </span>`
            : nothing
        }
      </div>
      ${
        children.length > 0 && open
          ? html`<ul role="group">
              ${children.map((c) => this.renderLane(c, level + 1, tabStop))}
            </ul>`
          : nothing
      }
    </li>`;
  }

  private toggle(id: string): void {
    const next = new Set(this.collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.collapsed = next;
  }

  private select(id: string): void {
    this.focused = id;
    this.dispatchEvent(
      new CustomEvent('lane-select', { detail: { lane: id }, bubbles: true, composed: true }),
    );
  }

  private onKey(e: KeyboardEvent): void {
    const rows = this.visible();
    const current = (e.target as HTMLElement).closest('li')?.dataset.lane ?? this.selected;
    const i = rows.findIndex((l) => l.id === current);
    if (i < 0) return;
    const lane = rows[i]!;
    const hasChildren = this.childrenOf(lane).length > 0;
    let next: string | undefined;
    switch (e.key) {
      case 'ArrowDown':
        next = rows[i + 1]?.id;
        break;
      case 'ArrowUp':
        next = rows[i - 1]?.id;
        break;
      case 'Home':
        next = rows[0]?.id;
        break;
      case 'End':
        next = rows[rows.length - 1]?.id;
        break;
      case 'ArrowRight':
        if (hasChildren && this.collapsed.has(lane.id)) this.toggle(lane.id);
        else if (hasChildren) next = lane.children[0];
        break;
      case 'ArrowLeft':
        if (hasChildren && !this.collapsed.has(lane.id)) this.toggle(lane.id);
        else if (lane.parent && this.lanes.has(lane.parent)) next = lane.parent;
        break;
      case 'Enter':
      case ' ':
        this.select(lane.id);
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next) void this.moveFocus(next);
  }

  private async moveFocus(id: string): Promise<void> {
    this.focused = id;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`li[data-lane="${CSS.escape(id)}"]`)?.focus();
  }
}

customElements.define('rr-lane-tree', LaneTree);
