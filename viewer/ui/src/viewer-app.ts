// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-viewer-app>: the page. Lanes on the left; the selected lane's board and timeline in the middle;
// panels on the right. It follows the experiment live through the LiveStore, keeps the selection and
// timeline position (also in the address bar), and routes what the panels ask for (highlight a part,
// pick note targets, mark draft points, go to a pin) to the board.
import type { Keepout } from '../../src/schematic/design-constraints.js';
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { EventRecord } from './api-types.js';
import { ancestorsOf, boardSource, type BoardSource } from './board-source.js';
import type { BoardMark, BoardPick, BoardView } from './board-view.js';
import { GeometryLoader } from './geometry-loader.js';
import { frameAt, type LaneFrame } from './lane-replay.js';
import { LiveStore } from './live-store.js';
import type { BoardAnnotation, DesignNote, DesignNoteTarget } from './api-types.js';
import { designNoteTargetText } from './design-note-target-text.js';
import type { GotoDetail, SnapshotView } from './viewer-records-panel.js';
import { sharedStyles } from './shared-styles.js';
import type { TimelineMove } from './timeline-scrubber.js';
import type { AboutInfo, Feature } from './api-types.js';
import { availability, unavailableFrom, type FeatureList } from './feature-availability.js';
import { ViewerApi } from './viewer-api.js';
import './board-view.js';
import './detail-tabs.js';
import './lane-tree.js';
import './page-header.js';
import './timeline-scrubber.js';

/** How often the notes are read again (other viewers of the experiment write them too). */
const DESIGN_NOTES_REFRESH_MS = 4000;

export class ViewerApp extends LitElement {
  static override properties = {
    selected: { state: true },
    position: { state: true },
    follow: { state: true },
    highlightRef: { state: true },
    highlightNet: { state: true },
    designNotes: { state: true },
    designNotesProblem: { state: true },
    designNoteTargets: { state: true },
    annotations: { state: true },
    pickMode: { state: true },
    about: { state: true },
    features: { state: true },
    storeVersion: { state: true },
    boardVersion: { state: true },
    keepouts: { state: true },
  };

  readonly api = new ViewerApi();
  readonly store = new LiveStore(this.api);
  selected: string | null = null;
  /** Index on the selected lane's timeline. */
  position = -1;
  /** Whether the position follows the newest event. */
  follow = true;
  highlightRef: string | null = null;
  highlightNet: string | null = null;
  designNotes: DesignNote[] = [];
  designNotesProblem = '';
  /** Targets of the note being written. */
  designNoteTargets: DesignNoteTarget[] = [];
  /** Points marked for the draft being written. */
  annotations: BoardAnnotation[] = [];
  /** What a click on the board does besides highlighting. */
  pickMode: 'note' | 'annotation' | null = null;
  about: AboutInfo | null = null;
  /** GET /api/features, read first: routes of unavailable features are never called. */
  features: FeatureList = null;
  storeVersion = 0;
  /** Bumped when a board geometry arrived. */
  boardVersion = 0;
  /** Keep-out areas of the constraints file, drawn on the board. */
  keepouts: Keepout[] = [];

  private readonly boards = new GeometryLoader(this.api, () => this.boardVersion++);
  private frame: LaneFrame = frameAt([], -1);
  private source: BoardSource | undefined;
  private designNotesTimer: ReturnType<typeof setInterval> | undefined;
  private pendingGoto: GotoDetail | null = null;
  private readonly onStoreChange = () => {
    this.storeVersion = this.store.version;
  };
  private readonly onKey = (e: KeyboardEvent) => this.globalKey(e);

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: grid;
        grid-template-rows: auto 1fr;
        height: 100vh;
        background: #fff;
      }
      main {
        display: grid;
        grid-template-columns: minmax(220px, 280px) minmax(0, 1fr) minmax(320px, 420px);
        min-height: 0;
      }
      nav,
      aside {
        overflow: auto;
        padding: 6px 8px;
        min-height: 0;
      }
      nav {
        border-right: 1px solid #dde3ea;
      }
      aside {
        border-left: 1px solid #dde3ea;
      }
      section.center {
        display: flex;
        flex-direction: column;
        min-height: 0;
        min-width: 0;
        padding: 6px 8px;
        gap: 6px;
      }
      rr-board-view {
        flex: 1;
      }
      .hint {
        padding: 1em;
      }
      .picking {
        background: #fbefff;
        border: 1px solid #c8a2c8;
        border-radius: 4px;
        padding: 2px 8px;
      }
      @media (max-width: 1100px) {
        :host {
          height: auto;
        }
        main {
          grid-template-columns: 1fr;
        }
        section.center {
          min-height: 70vh;
        }
        nav,
        aside {
          border: none;
        }
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    this.readHash();
    this.store.addEventListener('change', this.onStoreChange);
    this.store.start();
    document.addEventListener('keydown', this.onKey);
    this.api.features().then(
      (features) => this.featuresRead(features),
      // Without the list, each feature's route says for itself.
      () => this.featuresRead([]),
    );
    this.api.about().then(
      (about) => {
        this.about = about;
        document.title = `${about.title} · rr viewer`;
      },
      () => undefined,
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.store.removeEventListener('change', this.onStoreChange);
    this.store.stop();
    document.removeEventListener('keydown', this.onKey);
    if (this.designNotesTimer !== undefined) clearInterval(this.designNotesTimer);
  }

  private featuresRead(features: Feature[]): void {
    this.features = features;
    this.api.constraints().then(
      (answer) => (this.keepouts = answer.available ? (answer.constraints.keepouts ?? []) : []),
      // A broken constraints file is reported with the schematic; the board draws no keep-outs.
      () => (this.keepouts = []),
    );
    if (availability(features, 'notes') === 'unavailable') {
      this.designNotesProblem = unavailableFrom(features, 'notes')?.reason ?? '';
      return;
    }
    void this.reloadDesignNotes();
    this.designNotesTimer = setInterval(() => void this.reloadDesignNotes(), DESIGN_NOTES_REFRESH_MS);
  }

  private async reloadDesignNotes(): Promise<void> {
    try {
      this.designNotes = await this.api.designNotes();
      this.designNotesProblem = '';
    } catch (error) {
      this.designNotesProblem = `Could not read the notes: ${(error as Error).message}`;
    }
  }

  /** The selected lane's events, by seq. */
  private laneEvents(): readonly EventRecord[] {
    return this.selected ? this.store.events(this.selected) : [];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Open the first candidate as soon as there is one, so the page shows a board from the start.
    if (!this.selected) {
      const first = this.store.rootLanes().sort((a, b) => a.firstSeq - b.firstSeq)[0];
      if (first) this.selectLane(first.id);
    }
    const events = this.laneEvents();
    if (this.pendingGoto && this.selected === this.pendingGoto.lane && !this.store.loading(this.selected)) {
      const seq = this.pendingGoto.seq;
      let index = events.length - 1;
      while (index > 0 && events[index]!.event.seq > seq) index--;
      this.position = index;
      this.follow = false;
      this.pendingGoto = null;
    } else if (this.follow) this.position = events.length - 1;
    else if (this.position >= events.length) this.position = events.length - 1;
    if (changed.has('selected') || changed.has('position') || changed.has('follow')) this.writeHash();
    this.frame = frameAt(events, this.position);
    if (this.selected && !this.frame.checkpoint)
      // Before its first checkpoint a lane shows an ancestor's: their events are needed.
      for (const lane of ancestorsOf(this.selected, this.store.lanes)) void this.store.openLane(lane);
    this.source = this.selected
      ? boardSource(
          this.frame,
          this.selected,
          this.store.lanes,
          (l) => this.store.events(l),
          this.store.experimentEvents,
        )
      : undefined;
    this.boards.want(this.source?.board, this.store.run);
  }

  private selectLane(lane: string, follow = true): void {
    if (this.selected !== lane) {
      this.selected = lane;
      this.highlightRef = null;
      this.highlightNet = null;
    }
    this.follow = follow;
    void this.store.openLane(lane);
  }

  private switchRun(run: string | null): void {
    this.selected = null;
    this.boards.reset();
    this.store.switchRun(run);
  }

  private onGoto(e: CustomEvent<GotoDetail>): void {
    this.pendingGoto = e.detail;
    this.selectLane(e.detail.lane, false);
    this.requestUpdate();
  }

  private onPick(e: CustomEvent<BoardPick>): void {
    const p = e.detail;
    if (this.pickMode === 'note') {
      const target: DesignNoteTarget = p.ref
        ? { type: 'footprint', ref: p.ref }
        : { type: 'point', x: p.x, y: p.y };
      if (!this.designNoteTargets.some((t) => designNoteTargetText(t) === designNoteTargetText(target)))
        this.designNoteTargets = [...this.designNoteTargets, target];
    } else if (this.pickMode === 'annotation') {
      this.annotations = [
        ...this.annotations,
        { shape: 'point', points: [[p.x, p.y]], ...(p.ref ? { text: p.ref } : {}) },
      ];
    } else {
      this.highlightRef = p.ref ?? null;
      this.highlightNet = p.net ?? null;
    }
  }

  private onTargetShow(e: CustomEvent<{ target: DesignNoteTarget }>): void {
    const t = e.detail.target;
    if (t.type === 'footprint' || t.type === 'pad') this.highlightRef = t.ref;
    else if (t.type === 'net') this.highlightNet = t.net;
    else if (t.type === 'lane') this.selectLane(t.lane);
  }

  /** The board view's pan, zoom and visible layers, as a snapshot records them. */
  private snapshotView(): SnapshotView | null {
    const board = this.renderRoot.querySelector<BoardView>('rr-board-view');
    const index = this.boards.board?.index;
    const v = board?.view;
    const box = index?.boundingBox;
    if (!board || !v || !box) return null;
    const layers = [...index.layers.map((l) => l.name).filter((n) => n.endsWith('.Cu')), 'Edge.Cuts'];
    return {
      center: [Math.round((v.x + v.w / 2) * 1000) / 1000, Math.round((v.y + v.h / 2) * 1000) / 1000],
      zoom: Math.round(((box.maxX - box.minX) / v.w) * 1000) / 1000,
      layers: layers.filter((l) => !board.hiddenLayers.has(l)),
    };
  }

  private globalKey(e: KeyboardEvent): void {
    const target = e.composedPath()[0] as HTMLElement | undefined;
    if (!target || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const n = this.laneEvents().length;
    if (e.key === '[' && n > 0) {
      this.follow = false;
      this.position = Math.max(0, this.position - 1);
    } else if (e.key === ']' && n > 0) {
      this.follow = false;
      this.position = Math.min(n - 1, this.position + 1);
    } else if (e.key === 'Escape' && this.pickMode) this.pickMode = null;
    else return;
    e.preventDefault();
  }

  private readHash(): void {
    const params = new URLSearchParams(location.hash.slice(1));
    const lane = params.get('lane');
    const seq = params.get('seq');
    if (!lane) return;
    if (seq !== null && /^\d+$/.test(seq)) this.pendingGoto = { lane, seq: Number(seq) };
    this.selectLane(lane, seq === null);
  }

  private writeHash(): void {
    if (!this.selected) return;
    const params = new URLSearchParams({ lane: this.selected });
    const seq = this.laneEvents()[this.position]?.event.seq;
    if (!this.follow && seq !== undefined) params.set('seq', String(seq));
    const hash = `#${params.toString()}`;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  override render() {
    const events = this.laneEvents();
    const lane = this.selected ? this.store.lanes.get(this.selected) : undefined;
    return html`<rr-page-header
        .api=${this.api}
        .about=${this.about}
        .experiment=${this.store.experiment}
        .connection=${this.store.connection}
        .laneCount=${this.store.lanes.size}
        .indexing=${this.store.indexing}
        .lanes=${this.store.lanes}
        .runs=${this.store.runs}
        .run=${this.store.run}
        .runningLane=${lane?.status === 'running' ? lane.id : null}
        @run-switch=${(e: CustomEvent<{ run: string | null }>) => this.switchRun(e.detail.run)}
      ></rr-page-header>
      <main>
        <nav aria-label="Lanes">
          <h2>Lanes</h2>
          <rr-lane-tree
            .lanes=${this.store.lanes}
            .version=${this.storeVersion}
            .selected=${this.selected}
            @lane-select=${(e: CustomEvent<{ lane: string }>) => this.selectLane(e.detail.lane)}
          ></rr-lane-tree>
        </nav>
        <section class="center" aria-label="Board and timeline">
          ${
            this.selected
              ? this.renderBoard(events)
              : html`<p class="hint">
                  Waiting for the experiment's first lane; its board and timeline will show here.
                </p>`
          }
        </section>
        <aside aria-label="Details">${this.renderDetails(events)}</aside>
      </main>`;
  }

  private renderBoard(events: readonly EventRecord[]) {
    const lane = this.selected!;
    const frame = this.frame;
    const source = this.source;
    // Footprints move with placement events newer than the board's checkpoint; newer routes go on top.
    const fromSeq = source?.seq ?? -1;
    const placement =
      frame.placement && frame.placement.seq > fromSeq ? frame.placement.footprints : undefined;
    const routes = [...frame.routes.values()].filter((r) => r.seq > fromSeq);
    const provisional = routes.filter((r) => r.provisional).length;
    const caption = [
      lane,
      source
        ? `board: ${source.phase} checkpoint${source.label ? ` "${source.label}"` : ''} of ${source.lane || 'the run'} (seq ${source.seq})`
        : this.store.loading(lane)
          ? 'loading the lane…'
          : 'no checkpoint yet',
      placement ? `footprints at step ${frame.placement!.step}` : '',
      routes.length > 0
        ? `${routes.length} routed nets on top${provisional > 0 ? ` (${provisional} provisional)` : ''}`
        : '',
      this.boards.note,
    ]
      .filter(Boolean)
      .join(' · ');
    return html`
      ${
        this.pickMode
          ? html`<div class="picking" role="status">
              ${
                this.pickMode === 'note'
                  ? 'Click footprints or places on the board to add note targets.'
                  : 'Click the board to mark points for the draft.'
              }
              <button type="button" @click=${() => (this.pickMode = null)}>Done (Esc)</button>
            </div>`
          : nothing
      }
      <rr-board-view
        .board=${this.boards.board}
        .placement=${placement}
        .routes=${routes}
        .marks=${this.boardMarks()}
        .highlightRef=${this.highlightRef}
        .highlightNet=${this.highlightNet}
        .keepouts=${this.keepouts}
        .caption=${caption}
        .loading=${this.boards.loading}
        ?picking=${this.pickMode !== null}
        @board-pick=${this.onPick}
      ></rr-board-view>
      <rr-timeline-scrubber
        .events=${events}
        .position=${this.position}
        .follow=${this.follow}
        @timeline-move=${(e: CustomEvent<TimelineMove>) => {
          this.position = e.detail.index;
          this.follow = e.detail.follow;
        }}
      ></rr-timeline-scrubber>
    `;
  }

  /** Targets of open and accepted notes, of the note being written, and the draft's points. */
  private boardMarks(): BoardMark[] {
    return [
      ...this.designNotes
        .filter((n) => n.status === 'open' || n.status === 'accepted')
        .flatMap((n) => n.targets.map((t, i) => ({ id: `${n.id}:${i}`, label: n.title, target: t }))),
      ...this.designNoteTargets.map((t, i) => ({
        id: `new:${i}`,
        label: `new note: ${designNoteTargetText(t)}`,
        target: t,
      })),
      ...this.annotations.map((a, i) => ({
        id: `draft:${i}`,
        label: `draft point ${i + 1}${a.text ? `: ${a.text}` : ''}`,
        target: { type: 'point' as const, x: a.points[0]![0], y: a.points[0]![1] },
      })),
    ];
  }

  private renderDetails(events: readonly EventRecord[]) {
    const togglePick = (mode: 'note' | 'annotation') =>
      (this.pickMode = this.pickMode === mode ? null : mode);
    return html`<rr-detail-tabs
      .api=${this.api}
      .store=${this.store}
      .features=${this.features}
      .version=${this.storeVersion}
      .lane=${this.selected}
      .events=${events}
      .frame=${this.frame}
      .position=${this.position}
      .highlightRef=${this.highlightRef}
      .highlightNet=${this.highlightNet}
      .designNotes=${this.designNotes}
      .designNotesProblem=${this.designNotesProblem}
      .designNoteTargets=${this.designNoteTargets}
      .annotations=${this.annotations}
      .pickMode=${this.pickMode}
      .view=${this.snapshotView()}
      .boardSource=${this.source}
      .geometry=${this.boards.geometry}
      .run=${this.store.run}
      @highlight=${(e: CustomEvent<{ ref?: string; net?: string }>) => {
        this.highlightRef = e.detail.ref ?? null;
        this.highlightNet = e.detail.net ?? null;
      }}
      @lane-select=${(e: CustomEvent<{ lane: string }>) => this.selectLane(e.detail.lane)}
      @goto=${this.onGoto}
      @marking-toggle=${() => togglePick('annotation')}
      @annotations-clear=${() => (this.annotations = [])}
      @picking-toggle=${() => togglePick('note')}
      @target-add=${(e: CustomEvent<{ target: DesignNoteTarget }>) => (this.designNoteTargets = [...this.designNoteTargets, e.detail.target])}
      @target-remove=${(e: CustomEvent<{ index: number }>) =>
        (this.designNoteTargets = this.designNoteTargets.filter((_, i) => i !== e.detail.index))}
      @targets-clear=${() => {
        this.designNoteTargets = [];
        if (this.pickMode === 'note') this.pickMode = null;
      }}
      @target-show=${this.onTargetShow}
      @design-notes-changed=${() => this.reloadDesignNotes()}
    ></rr-detail-tabs>`;
  }
}

customElements.define('rr-viewer-app', ViewerApp);
