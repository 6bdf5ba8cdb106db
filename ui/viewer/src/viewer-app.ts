// <rr-viewer-app>: the page. Lanes on the left; the selected lane's board and timeline in the middle;
// panels on the right (costs, alternatives, nets, pins/drafts/snapshots, notes, problems, and the
// features this viewer does not provide). It follows the experiment live through the LiveStore.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { BoardGeometry, EventRecord, LaneSummary, LiveEventOf } from './api-types.js';
import type { BoardMark, BoardPick, BoardView } from './board-view.js';
import { checkpointHash, frameAt, type LaneFrame } from './lane-replay.js';
import { LiveStore } from './live-store.js';
import type { Annotation, DesignNote, NoteTarget } from './record-types.js';
import { targetText } from './record-types.js';
import type { GotoDetail, SnapshotView } from './records-panel.js';
import { sharedStyles } from './shared-styles.js';
import type { TimelineMove } from './timeline-scrubber.js';
import { ViewerApi, type AboutInfo } from './viewer-api.js';
import './alternatives-panel.js';
import './board-view.js';
import './cost-panel.js';
import './feature-panel.js';
import './lane-tree.js';
import './net-status-chart.js';
import './notes-panel.js';
import './problems-panel.js';
import './records-panel.js';
import './run-controls.js';
import './timeline-scrubber.js';

type TabId =
  | 'cost'
  | 'alternatives'
  | 'nets'
  | 'records'
  | 'notes'
  | 'problems'
  | 'schematic'
  | 'source'
  | '3d'
  | 'cost-replay'
  | 'ask';

/** Tabs of the side panel; the last five are features this viewer may not provide (with their route). */
const TABS: { id: TabId; label: string; route?: string }[] = [
  { id: 'cost', label: 'Costs' },
  { id: 'alternatives', label: 'Alternatives' },
  { id: 'nets', label: 'Nets' },
  { id: 'records', label: 'Pins' },
  { id: 'notes', label: 'Notes' },
  { id: 'problems', label: 'Problems' },
  { id: 'schematic', label: 'Schematic', route: '/api/schematic' },
  { id: 'source', label: 'Source', route: '/api/source/index' },
  { id: '3d', label: '3D', route: '/api/3d/status' },
  { id: 'cost-replay', label: 'Cost replay', route: '/api/component-cost' },
  { id: 'ask', label: 'Ask', route: '/api/agent/status' },
];

/** How often the notes are read again. */
const NOTES_REFRESH_MS = 4000;

/** Most board geometries kept in the page. */
const GEOMETRIES_KEPT = 8;

/** Where the board of a lane's position comes from. */
interface BoardSource {
  board: string;
  /** The lane whose checkpoint it is (an ancestor when the lane has none yet). */
  lane: string;
  seq: number;
  phase: string;
  label?: string;
}

export class ViewerApp extends LitElement {
  static override properties = {
    selected: { state: true },
    position: { state: true },
    follow: { state: true },
    tab: { state: true },
    geometry: { state: true },
    geometryNote: { state: true },
    geometryLoading: { state: true },
    highlightRef: { state: true },
    highlightNet: { state: true },
    notes: { state: true },
    notesProblem: { state: true },
    noteTargets: { state: true },
    annotations: { state: true },
    pickMode: { state: true },
    about: { state: true },
    storeVersion: { state: true },
  };

  readonly api = new ViewerApi();
  readonly store = new LiveStore(this.api);
  selected: string | null = null;
  /** Index on the selected lane's timeline. */
  position = -1;
  /** Whether the position follows the newest event. */
  follow = true;
  tab: TabId = 'cost';
  geometry: BoardGeometry | null = null;
  geometryNote = '';
  geometryLoading = false;
  highlightRef: string | null = null;
  highlightNet: string | null = null;
  notes: DesignNote[] = [];
  notesProblem = '';
  noteTargets: NoteTarget[] = [];
  annotations: Annotation[] = [];
  pickMode: 'note' | 'annotation' | null = null;
  about: AboutInfo | null = null;
  storeVersion = 0;

  private frame: LaneFrame = frameAt([], -1);
  private source: BoardSource | undefined;
  private notesTimer: ReturnType<typeof setInterval> | undefined;
  private readonly geometries = new Map<string, Promise<BoardGeometry>>();
  private wantedBoard: string | null = null;
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
      header {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 16px;
        align-items: baseline;
        padding: 6px 12px;
        border-bottom: 1px solid #dde3ea;
        background: #f4f6f9;
      }
      h1 {
        font-size: 15px;
        margin: 0;
      }
      .conn-lost {
        color: #b3261e;
        font-weight: 600;
      }
      header a {
        color: #1a4fb3;
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
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: 2px;
        border-bottom: 1px solid #dde3ea;
        margin-bottom: 6px;
      }
      [role='tab'] {
        border: 1px solid transparent;
        border-bottom: none;
        background: none;
        border-radius: 4px 4px 0 0;
        padding: 3px 8px;
      }
      [role='tab'][aria-selected='true'] {
        border-color: #dde3ea;
        background: #fff;
        font-weight: 600;
        margin-bottom: -1px;
      }
      [role='tab'].unavailable {
        color: #5d6673;
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
          max-height: none;
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
    void this.reloadNotes();
    this.notesTimer = setInterval(() => void this.reloadNotes(), NOTES_REFRESH_MS);
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
    if (this.notesTimer !== undefined) clearInterval(this.notesTimer);
  }

  /** Reads the design notes again (other viewers of the experiment write them too). */
  private async reloadNotes(): Promise<void> {
    try {
      this.notes = await this.api.notes();
      this.notesProblem = '';
    } catch (error) {
      this.notesProblem = `Could not read the notes: ${(error as Error).message}`;
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
    this.source = this.selected ? this.boardSource(this.frame) : undefined;
    this.loadGeometry(this.source?.board);
  }

  /** The board to draw for the position: the lane's latest checkpoint, else an ancestor's, else the run's input. */
  private boardSource(frame: LaneFrame): BoardSource | undefined {
    if (frame.checkpoint)
      return {
        board: frame.checkpoint.board,
        lane: frame.checkpoint.lane,
        seq: frame.checkpoint.seq,
        phase: frame.checkpoint.phase,
        ...(frame.checkpoint.label ? { label: frame.checkpoint.label } : {}),
      };
    const limit = frame.seq >= 0 ? frame.seq : Infinity;
    for (
      let lane = this.lanes().get(this.selected ?? '')?.parent ?? null;
      lane;
      lane = this.lanes().get(lane)?.parent ?? null
    ) {
      void this.store.openLane(lane);
      const cp = [...this.store.events(lane)]
        .reverse()
        .map((r) => r.event)
        .find((e): e is LiveEventOf<'checkpoint'> => e.kind === 'checkpoint' && e.seq <= limit);
      if (cp)
        return {
          board: cp.board,
          lane,
          seq: cp.seq,
          phase: cp.phase,
          ...(cp.label ? { label: cp.label } : {}),
        };
    }
    const runStart = this.store.experimentEvents
      .map((r) => r.event)
      .find((e): e is LiveEventOf<'run_start'> => e.kind === 'run_start' && e.board !== undefined);
    return runStart?.board
      ? { board: runStart.board, lane: '', seq: runStart.seq, phase: 'input', label: 'input board' }
      : undefined;
  }

  private lanes(): Map<string, LaneSummary> {
    return this.store.lanes;
  }

  /** Fetches the geometry of a board (once; a few are kept) and shows it when it is still wanted. */
  private loadGeometry(board: string | undefined): void {
    if ((board ?? null) === this.wantedBoard) return;
    this.wantedBoard = board ?? null;
    this.geometryLoading = false;
    if (!board) {
      this.geometry = null;
      this.geometryNote = '';
      return;
    }
    const sha = checkpointHash(board);
    if (!sha) {
      this.geometryNote = `The checkpoint ${board} is not named by its sha256; it cannot be drawn.`;
      this.geometry = null;
      return;
    }
    let pending = this.geometries.get(sha);
    if (!pending) {
      pending = this.api.geometry(sha, this.store.run);
      this.geometries.set(sha, pending);
      while (this.geometries.size > GEOMETRIES_KEPT)
        this.geometries.delete(this.geometries.keys().next().value!);
      pending.catch(() => this.geometries.delete(sha));
    }
    this.geometryNote = 'Loading the board…';
    this.geometryLoading = true;
    pending.then(
      (g) => {
        if (this.wantedBoard !== board) return;
        this.geometry = g;
        this.geometryNote = '';
        this.geometryLoading = false;
      },
      (error: unknown) => {
        if (this.wantedBoard !== board) return;
        this.geometry = null;
        this.geometryNote = `The board ${board} cannot be shown: ${(error as Error).message}`;
        this.geometryLoading = false;
      },
    );
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

  private onTimelineMove(e: CustomEvent<TimelineMove>): void {
    this.position = e.detail.index;
    this.follow = e.detail.follow;
  }

  private onGoto(e: CustomEvent<GotoDetail>): void {
    this.pendingGoto = e.detail;
    this.selectLane(e.detail.lane, false);
    this.requestUpdate();
  }

  private onPick(e: CustomEvent<BoardPick>): void {
    const p = e.detail;
    if (this.pickMode === 'note') {
      const target: NoteTarget = p.ref
        ? { type: 'footprint', ref: p.ref }
        : { type: 'point', x: p.x, y: p.y };
      if (!this.noteTargets.some((t) => targetText(t) === targetText(target)))
        this.noteTargets = [...this.noteTargets, target];
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

  private onHighlight(e: CustomEvent<{ ref?: string; net?: string }>): void {
    this.highlightRef = e.detail.ref ?? null;
    this.highlightNet = e.detail.net ?? null;
  }

  private onTargetShow(e: CustomEvent<{ target: NoteTarget }>): void {
    const t = e.detail.target;
    if (t.type === 'footprint' || t.type === 'pad') this.highlightRef = t.ref;
    else if (t.type === 'net') this.highlightNet = t.net;
    else if (t.type === 'lane') this.selectLane(t.lane);
  }

  /** The board view's pan, zoom and visible layers, as a snapshot records them. */
  private snapshotView(): SnapshotView | null {
    const board = this.renderRoot.querySelector<BoardView>('rr-board-view');
    const v = board?.view;
    const box = this.geometry?.boundingBox;
    if (!board || !v || !box) return null;
    const layers = [
      ...(this.geometry?.layers.map((l) => l.name).filter((n) => n.endsWith('.Cu')) ?? []),
      'Edge.Cuts',
    ];
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
      this.position = Math.min(n - 1, this.position + 1);
      this.follow = false;
    } else if (e.key === 'Escape' && this.pickMode) this.pickMode = null;
    else return;
    e.preventDefault();
  }

  private readHash(): void {
    const params = new URLSearchParams(location.hash.slice(1));
    const lane = params.get('lane');
    const seq = params.get('seq');
    if (lane) {
      if (seq !== null && /^\d+$/.test(seq)) this.pendingGoto = { lane, seq: Number(seq) };
      this.selectLane(lane, seq === null);
    }
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
    const frame = this.frame;
    const source = this.source;
    return html`${this.renderHeader()}
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
          ${this.selected ? this.renderBoard(events, frame, source) : html`<p class="hint">Waiting for the experiment's first lane; its board and timeline will show here.</p>`}
        </section>
        <aside aria-label="Details">${this.renderTabs(events, frame)}</aside>
      </main>`;
  }

  private renderHeader() {
    const x = this.store.experiment;
    const c = this.store.connection;
    const source = this.about?.source;
    return html`<header>
      <h1>${this.about?.title ?? x?.name ?? 'rr viewer'}</h1>
      <span data-experiment-status
        >${x ? `${x.name ?? 'experiment'}: ${x.status}` : 'waiting for the experiment'}</span
      >
      ${x?.best ? html`<span>best: ${x.best.lane} at ${x.best.cost}</span>` : nothing}
      <span class=${c.state === 'lost' ? 'conn-lost' : 'muted'} role="status">
        ${c.state === 'live' ? `live · ${this.store.lanes.size} lanes` : c.state === 'connecting' ? 'connecting…' : `connection lost: ${c.message}; retrying`}
      </span>
      <rr-run-controls
        .api=${this.api}
        .running=${x?.status === 'running'}
        .lane=${this.selected && this.store.lanes.get(this.selected)?.status === 'running' ? this.selected : null}
      ></rr-run-controls>
      ${
        this.store.runs.length > 1
          ? html`<label
              >Run
              <select @change=${(e: Event) => this.switchRun((e.target as HTMLSelectElement).value)}>
                ${this.store.runs.map((r) => html`<option value=${r.root ? '' : r.path} ?selected=${(r.root ? null : r.path) === this.store.run}>${r.path}</option>`)}
              </select>
            </label>`
          : nothing
      }
      ${
        source?.tree
          ? html`<a href=${source.tree} rel="noreferrer"
              >source ${source.revision?.slice(0, 10)}${source.modified ? ' (modified)' : ''}</a
            >`
          : this.about
            ? html`<span class="muted">rr ${this.about.version}</span>`
            : nothing
      }
    </header>`;
  }

  private switchRun(run: string): void {
    this.selected = null;
    this.geometry = null;
    this.wantedBoard = null;
    this.store.switchRun(run === '' ? null : run);
  }

  private renderBoard(events: readonly EventRecord[], frame: LaneFrame, source: BoardSource | undefined) {
    const lane = this.selected!;
    const loading = this.store.loading(lane);
    // Footprints move with placement events newer than the board's checkpoint; routes newer than it are drawn on top.
    const fromSeq = source?.seq ?? -1;
    const placement =
      frame.placement && frame.placement.seq > fromSeq ? frame.placement.footprints : undefined;
    const routes = [...frame.routes.values()].filter((r) => r.seq > fromSeq);
    const provisional = routes.filter((r) => r.provisional).length;
    const caption = [
      lane,
      source
        ? `board: ${source.phase} checkpoint${source.label ? ` "${source.label}"` : ''} of ${source.lane || 'the run'} (seq ${source.seq})`
        : loading
          ? 'loading the lane…'
          : 'no checkpoint yet',
      placement ? `footprints at step ${frame.placement!.step}` : '',
      routes.length > 0
        ? `${routes.length} routed nets on top${provisional > 0 ? ` (${provisional} provisional)` : ''}`
        : '',
      this.geometryNote,
    ]
      .filter(Boolean)
      .join(' · ');
    const marks: BoardMark[] = [
      ...this.notes
        .filter((n) => n.status === 'open' || n.status === 'accepted')
        .flatMap((n) => n.targets.map((t, i) => ({ id: `${n.id}:${i}`, label: n.title, target: t }))),
      ...this.noteTargets.map((t, i) => ({ id: `new:${i}`, label: `new note: ${targetText(t)}`, target: t })),
      ...this.annotations.map((a, i) => ({
        id: `draft:${i}`,
        label: `draft point ${i + 1}${a.text ? `: ${a.text}` : ''}`,
        target: { type: 'point' as const, x: a.points[0]![0], y: a.points[0]![1] },
      })),
    ];
    return html`
      ${
        this.pickMode
          ? html`<div class="picking" role="status">
              ${this.pickMode === 'note' ? 'Click footprints or places on the board to add note targets.' : 'Click the board to mark points for the draft.'}
              <button type="button" @click=${() => (this.pickMode = null)}>Done (Esc)</button>
            </div>`
          : nothing
      }
      <rr-board-view
        .geometry=${this.geometry}
        .placement=${placement}
        .routes=${routes}
        .marks=${marks}
        .highlightRef=${this.highlightRef}
        .highlightNet=${this.highlightNet}
        .caption=${caption}
        .loading=${this.geometryLoading}
        ?picking=${this.pickMode !== null}
        @board-pick=${this.onPick}
      ></rr-board-view>
      <rr-timeline-scrubber
        .events=${events}
        .position=${this.position}
        .follow=${this.follow}
        @timeline-move=${this.onTimelineMove}
      ></rr-timeline-scrubber>
    `;
  }

  private renderTabs(events: readonly EventRecord[], frame: LaneFrame) {
    return html`<div role="tablist" aria-label="Panels" @keydown=${this.onTabKey}>
        ${TABS.map(
          (t) =>
            html`<button
              type="button"
              role="tab"
              id=${`tab-${t.id}`}
              class=${t.route ? 'unavailable' : ''}
              aria-selected=${this.tab === t.id ? 'true' : 'false'}
              aria-controls="tabpanel"
              tabindex=${this.tab === t.id ? 0 : -1}
              @click=${() => (this.tab = t.id)}
            >
              ${t.label}
            </button>`,
        )}
      </div>
      <div id="tabpanel" role="tabpanel" aria-labelledby=${`tab-${this.tab}`}>
        ${this.renderPanel(events, frame)}
      </div>`;
  }

  private onTabKey(e: KeyboardEvent): void {
    const i = TABS.findIndex((t) => t.id === this.tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    this.tab = TABS[next]!.id;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`#tab-${this.tab}`)?.focus(),
    );
  }

  private renderPanel(events: readonly EventRecord[], frame: LaneFrame) {
    const tab = TABS.find((t) => t.id === this.tab)!;
    if (tab.route)
      return html`<rr-feature-panel
        .api=${this.api}
        .heading=${tab.label}
        .route=${tab.route}
      ></rr-feature-panel>`;
    const experimentDecisions = this.store.experimentEvents
      .map((r) => r.event)
      .filter((e): e is LiveEventOf<'alternatives'> => e.kind === 'alternatives');
    if (!this.selected && (tab.id === 'cost' || tab.id === 'nets'))
      return html`<p class="empty">
        Select a lane to see its ${tab.id === 'cost' ? 'placement costs' : 'net routing status'}.
      </p>`;
    switch (tab.id) {
      case 'cost':
        return html`<rr-cost-panel
          .events=${events}
          .frame=${frame}
          .highlightRef=${this.highlightRef}
          @highlight=${this.onHighlight}
        ></rr-cost-panel>`;
      case 'alternatives':
        return html`<rr-alternatives-panel
          .lane=${this.selected}
          .laneDecisions=${frame.alternatives}
          .experimentDecisions=${experimentDecisions}
          @lane-select=${(e: CustomEvent<{ lane: string }>) => this.selectLane(e.detail.lane)}
        ></rr-alternatives-panel>`;
      case 'nets': {
        const lane = this.selected ? this.store.lanes.get(this.selected) : undefined;
        const rounds = (lane?.children ?? [])
          .map((id) => this.store.lanes.get(id))
          .filter((l): l is LaneSummary => l?.kind === 'round');
        return html`<rr-net-status-chart
          .events=${events}
          .position=${this.position}
          .rounds=${rounds}
          .highlightNet=${this.highlightNet}
          @highlight=${this.onHighlight}
        ></rr-net-status-chart>`;
      }
      case 'records':
        return html`<rr-records-panel
          .api=${this.api}
          .lane=${this.selected}
          .run=${this.store.run}
          .frame=${frame}
          .view=${this.snapshotView()}
          .annotations=${this.annotations}
          ?marking=${this.pickMode === 'annotation'}
          @marking-toggle=${() => (this.pickMode = this.pickMode === 'annotation' ? null : 'annotation')}
          @annotations-clear=${() => (this.annotations = [])}
          @goto=${this.onGoto}
        ></rr-records-panel>`;
      case 'notes':
        return html`<rr-notes-panel
          .api=${this.api}
          .lane=${this.selected}
          .run=${this.store.run}
          .frame=${frame}
          .notes=${this.notes}
          .problem=${this.notesProblem}
          .targets=${this.noteTargets}
          ?picking=${this.pickMode === 'note'}
          @picking-toggle=${() => (this.pickMode = this.pickMode === 'note' ? null : 'note')}
          @target-add=${(e: CustomEvent<{ target: NoteTarget }>) => (this.noteTargets = [...this.noteTargets, e.detail.target])}
          @target-remove=${(e: CustomEvent<{ index: number }>) => (this.noteTargets = this.noteTargets.filter((_, i) => i !== e.detail.index))}
          @targets-clear=${() => {
            this.noteTargets = [];
            if (this.pickMode === 'note') this.pickMode = null;
          }}
          @target-show=${this.onTargetShow}
          @notes-changed=${() => this.reloadNotes()}
        ></rr-notes-panel>`;
      case 'problems': {
        const errors = [...this.store.experimentEvents.map((r) => r.event), ...frame.errors].filter(
          (e): e is LiveEventOf<'error'> => e.kind === 'error',
        );
        return html`<rr-problems-panel
          .problems=${[...this.store.problems.values()]}
          .errors=${errors}
          .restartStatus=${this.store.restartStatus}
        ></rr-problems-panel>`;
      }
      default:
        return nothing;
    }
  }
}

customElements.define('rr-viewer-app', ViewerApp);
