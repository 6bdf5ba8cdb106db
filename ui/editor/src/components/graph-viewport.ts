// A drawing in a window of fixed size with fit, zoom and pan: buttons, keys (+ − zoom, arrows pan,
// 0 fits) and dragging. It changes the SVG's viewBox only, so links inside keep working; a box that
// takes the keyboard focus outside the window is brought into view.
import { html, type PropertyValues } from 'lit';
import { LightElement } from './light-element.js';

interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ZOOM_STEP = 1.25;
const PAN_STEP = 0.2;
const MIN_SCALE = 0.05;
const MAX_SCALE = 4;

/** `<rr-graph-viewport .drawing=${svg} label="…">`: the drawing fitted to the window, then zoomed and panned. */
export class GraphViewport extends LightElement {
  static override properties = {
    drawing: { attribute: false },
    label: {},
    view: { state: true },
    scale: { state: true },
  };
  declare drawing: SVGSVGElement | null;
  declare label: string;
  declare view: View | null;
  declare scale: number;
  private full: View = { x: 0, y: 0, w: 1, h: 1 };
  private drag: { x: number; y: number; view: View } | null = null;
  private readonly resize = new ResizeObserver(() => this.measure());

  constructor() {
    super();
    this.drawing = null;
    this.label = 'Drawing';
    this.view = null;
    this.scale = 1;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('drawing') && this.drawing) {
      const box = this.drawing.viewBox.baseVal;
      this.full = { x: box.x, y: box.y, w: box.width || 1, h: box.height || 1 };
      this.drawing.setAttribute('width', '100%');
      this.drawing.setAttribute('height', '100%');
      this.view = { ...this.full };
    }
  }

  protected override updated(): void {
    const frame = this.frame();
    if (frame) this.resize.observe(frame);
    if (this.drawing && this.view) {
      const v = this.view;
      this.drawing.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
      this.measure();
    }
  }

  private frame(): HTMLElement | null {
    return this.querySelector<HTMLElement>('.graph-viewport');
  }

  /** Pixels per drawing unit at the current view (the drawing keeps its proportions). */
  private measure(): void {
    const frame = this.frame();
    if (!frame || !this.view || frame.clientWidth === 0) return;
    const scale = Math.min(frame.clientWidth / this.view.w, frame.clientHeight / this.view.h);
    if (Math.abs(scale - this.scale) > 1e-6) this.scale = scale;
  }

  /** Shows the whole drawing. */
  fit(): void {
    this.view = { ...this.full };
  }

  /** Zooms by a factor (above 1 in, below 1 out) around the centre of the view. */
  zoom(factor: number): void {
    const v = this.view ?? this.full;
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const f = next / this.scale;
    const w = v.w / f;
    const h = v.h / f;
    this.view = { x: v.x + (v.w - w) / 2, y: v.y + (v.h - h) / 2, w, h };
  }

  /** Moves the view by a fraction of its size (positive: right or down). */
  pan(dx: number, dy: number): void {
    const v = this.view ?? this.full;
    this.view = { ...v, x: v.x + dx * v.w, y: v.y + dy * v.h };
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action: Record<string, () => void> = {
      '+': () => this.zoom(ZOOM_STEP),
      '=': () => this.zoom(ZOOM_STEP),
      '-': () => this.zoom(1 / ZOOM_STEP),
      _: () => this.zoom(1 / ZOOM_STEP),
      '0': () => this.fit(),
      ArrowLeft: () => this.pan(-PAN_STEP, 0),
      ArrowRight: () => this.pan(PAN_STEP, 0),
      ArrowUp: () => this.pan(0, -PAN_STEP),
      ArrowDown: () => this.pan(0, PAN_STEP),
    };
    const run = action[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0 || !this.view) return;
    this.drag = { x: e.clientX, y: e.clientY, view: { ...this.view } };
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    const dx = (e.clientX - d.x) / this.scale;
    const dy = (e.clientY - d.y) / this.scale;
    // A click on a box stays a click; only a real movement pans.
    if (Math.abs(e.clientX - d.x) + Math.abs(e.clientY - d.y) < 4) return;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    this.view = { ...d.view, x: d.view.x - dx, y: d.view.y - dy };
  }

  /** A box reached with Tab outside the view is centred. */
  private onFocusIn(e: FocusEvent): void {
    const node = (e.target as Element).closest?.('a')?.querySelector<SVGGraphicsElement>('rect');
    if (!node || !this.view) return;
    const b = node.getBBox();
    const v = this.view;
    if (b.x >= v.x && b.y >= v.y && b.x + b.width <= v.x + v.w && b.y + b.height <= v.y + v.h) return;
    this.view = { ...v, x: b.x + b.width / 2 - v.w / 2, y: b.y + b.height / 2 - v.h / 2 };
  }

  protected override render() {
    const percent = Math.round(this.scale * 100);
    return html`<div class="graph-controls" role="toolbar" aria-label="Zoom and pan the ${this.label}">
        <button type="button" class="secondary" @click=${() => this.fit()}>Fit</button>
        <button type="button" class="secondary" aria-label="Zoom in" @click=${() => this.zoom(ZOOM_STEP)}>
          +
        </button>
        <button
          type="button"
          class="secondary"
          aria-label="Zoom out"
          @click=${() => this.zoom(1 / ZOOM_STEP)}
        >
          −
        </button>
        <button type="button" class="secondary" aria-label="Pan left" @click=${() => this.pan(-PAN_STEP, 0)}>
          ←
        </button>
        <button type="button" class="secondary" aria-label="Pan right" @click=${() => this.pan(PAN_STEP, 0)}>
          →
        </button>
        <button type="button" class="secondary" aria-label="Pan up" @click=${() => this.pan(0, -PAN_STEP)}>
          ↑
        </button>
        <button type="button" class="secondary" aria-label="Pan down" @click=${() => this.pan(0, PAN_STEP)}>
          ↓
        </button>
        <span class="muted graph-scale" role="status">Zoom ${percent}%</span>
      </div>
      <div
        class="graph-viewport"
        tabindex="0"
        role="group"
        aria-label="${this.label}: + and − zoom, arrow keys pan, 0 fits; drag to pan"
        @keydown=${this.onKey}
        @pointerdown=${this.onPointerDown}
        @pointermove=${this.onPointerMove}
        @pointerup=${() => (this.drag = null)}
        @pointercancel=${() => (this.drag = null)}
        @focusin=${this.onFocusIn}
      >
        ${this.drawing}
      </div>
      <p class="muted graph-hint">
        Fit shows every box; + and − zoom, the arrows pan (the same keys work in the drawing), or drag it.
      </p>`;
  }
}
customElements.define('rr-graph-viewport', GraphViewport);
