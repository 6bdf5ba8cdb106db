// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-board-view>: the selected lane's board at the timeline position, drawn per layer in SVG: native
// copper of the checkpoint (footprints moved to a newer placement), route events newer than the
// checkpoint on top (provisional ones highlighted), note targets as markers. Pan with drag or arrow
// keys, zoom with the wheel or +/-, 0 fits the board; a click picks a footprint, net or point.
import type { Keepout } from '../../src/schematic/design-constraints.js';
import { LitElement, css, html, nothing, svg, unsafeCSS, type PropertyValues } from 'lit';
import type { BoardGeometry, PlacedFootprint, Point } from './api-types.js';
import { BoardDrawing } from './board-drawing.js';
import type { BoardPaths, PlacedPart } from './board-paths.js';
import type { LoadedBoard } from './loaded-board.js';
import type { NetRouteAt } from './lane-replay.js';
import type { DesignNoteTarget } from './api-types.js';
import {
  BOARD_BACKGROUND,
  HIGHLIGHT_COLOR,
  KEEPOUT_COLOR,
  HOLE_COLOR,
  OUTLINE_COLOR,
  PROVISIONAL_COLOR,
  TARGET_COLOR,
  VIA_COLOR,
  copperColor,
} from './layer-colors.js';
import { sharedStyles } from './shared-styles.js';
import './layer-toggles.js';

/** A note target to mark on the board, with the label its marker shows. */
export interface BoardMark {
  id: string;
  label: string;
  target: DesignNoteTarget;
}

/** Where a mark sits: a point, and the box of a footprint target. */
interface PlacedMark {
  mark: BoardMark;
  at: Point;
  box?: PlacedPart['box'];
}

/** What a click on the board picked. */
export interface BoardPick {
  x: number;
  y: number;
  ref?: string;
  net?: string;
}

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Layers that are not copper but can be toggled like one. */
export const OVERLAY_LAYERS = ['Vias', 'Edge.Cuts', 'Routes', 'Labels', 'Notes'] as const;

export class BoardView extends LitElement {
  static override properties = {
    board: { attribute: false },
    placement: { attribute: false },
    routes: { attribute: false },
    marks: { attribute: false },
    highlightRef: { attribute: false },
    highlightNet: { attribute: false },
    keepouts: { attribute: false },
    picking: { type: Boolean },
    caption: { type: String },
    loading: { type: Boolean, reflect: true, attribute: 'data-loading' },
    hiddenLayers: { state: true },
    view: { state: true },
  };

  /** The checkpoint's geometry as far as it arrived (layers appear as their parts come in). */
  board: LoadedBoard | null = null;
  /** Footprint positions newer than the checkpoint, or undefined to draw the checkpoint as it is. */
  placement: PlacedFootprint[] | undefined = undefined;
  routes: NetRouteAt[] = [];
  marks: BoardMark[] = [];
  highlightRef: string | null = null;
  highlightNet: string | null = null;
  /** Keep-out areas of the constraints file (GET /api/constraints), drawn over the board. */
  keepouts: Keepout[] = [];
  picking = false;
  caption = '';
  /** Whether the board for the position is still being fetched (the one drawn is the previous). */
  loading = false;
  hiddenLayers = new Set<string>();
  view: ViewBox | null = null;

  private paths: BoardPaths | null = null;
  private readonly drawing = new BoardDrawing();
  /** Layers of the current board already reported drawn (performance marks). */
  private reported = new Set<string>();
  private reportedBoard: string | null = null;
  private drag: { id: number; x: number; y: number; view: ViewBox; moved: boolean } | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        padding: 4px 0;
      }
      .caption {
        flex: 1;
        min-width: 10em;
      }
      .stage {
        position: relative;
        flex: 1;
        min-height: 200px;
        background: ${unsafeCSS(BOARD_BACKGROUND)};
        border-radius: 4px;
        overflow: hidden;
      }
      svg {
        width: 100%;
        height: 100%;
        display: block;
        touch-action: none;
        cursor: grab;
      }
      svg.picking {
        cursor: crosshair;
      }
      .placeholder {
        position: absolute;
        inset: 0;
        display: grid;
        place-items: center;
        color: #cfd6e0;
        padding: 1em;
        text-align: center;
      }
      .provisional {
        stroke-dasharray: 0.6 0.3;
      }
      text {
        font-family: system-ui, sans-serif;
        pointer-events: none;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('board') || changed.has('placement'))
      this.paths = this.board ? this.drawing.paths(this.board, this.placement) : null;
    // The first board fits the view; later checkpoints keep the user's pan and zoom.
    const box = this.board?.index.boundingBox;
    if (box && !this.view) this.view = fit(box);
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A performance mark per layer once it is in the page, for the benchmark (and anyone profiling);
    // pan and zoom change nothing drawn, so they skip it.
    if (!changed.has('board') && !changed.has('placement') && !changed.has('hiddenLayers')) return;
    const board = this.board;
    if (!board || !this.paths || !this.renderRoot.querySelector('svg')) return;
    if (this.reportedBoard !== board.sha) {
      this.reportedBoard = board.sha;
      this.reported = new Set();
    }
    const drawn = [
      ...this.paths.copper.map((l) => l.layer),
      ...(this.paths.vias !== null ? ['Vias'] : []),
      ...(this.paths.outline !== null ? ['Edge.Cuts'] : []),
    ];
    for (const layer of drawn)
      if (!this.hiddenLayers.has(layer) && !this.reported.has(layer)) {
        this.reported.add(layer);
        performance.mark('rr-board-layer-drawn', { detail: { board: board.sha, layer } });
      }
    if (board.complete && !this.reported.has('*')) {
      this.reported.add('*');
      performance.mark('rr-board-drawn', { detail: { board: board.sha } });
    }
  }

  /** Fits the whole board into the view. */
  fitView(): void {
    const box = this.board?.index.boundingBox;
    if (box) this.view = fit(box);
  }

  /** Zooms by a factor around a board point (the view centre by default). */
  zoom(factor: number, around?: Point): void {
    const v = this.view;
    if (!v) return;
    const [cx, cy] = around ?? [v.x + v.w / 2, v.y + v.h / 2];
    const w = v.w / factor;
    const h = v.h / factor;
    this.view = { x: cx - ((cx - v.x) / v.w) * w, y: cy - ((cy - v.y) / v.h) * h, w, h };
  }

  /** Moves the view by fractions of its size. */
  pan(dx: number, dy: number): void {
    const v = this.view;
    if (v) this.view = { ...v, x: v.x + dx * v.w, y: v.y + dy * v.h };
  }

  private toggleLayer(e: CustomEvent<{ layer: string; visible: boolean }>): void {
    const hidden = new Set(this.hiddenLayers);
    if (e.detail.visible) hidden.delete(e.detail.layer);
    else hidden.add(e.detail.layer);
    this.hiddenLayers = hidden;
  }

  private onKey(e: KeyboardEvent): void {
    const step = 0.1;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => this.pan(-step, 0),
      ArrowRight: () => this.pan(step, 0),
      ArrowUp: () => this.pan(0, -step),
      ArrowDown: () => this.pan(0, step),
      '+': () => this.zoom(1.25),
      '=': () => this.zoom(1.25),
      '-': () => this.zoom(0.8),
      '0': () => this.fitView(),
    };
    const action = keys[e.key];
    if (action && !e.altKey && !e.ctrlKey && !e.metaKey) {
      action();
      e.preventDefault();
    }
  }

  private boardPoint(e: { clientX: number; clientY: number }): Point | null {
    const el = this.renderRoot.querySelector('svg');
    const v = this.view;
    if (!el || !v) return null;
    const r = el.getBoundingClientRect();
    // preserveAspectRatio xMidYMid meet: one scale, the rest centred.
    const s = Math.min(r.width / v.w, r.height / v.h);
    const ox = (r.width - v.w * s) / 2;
    const oy = (r.height - v.h * s) / 2;
    return [v.x + (e.clientX - r.left - ox) / s, v.y + (e.clientY - r.top - oy) / s];
  }

  private onWheel(e: WheelEvent): void {
    const at = this.boardPoint(e);
    if (!at) return;
    e.preventDefault();
    this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, at);
  }

  private onPointerDown(e: PointerEvent): void {
    if (!this.view || e.button !== 0) return;
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    this.drag = { id: e.pointerId, x: e.clientX, y: e.clientY, view: this.view, moved: false };
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    const el = e.currentTarget as Element;
    const r = el.getBoundingClientRect();
    const s = Math.min(r.width / d.view.w, r.height / d.view.h);
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
    if (d.moved) this.view = { ...d.view, x: d.view.x - dx / s, y: d.view.y - dy / s };
  }

  private onPointerUp(e: PointerEvent): void {
    const d = this.drag;
    this.drag = null;
    if (!d || d.id !== e.pointerId || d.moved) return;
    const at = this.boardPoint(e);
    if (at) this.pick(at);
  }

  /** Picks what lies at a board point and tells the page. */
  pick([x, y]: Point): void {
    const part = partAt(this.paths?.parts ?? [], x, y);
    const pad = part?.pads.find((p) => Math.abs(p.at[0] - x) <= p.half && Math.abs(p.at[1] - y) <= p.half);
    const detail: BoardPick = {
      x: round3(x),
      y: round3(y),
      ...(part ? { ref: part.ref } : {}),
      ...(pad?.net ? { net: pad.net } : {}),
    };
    this.dispatchEvent(new CustomEvent<BoardPick>('board-pick', { detail, bubbles: true, composed: true }));
  }

  override render() {
    const g = this.board;
    const layers = g ? g.index.layers.filter((l) => l.name.endsWith('.Cu')).map((l) => l.name) : [];
    return html`
      <div class="bar">
        <span class="caption" aria-live="polite">${this.caption}</span>
        <button type="button" @click=${() => this.zoom(1.25)} aria-label="Zoom in">+</button>
        <button type="button" @click=${() => this.zoom(0.8)} aria-label="Zoom out">−</button>
        <button type="button" @click=${() => this.fitView()} aria-label="Fit the board into the view">
          Fit
        </button>
      </div>
      <rr-layer-toggles
        .layers=${[...layers, ...OVERLAY_LAYERS]}
        .hiddenLayers=${this.hiddenLayers}
        @layer-toggle=${this.toggleLayer}
      ></rr-layer-toggles>
      <div class="stage">
        ${
          g && this.view && this.paths
            ? this.renderSvg(this.paths, this.view)
            : html`<div class="placeholder">${this.caption || 'No board to show yet.'}</div>`
        }
      </div>
    `;
  }

  private renderSvg(p: BoardPaths, v: ViewBox) {
    const shown = (layer: string) => !this.hiddenLayers.has(layer);
    const unit = v.w / 400;
    const highlighted = this.highlightRef ? p.parts.find((x) => x.ref === this.highlightRef) : undefined;
    return html`<svg
      class=${this.picking ? 'picking' : ''}
      viewBox="${v.x} ${v.y} ${v.w} ${v.h}"
      role="img"
      aria-label=${`Board: ${this.caption}. Arrow keys pan, plus and minus zoom, 0 fits.`}
      tabindex="0"
      @keydown=${this.onKey}
      @wheel=${this.onWheel}
      @pointerdown=${this.onPointerDown}
      @pointermove=${this.onPointerMove}
      @pointerup=${this.onPointerUp}
      @pointercancel=${() => (this.drag = null)}
    >
      ${[...p.copper].reverse().map((layer) =>
        shown(layer.layer)
          ? svg`<g data-layer=${layer.layer} opacity="0.85">
              <path d=${layer.fill} fill=${copperColor(layer.layer)} />
              ${layer.strokes.map(
                (s) =>
                  svg`<path d=${s.d} fill="none" stroke=${copperColor(layer.layer)} stroke-width=${s.width} stroke-linecap="round" stroke-linejoin="round" />`,
              )}
            </g>`
          : nothing,
      )}
      ${shown('Vias') && p.vias !== null ? svg`<g data-layer="Vias"><path d=${p.vias} fill=${VIA_COLOR} /></g>` : nothing}
      <g data-layer="Holes"><path d=${p.holes} fill=${HOLE_COLOR} /></g>
      ${
        shown('Edge.Cuts') && p.outline !== null
          ? svg`<g data-layer="Edge.Cuts">${p.outline.map(
              (s) =>
                svg`<path d=${s.d} fill="none" stroke=${OUTLINE_COLOR} stroke-width=${s.width} stroke-linecap="round" />`,
            )}</g>`
          : nothing
      }
      ${shown('Routes') ? this.renderRoutes(unit) : nothing}
      ${shown('Labels') ? this.renderLabels(p.parts) : nothing}
      ${
        highlighted
          ? svg`<rect data-highlight=${highlighted.ref} x=${highlighted.box.minX - 0.3} y=${highlighted.box.minY - 0.3}
            width=${highlighted.box.maxX - highlighted.box.minX + 0.6} height=${highlighted.box.maxY - highlighted.box.minY + 0.6}
            fill="none" stroke=${HIGHLIGHT_COLOR} stroke-width=${unit * 1.5} />`
          : nothing
      }
      ${this.highlightNet ? this.renderNetPads(unit, p.parts, this.highlightNet) : nothing}
      ${this.keepouts.length > 0 ? this.renderKeepouts(unit) : nothing}
      ${shown('Notes') ? this.renderMarks(unit, p.parts) : nothing}
    </svg>`;
  }

  /** The pads of the selected net, ringed (the net picked here, on the schematic or in a panel). */
  private renderNetPads(unit: number, parts: BoardPaths['parts'], net: string) {
    return svg`<g data-highlight-net=${net}>${parts.flatMap((part) =>
      part.pads
        .filter((pad) => pad.net === net)
        .map(
          (pad) =>
            svg`<circle data-pad=${`${part.ref}:${pad.number}`} cx=${pad.at[0]} cy=${pad.at[1]} r=${pad.half + unit * 2}
              fill="none" stroke=${HIGHLIGHT_COLOR} stroke-width=${unit * 1.2} />`,
        ),
    )}</g>`;
  }

  /** Keep-out areas: hatched outlines with their names. */
  private renderKeepouts(unit: number) {
    return svg`<g data-layer="Keep-outs">${this.keepouts.map(
      (k) => svg`<g data-keepout=${k.name}>
        <polygon points=${k.polygon.map((p) => p.join(',')).join(' ')} fill=${KEEPOUT_COLOR} fill-opacity="0.18"
          stroke=${KEEPOUT_COLOR} stroke-width=${unit} stroke-dasharray=${`${unit * 4} ${unit * 2}`}>
          <title>keep-out ${k.name}${k.layers ? ` on ${k.layers.join(', ')}` : ''}${k.forbid ? `: no ${k.forbid.join(', ')}` : ''}</title>
        </polygon>
        <text x=${k.polygon[0]![0]} y=${k.polygon[0]![1] - unit * 2} font-size=${unit * 10} fill=${KEEPOUT_COLOR}>${k.name}</text>
      </g>`,
    )}</g>`;
  }

  private renderRoutes(unit: number) {
    return svg`<g data-layer="Routes">${this.routes.map((net) => {
      const hi = net.net === this.highlightNet;
      return svg`<g data-net=${net.net} data-provisional=${net.provisional ? 'true' : 'false'}>
        ${net.tracks.map((t) => {
          const d = `M${t.points.map(([x, y]) => `${x} ${y}`).join('L')}`;
          return net.provisional
            ? svg`<path d=${d} fill="none" stroke=${PROVISIONAL_COLOR} stroke-opacity="0.35" stroke-width=${t.width + unit * 3} stroke-linecap="round" stroke-linejoin="round" />
                <path class="provisional" d=${d} fill="none" stroke=${hi ? HIGHLIGHT_COLOR : PROVISIONAL_COLOR} stroke-width=${t.width} stroke-linecap="round" stroke-linejoin="round" />`
            : svg`<path d=${d} fill="none" stroke=${hi ? HIGHLIGHT_COLOR : copperColor(t.layer)} stroke-width=${t.width} stroke-linecap="round" stroke-linejoin="round" />`;
        })}
        ${(net.vias ?? []).map(
          (v) =>
            svg`<circle cx=${v.x} cy=${v.y} r=${v.size / 2} fill=${net.provisional ? PROVISIONAL_COLOR : VIA_COLOR} /><circle cx=${v.x} cy=${v.y} r=${v.drill / 2} fill=${HOLE_COLOR} />`,
        )}
      </g>`;
    })}</g>`;
  }

  private renderLabels(parts: PlacedPart[]) {
    return svg`<g data-layer="Labels">${parts.map((part) => {
      const size = Math.max(
        0.4,
        Math.min(1.5, (part.box.maxY - part.box.minY) * 0.35, (part.box.maxX - part.box.minX) * 0.25),
      );
      return svg`<text x=${part.center[0]} y=${part.center[1]} font-size=${size} fill="#f0f0f0" fill-opacity="0.8"
        text-anchor="middle" dominant-baseline="central">${part.ref}</text>`;
    })}</g>`;
  }

  private renderMarks(unit: number, parts: PlacedPart[]) {
    return svg`<g data-layer="Notes">${placeMarks(this.marks, parts).map(
      (m) => svg`<g data-mark=${m.mark.id}>
        <title>${m.mark.label}</title>
        ${
          m.box
            ? svg`<rect x=${m.box.minX - 0.5} y=${m.box.minY - 0.5} width=${m.box.maxX - m.box.minX + 1}
              height=${m.box.maxY - m.box.minY + 1} fill="none" stroke=${TARGET_COLOR} stroke-width=${unit * 2}
              stroke-dasharray=${`${unit * 4} ${unit * 2}`} />`
            : nothing
        }
        <circle cx=${m.at[0]} cy=${m.at[1]} r=${unit * 3} fill=${TARGET_COLOR} fill-opacity="0.85" stroke="#000" stroke-width=${unit * 0.6} />
        <text x=${m.at[0]} y=${m.box ? m.box.minY - 0.5 - unit * 3 : m.at[1] - unit * 5} font-size=${unit * 6} fill=${TARGET_COLOR} text-anchor="middle">${m.mark.label}</text>
      </g>`,
    )}</g>`;
  }
}

/** Board positions of the marks whose targets are on this board (lanes, events and sources are not). */
function placeMarks(marks: BoardMark[], parts: PlacedPart[]): PlacedMark[] {
  const out: PlacedMark[] = [];
  for (const mark of marks) {
    const t = mark.target;
    if (t.type === 'point') out.push({ mark, at: [t.x, t.y] });
    else if (t.type === 'footprint') {
      const part = parts.find((p) => p.ref === t.ref);
      if (part) out.push({ mark, at: part.center, box: part.box });
    } else if (t.type === 'pad') {
      const pad = parts.find((p) => p.ref === t.ref)?.pads.find((p) => p.number === t.pad);
      if (pad) out.push({ mark, at: pad.at });
    } else if (t.type === 'net') {
      for (const part of parts) {
        const pad = part.pads.find((p) => p.net === t.net);
        if (pad) {
          out.push({ mark, at: pad.at });
          break;
        }
      }
    }
  }
  return out;
}

/** The smallest footprint whose pad box holds the point (with a little slack). */
function partAt(parts: PlacedPart[], x: number, y: number): PlacedPart | undefined {
  const slack = 0.3;
  let best: PlacedPart | undefined;
  let bestArea = Infinity;
  for (const p of parts) {
    const b = p.box;
    if (x < b.minX - slack || x > b.maxX + slack || y < b.minY - slack || y > b.maxY + slack) continue;
    const area = (b.maxX - b.minX) * (b.maxY - b.minY);
    if (area < bestArea) {
      best = p;
      bestArea = area;
    }
  }
  return best;
}

function fit(box: NonNullable<BoardGeometry['boundingBox']>): ViewBox {
  const margin = Math.max(box.maxX - box.minX, box.maxY - box.minY) * 0.05 + 1;
  return {
    x: box.minX - margin,
    y: box.minY - margin,
    w: box.maxX - box.minX + 2 * margin,
    h: box.maxY - box.minY + 2 * margin,
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

customElements.define('rr-board-view', BoardView);

declare global {
  interface HTMLElementTagNameMap {
    'rr-board-view': BoardView;
  }
}
