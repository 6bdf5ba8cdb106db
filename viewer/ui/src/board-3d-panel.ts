// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-board-3d-panel>: the 3D tab. Asks the viewer to export the checkpoint the board shows (GET
// /api/3d), follows the export (/api/3d/status: queued, exporting with its time, done, failed with
// KiCad's message), then draws the GLB with three.js (board-3d-scene.ts, loaded only now). Clicking a
// footprint highlights it on the 2D board, and the footprint highlighted elsewhere is highlighted here.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { BoardGeometry, GlbExport } from './api-types.js';
import { checkpointHash } from './lane-replay.js';
import type { BoardSource } from './board-source.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';
import type { Board3dLayer, Board3dScene, Board3dView, FootprintBox } from './board-3d-scene.js';

const LAYER_LABELS: Record<Board3dLayer, string> = {
  board: 'Board',
  copper: 'Copper',
  silkscreen: 'Silkscreen',
  soldermask: 'Solder mask',
  components: 'Components',
  outlines: 'Footprint outlines',
};

export class Board3dPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    source: { attribute: false },
    run: { attribute: false },
    geometry: { attribute: false },
    highlightRef: { attribute: false },
    /** Why this page cannot draw 3D (served as bare files), or ''. */
    unavailable: { type: String },
    job: { state: true },
    problem: { state: true },
    drawn: { state: true },
    hiddenLayers: { state: true },
  };

  api: ViewerApi | null = null;
  source: BoardSource | null = null;
  run: string | null = null;
  geometry: BoardGeometry | null = null;
  highlightRef: string | null = null;
  unavailable = '';
  job: GlbExport | null = null;
  problem = '';
  /** The key of the GLB on the canvas. */
  drawn = '';
  hiddenLayers = new Set<Board3dLayer>();

  private scene: Board3dScene | null = null;
  private board = '';
  private timer = 0;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .stage {
        position: relative;
        height: 360px;
        border-radius: 4px;
        overflow: hidden;
        background: #1d2430;
      }
      canvas {
        width: 100%;
        height: 100%;
        display: block;
        touch-action: none;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 10px;
        align-items: center;
        margin: 4px 0;
      }
      .warning {
        background: #fff8e1;
        border: 1px solid #f0d28a;
        border-radius: 4px;
        padding: 4px 8px;
      }
      ul {
        margin: 2px 0;
        padding-left: 18px;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the tab: ask again (the viewer answers from its cache) and draw anew.
    this.board = '';
    this.drawn = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.clearTimeout(this.timer);
    this.scene?.dispose();
    this.scene = null;
    this.drawn = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const board = this.source ? (checkpointHash(this.source.board) ?? '') : '';
    if (!this.unavailable && this.api && board && board !== this.board) {
      this.board = board;
      void this.ask(false);
    }
    if (changed.has('highlightRef')) this.scene?.highlight(this.highlightRef);
  }

  override render() {
    if (this.unavailable)
      return html`<h2>3D</h2>
        <div class="warning" role="note" data-unavailable="3d">${this.unavailable}</div>`;
    const job = this.job;
    return html`<h2>3D</h2>
      ${!this.source ? html`<p class="muted">Select a lane with a checkpoint to see its board in 3D.</p>` : nothing}
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${job ? this.renderStatus(job) : nothing}
      <div class="bar" ?hidden=${!this.drawn}>
        <span>View:</span>
        ${(['top', 'bottom', 'front', 'side'] as Board3dView[]).map(
          (v) =>
            html`<button type="button" data-view=${v} @click=${() => this.scene?.setView(v)}>${v}</button>`,
        )}
      </div>
      <div class="bar" ?hidden=${!this.drawn} role="group" aria-label="3D layers">
        ${(Object.keys(LAYER_LABELS) as Board3dLayer[]).map(
          (layer) =>
            html`<label
              ><input
                type="checkbox"
                data-layer=${layer}
                .checked=${!this.hiddenLayers.has(layer)}
                @change=${(e: Event) => this.toggle(layer, (e.target as HTMLInputElement).checked)}
              />${LAYER_LABELS[layer]}</label
            >`,
        )}
      </div>
      <div class="stage" ?hidden=${!this.drawn}>
        <canvas
          tabindex="0"
          aria-label="3D board: drag to turn, right-drag or arrow keys to pan, wheel to zoom, click a footprint"
        ></canvas>
      </div>
      ${this.drawn && this.highlightRef ? html`<p>Selected: <strong data-selected>${this.highlightRef}</strong></p>` : nothing}`;
  }

  private renderStatus(job: GlbExport) {
    const seconds = job.elapsedMs !== undefined ? ` (${(job.elapsedMs / 1000).toFixed(1)} s)` : '';
    const state =
      job.state === 'queued'
        ? `Waiting to export${job.waitedForLock ? ': another viewer of this experiment is exporting' : ''}…`
        : job.state === 'exporting'
          ? `KiCad is exporting the board${seconds}…`
          : job.state === 'failed'
            ? `The export failed: ${job.message ?? 'no message'}`
            : `Exported${job.reused ? ' (from the cache)' : ''}${seconds}.`;
    return html`<p
        role="status"
        data-export-state=${job.state}
        class=${job.state === 'failed' ? 'error' : ''}
      >
        ${state}
        ${
          job.state === 'failed'
            ? html`<button type="button" @click=${() => this.ask(true)}>Try again</button>`
            : nothing
        }
      </p>
      ${
        job.warnings.length > 0
          ? html`<details class="warning" role="note" data-export-warnings>
              <summary>
                Drawn without
                ${job.missingModels.length > 0 ? `the 3D models of ${job.missingModels.length} parts` : 'some parts'}
                (KiCad's warnings)
              </summary>
              <ul>
                ${job.warnings.map((w) => html`<li>${w}</li>`)}
              </ul>
            </details>`
          : nothing
      }`;
  }

  private async ask(retry: boolean): Promise<void> {
    const board = this.board;
    window.clearTimeout(this.timer);
    this.problem = '';
    try {
      let job = await this.api!.threedExport(board, this.run, retry);
      while (
        this.isConnected &&
        board === this.board &&
        (job.state === 'queued' || job.state === 'exporting')
      ) {
        this.job = job;
        await new Promise((r) => (this.timer = window.setTimeout(r, 500)));
        job = await this.api!.threedStatus(job.key);
      }
      if (board !== this.board || !this.isConnected) return;
      this.job = job;
      if (job.state === 'done' && job.glb && job.key !== this.drawn) await this.draw(job);
    } catch (error) {
      if (board === this.board) this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  private async draw(job: GlbExport): Promise<void> {
    if (!webglAvailable()) {
      this.problem =
        'This browser cannot draw WebGL (hardware acceleration off?), so the exported board cannot be shown here; the GLB is at ' +
        job.glb;
      return;
    }
    // three.js loads with the first 3D view.
    const { Board3dScene } = await import('./board-3d-scene.js');
    this.scene?.dispose();
    this.drawn = job.key;
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas')!;
    this.scene = new Board3dScene(canvas, (ref) =>
      this.dispatchEvent(
        new CustomEvent('highlight', { detail: ref ? { ref } : {}, bubbles: true, composed: true }),
      ),
    );
    await this.scene.load(job.glb!, footprintBoxes(this.geometry));
    for (const layer of this.hiddenLayers) this.scene.setLayerVisible(layer, false);
    this.scene.highlight(this.highlightRef);
    this.dispatchEvent(
      new CustomEvent('board-3d-drawn', { detail: { key: job.key }, bubbles: true, composed: true }),
    );
  }

  private toggle(layer: Board3dLayer, on: boolean): void {
    const hidden = new Set(this.hiddenLayers);
    if (on) hidden.delete(layer);
    else hidden.add(layer);
    this.hiddenLayers = hidden;
    this.scene?.setLayerVisible(layer, on);
  }

  /** The scene, for the browser tests. */
  get board3d(): Board3dScene | null {
    return this.scene;
  }
}

/** Whether the browser can make a WebGL 2 context (three.js needs one). */
function webglAvailable(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/** Each footprint's pad box from the checkpoint's 2D geometry. */
function footprintBoxes(geometry: BoardGeometry | null): FootprintBox[] {
  const boxes: FootprintBox[] = [];
  for (const fp of geometry?.footprints ?? []) {
    if (fp.pads.length === 0) continue;
    let min: [number, number] = [Infinity, Infinity];
    let max: [number, number] = [-Infinity, -Infinity];
    for (const pad of fp.pads) {
      const r = Math.max(pad.size[0], pad.size[1]) / 2;
      min = [Math.min(min[0], pad.at[0] - r), Math.min(min[1], pad.at[1] - r)];
      max = [Math.max(max[0], pad.at[0] + r), Math.max(max[1], pad.at[1] + r)];
    }
    boxes.push({ ref: fp.reference, min, max, bottom: fp.layer === 'B.Cu' });
  }
  return boxes;
}

customElements.define('rr-board-3d-panel', Board3dPanel);
