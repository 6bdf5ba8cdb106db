// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-schematic-panel>: the schematic of the selected lane's design (or of its checkpoint board), laid out
// by elkjs in a web worker and drawn in SVG: blocks of the hierarchy as nested boxes, symbols with their
// pins on their sides, nets as orthogonal wires (power and large nets as labels at their pins), nets with
// constraints drawn dashed. Pan with drag or arrow keys, zoom with the wheel or +/-, 0 fits; search finds
// a component or net. A click on a component or net selects it on the board too (a `highlight` event),
// and a component or net selected on the board is shown here; the selection can be added to the note
// being written as its target.
import { LitElement, css, html, nothing, svg, type PropertyValues } from 'lit';
import type { SchematicModel } from '../../src/schematic/schematic-model.js';
import { LAYOUT_SCALE } from '../../src/schematic/schematic-layout-graph.js';
import { pageMode } from './page-mode.js';
import { layOutSchematic, type SchematicLayout } from './schematic-layout.js';
import type { DesignNoteTarget } from './api-types.js';
import { sharedStyles } from './shared-styles.js';
import type { SchematicAnswer, ViewerApi } from './viewer-api.js';

const BARE =
  'The schematic layout needs the assembled page (the graph-layout library elkjs is served only from it); this page is served as bare files. Build it with npm run build, or start rr view with --dist pointing at the assembled files.';

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const HIGHLIGHT = '#d9480f';
const PIN_TEXT = 6;

export class SchematicPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    lane: { attribute: false },
    highlightRef: { attribute: false },
    highlightNet: { attribute: false },
    scope: { state: true },
    status: { state: true },
    answer: { state: true },
    model: { state: true },
    layout: { state: true },
    view: { state: true },
    search: { state: true },
  };

  api!: ViewerApi;
  lane: string | null = null;
  highlightRef: string | null = null;
  highlightNet: string | null = null;
  scope: 'design' | 'board' = 'design';
  status = '';
  answer: SchematicAnswer | null = null;
  model: SchematicModel | null = null;
  layout: SchematicLayout | null = null;
  view: ViewBox = { x: 0, y: 0, w: 100, h: 100 };
  search = '';
  private loaded = '';
  private abort: AbortController | null = null;
  private drag: { x: number; y: number; view: ViewBox; moved: boolean } | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
        margin-bottom: 0.4rem;
      }
      svg {
        width: 100%;
        height: 60vh;
        border: 1px solid var(--rule, #ccc);
        background: #fffef8;
        touch-action: none;
        cursor: grab;
      }
      .block {
        fill: #f1f5f9;
        stroke: #94a3b8;
      }
      .body {
        fill: #fffbe6;
        stroke: #7c2d12;
      }
      .symbol text,
      .label text {
        font-family: sans-serif;
      }
      .wire {
        fill: none;
        stroke: #15803d;
      }
      .wire.constrained {
        stroke-dasharray: 4 2;
        stroke: #1d4ed8;
      }
      [data-highlighted] .body,
      .wire[data-highlighted] {
        stroke: #d9480f;
      }
      .status {
        color: var(--muted, #555);
      }
      .problems {
        color: #92400e;
      }
    `,
  ];

  override updated(changed: PropertyValues<this>): void {
    const key = `${this.lane ?? ''}|${this.scope}`;
    if (this.api && key !== this.loaded && pageMode() !== 'bare') {
      this.loaded = key;
      void this.load();
    }
    if ((changed.has('highlightRef') || changed.has('highlightNet')) && this.layout) this.centerOnSelection();
  }

  private async load(): Promise<void> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.status = 'Building the schematic…';
    this.layout = null;
    try {
      const answer = await this.api.schematic(this.lane, this.scope, abort.signal);
      this.answer = answer;
      this.status = `Laying out ${answer.stats.components} components…`;
      const model = await this.api.schematicPayload(answer.payload.url, abort.signal);
      const layout = await layOutSchematic(model);
      if (abort.signal.aborted) return;
      this.model = model;
      this.layout = layout;
      this.status = '';
      this.fit();
      this.centerOnSelection();
    } catch (error) {
      if (abort.signal.aborted) return;
      this.status = `The schematic cannot be shown: ${(error as Error).message}`;
    }
  }

  override render() {
    if (pageMode() === 'bare') return html`<p role="status" class="status">${BARE}</p>`;
    const a = this.answer;
    return html`
      <div class="bar">
        <label
          >Show
          <select
            aria-label="What the schematic shows"
            @change=${(e: Event) => (this.scope = (e.target as HTMLSelectElement).value as 'design' | 'board')}
          >
            <option value="design" ?selected=${this.scope === 'design'}>the design's netlist</option>
            <option value="board" ?selected=${this.scope === 'board'}>this lane's board</option>
          </select></label
        >
        <input
          type="search"
          placeholder="Find a component or net"
          aria-label="Find a component or net"
          .value=${this.search}
          @input=${(e: Event) => (this.search = (e.target as HTMLInputElement).value)}
          @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.findFirst()}
        />
        <button type="button" @click=${() => this.zoom(0.7)} aria-label="Zoom in">+</button>
        <button type="button" @click=${() => this.zoom(1 / 0.7)} aria-label="Zoom out">−</button>
        <button type="button" @click=${() => this.fit()}>Fit</button>
      </div>
      ${this.search.trim() ? this.renderMatches() : nothing}
      ${this.status ? html`<p role="status" class="status">${this.status}</p>` : nothing}
      ${
        this.status.startsWith('The schematic cannot be shown')
          ? html`<button type="button" @click=${() => void this.load()}>Try again</button>`
          : nothing
      }
      ${
        a && this.model
          ? html`<p class="status" data-stats>
              ${a.design.name ?? ''}: ${a.stats.components} components, ${a.stats.nets} nets
              (${a.stats.librarySymbols} library symbols, ${a.stats.genericSymbols}
              generic)${
                a.checkpoint ? ` · board of ${a.checkpoint.lane} at seq ${a.checkpoint.seq}` : ''
              }${this.layout ? ` · laid out in ${Math.round(this.layout.ms)} ms` : ''}
            </p>`
          : nothing
      }
      ${
        a && a.problems.length > 0
          ? html`<details class="problems">
              <summary>${a.problems.length} problem(s)</summary>
              <ul>
                ${a.problems.map((p) => html`<li>${p}</li>`)}
              </ul>
            </details>`
          : nothing
      }
      ${this.layout && this.model ? this.renderSvg(this.layout, this.model) : nothing}
      ${this.renderSelection()}
    `;
  }

  private searchMatches(): { kind: 'component' | 'net'; id: string; text: string }[] {
    const q = this.search.trim().toLowerCase();
    if (!q || !this.model) return [];
    const found: { kind: 'component' | 'net'; id: string; text: string }[] = [];
    for (const c of this.model.components)
      if (
        c.ref.toLowerCase().includes(q) ||
        c.value.toLowerCase().includes(q) ||
        c.address.toLowerCase().includes(q)
      )
        found.push({ kind: 'component', id: c.ref, text: `${c.ref} ${c.value} (${c.address})` });
    for (const n of this.model.nets)
      if (n.name.toLowerCase().includes(q)) found.push({ kind: 'net', id: n.name, text: `net ${n.name}` });
    return found;
  }

  private renderMatches() {
    const found = this.searchMatches();
    return html`<ul class="matches" aria-label="Search results">
      ${found.length === 0 ? html`<li>No component or net matches.</li>` : nothing}
      ${found
        .slice(0, 8)
        .map(
          (m) =>
            html`<li><button type="button" @click=${() => this.select(m.kind, m.id)}>${m.text}</button></li>`,
        )}
      ${found.length > 8 ? html`<li>and ${found.length - 8} more</li>` : nothing}
    </ul>`;
  }

  private renderSelection() {
    const net = this.highlightNet ? this.model?.nets.find((n) => n.name === this.highlightNet) : undefined;
    const c = this.highlightRef ? this.model?.components.find((x) => x.ref === this.highlightRef) : undefined;
    if (!net && !c) return nothing;
    return html`<div class="selection" data-selection>
      ${c ? html`<p><strong>${c.ref}</strong> ${c.value} · ${c.footprint} · ${c.address}${c.description ? ` · ${c.description}` : ''}</p>` : nothing}
      ${
        net
          ? html`<p>
                <strong>net ${net.name}</strong>${net.class ? ` (class ${net.class})` : ''}:
                ${net.pins.join(', ')}
              </p>
              ${
                net.constraints
                  ? html`<ul>
                      ${net.constraints.map((t) => html`<li>${t}</li>`)}
                    </ul>`
                  : nothing
              }`
          : nothing
      }
      <div class="targets">
        ${c ? html`<button type="button" @click=${() => this.addTarget({ type: 'footprint', ref: c.ref })}>Target ${c.ref} in the note</button>` : nothing}
        ${net ? html`<button type="button" data-target-net=${net.name} @click=${() => this.addTarget({ type: 'net', net: net.name })}>Target net ${net.name} in the note</button>` : nothing}
      </div>
    </div>`;
  }

  /** Adds the selection to the note being written (the Notes tab). */
  private addTarget(target: DesignNoteTarget): void {
    this.dispatchEvent(new CustomEvent('target-add', { detail: { target }, bubbles: true, composed: true }));
  }

  private renderSvg(layout: SchematicLayout, model: SchematicModel) {
    const v = this.view;
    const s = LAYOUT_SCALE;
    const hiNet = this.highlightNet;
    return html`<svg
      viewBox="${v.x} ${v.y} ${v.w} ${v.h}"
      role="img"
      aria-label="Schematic. Arrow keys pan, plus and minus zoom, 0 fits."
      tabindex="0"
      @keydown=${this.onKey}
      @wheel=${this.onWheel}
      @pointerdown=${this.onPointerDown}
      @pointermove=${this.onPointerMove}
      @pointerup=${this.onPointerUp}
    >
      ${layout.blocks.map(
        (b) => svg`<g data-block=${b.address}>
          <rect class="block" x=${b.x} y=${b.y} width=${b.width} height=${b.height} rx="4" fill-opacity=${0.5 + b.depth * 0.1} />
          <text x=${b.x + 6} y=${b.y + 14} font-size="11" font-weight="bold">${b.name}</text></g>`,
      )}
      ${layout.wires.map((w) => {
        const net = model.nets[w.net]!;
        const points = w.points.map((p) => p.join(',')).join(' ');
        // A wide transparent twin makes a thin wire easy to click.
        return svg`<polyline class=${net.constraints ? 'wire constrained' : 'wire'} data-net=${net.name}
          ?data-highlighted=${net.name === hiNet} stroke-width=${net.name === hiNet ? 2.5 : 1} points=${points} />
          <polyline class="wire-hit" data-net=${net.name} points=${points} fill="none" stroke="transparent" stroke-width="8"
            pointer-events="stroke" @click=${(e: Event) => this.pick(e, 'net', net.name)} />`;
      })}
      ${layout.junctions.map((j) => svg`<circle cx=${j.x} cy=${j.y} r="2" fill="#15803d" />`)}
      ${layout.components.map(({ component: c, x, y }) => {
        const hi = c.ref === this.highlightRef;
        return svg`<g class="symbol" data-ref=${c.ref} data-symbol=${c.symbol.kind} ?data-highlighted=${hi}
          transform="translate(${x} ${y})" @click=${(e: Event) => this.pick(e, 'component', c.ref)}>
          ${c.symbol.bodies.map(
            (b) =>
              svg`<rect class="body" x=${b.x * s} y=${b.y * s} width=${b.width * s} height=${b.height * s} stroke-width=${hi ? 3 : 1} />`,
          )}
          ${c.symbol.pins.map((p) => {
            const [dx, dy] = inward(p.side);
            const end: [number, number] = [p.x * s + dx * p.length * s, p.y * s + dy * p.length * s];
            return svg`<line x1=${p.x * s} y1=${p.y * s} x2=${end[0]} y2=${end[1]} stroke="#7c2d12" />
              <text x=${p.x * s + dx * 2 + (dx === 0 ? 2 : 0)} y=${p.y * s - 1 + (dy > 0 ? 7 : 0)} font-size=${PIN_TEXT}
                text-anchor=${dx < 0 ? 'end' : 'start'} fill="#7c2d12">${p.pad}</text>
              ${p.name ? svg`<text x=${end[0] + dx * 2} y=${end[1] + 2} font-size=${PIN_TEXT} text-anchor=${dx < 0 ? 'end' : 'start'}>${p.name}</text>` : nothing}`;
          })}
          <text x="0" y="-3" font-size="9" font-weight="bold">${c.ref}</text>
          <text x=${c.symbol.width * s} y="-3" font-size="8" text-anchor="end">${c.value}</text>
        </g>`;
      })}
      ${layout.labels.map((l) => {
        const net = model.nets[l.net]!;
        const [dx] = inward(l.side);
        return svg`<g class="label" data-net=${net.name} ?data-highlighted=${net.name === hiNet}
          @click=${(e: Event) => this.pick(e, 'net', net.name)}>
          <text x=${l.x - dx * 3} y=${l.y + 2} font-size="7" text-anchor=${dx > 0 ? 'end' : 'start'}
            fill=${net.name === hiNet ? HIGHLIGHT : net.constraints ? '#1d4ed8' : '#15803d'}>${net.name}</text></g>`;
      })}
    </svg>`;
  }

  /** Selects a component or net here and on the board. */
  private select(kind: 'component' | 'net', id: string): void {
    const detail = kind === 'component' ? { ref: id } : { net: id };
    this.dispatchEvent(new CustomEvent('highlight', { detail, bubbles: true, composed: true }));
  }

  private pick(e: Event, kind: 'component' | 'net', id: string): void {
    if (this.drag?.moved) return;
    e.stopPropagation();
    this.select(kind, id);
  }

  private findFirst(): void {
    const first = this.searchMatches()[0];
    if (first) this.select(first.kind, first.id);
  }

  /** Brings the selected component or net into view (selected here, on the board or by search). */
  private centerOnSelection(): void {
    const layout = this.layout;
    if (!layout) return;
    let box: { x: number; y: number; w: number; h: number } | undefined;
    const placed = this.highlightRef
      ? layout.components.find((c) => c.component.ref === this.highlightRef)
      : undefined;
    if (placed)
      box = {
        x: placed.x,
        y: placed.y,
        w: placed.component.symbol.width * LAYOUT_SCALE,
        h: placed.component.symbol.height * LAYOUT_SCALE,
      };
    else if (this.highlightNet) {
      const net = this.model?.nets.find((n) => n.name === this.highlightNet);
      const points = (net?.pins ?? [])
        .map((p) => layout.pins.get(p))
        .filter((p): p is [number, number] => !!p);
      if (points.length > 0) {
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        box = {
          x: Math.min(...xs),
          y: Math.min(...ys),
          w: Math.max(...xs) - Math.min(...xs),
          h: Math.max(...ys) - Math.min(...ys),
        };
      }
    }
    if (!box) return;
    const w = Math.max(box.w * 3, 200);
    const h = Math.max(box.h * 3, 150);
    this.view = { x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w, h };
  }

  private fit(): void {
    const l = this.layout;
    if (l) this.view = { x: -10, y: -10, w: l.width + 20, h: l.height + 20 };
  }

  private zoom(factor: number, at?: [number, number]): void {
    const v = this.view;
    const [cx, cy] = at ?? [v.x + v.w / 2, v.y + v.h / 2];
    this.view = {
      x: cx - (cx - v.x) * factor,
      y: cy - (cy - v.y) * factor,
      w: v.w * factor,
      h: v.h * factor,
    };
  }

  private onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const svgEl = e.currentTarget as SVGSVGElement;
    const r = svgEl.getBoundingClientRect();
    const v = this.view;
    const at: [number, number] = [
      v.x + ((e.clientX - r.left) / r.width) * v.w,
      v.y + ((e.clientY - r.top) / r.height) * v.h,
    ];
    this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, at);
  };

  private onKey = (e: KeyboardEvent) => {
    const v = this.view;
    const step = 0.1;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => (this.view = { ...v, x: v.x - v.w * step }),
      ArrowRight: () => (this.view = { ...v, x: v.x + v.w * step }),
      ArrowUp: () => (this.view = { ...v, y: v.y - v.h * step }),
      ArrowDown: () => (this.view = { ...v, y: v.y + v.h * step }),
      '+': () => this.zoom(0.8),
      '=': () => this.zoom(0.8),
      '-': () => this.zoom(1.25),
      '0': () => this.fit(),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  };

  private onPointerDown = (e: PointerEvent) => {
    this.drag = { x: e.clientX, y: e.clientY, view: this.view, moved: false };
  };

  private onPointerMove = (e: PointerEvent) => {
    const d = this.drag;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) (e.currentTarget as Element).setPointerCapture(e.pointerId);
    d.moved = true;
    const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    this.view = {
      ...d.view,
      x: d.view.x - (dx / r.width) * d.view.w,
      y: d.view.y - (dy / r.height) * d.view.h,
    };
  };

  private onPointerUp = () => {
    // A click after a drag is not a pick; the flag is read by the click that follows pointerup.
    const d = this.drag;
    setTimeout(() => {
      if (this.drag === d) this.drag = null;
    }, 0);
  };
}

/** The direction from a pin's connection point towards its symbol's body. */
function inward(side: string): [number, number] {
  if (side === 'WEST') return [1, 0];
  if (side === 'EAST') return [-1, 0];
  if (side === 'NORTH') return [0, 1];
  return [0, -1];
}

customElements.define('rr-schematic-panel', SchematicPanel);

declare global {
  interface HTMLElementTagNameMap {
    'rr-schematic-panel': SchematicPanel;
  }
}
