// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-detail-tabs>: the side panels as an ARIA tab list (Left/Right, Home/End move between tabs):
// costs, alternatives, nets (with AI net labels when on), pins/drafts/snapshots, notes, problems, Ask
// (when the agent is on), and the features this viewer does not provide, each of which asks its own route why. The panels' events bubble to the page.
import { LitElement, css, html, nothing } from 'lit';
import type { EventRecord, FeatureId, LaneSummary, LiveEventOf } from './api-types.js';
import { availability, type FeatureList } from './feature-availability.js';
import type { LaneFrame } from './lane-replay.js';
import type { LiveStore } from './live-store.js';
import type { BoardAnnotation, DesignNote, DesignNoteTarget } from './api-types.js';
import type { SnapshotView } from './viewer-records-panel.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';
import type { BoardGeometry } from './api-types.js';
import type { BoardSource } from './board-source.js';
import { pageMode } from './page-mode.js';
import './alternatives-panel.js';
import './board-3d-panel.js';
import './schematic-panel.js';
import './cost-panel.js';
import './ask-panel.js';
import './feature-panel.js';
import './net-labels-panel.js';
import './net-status-chart.js';
import './design-notes-panel.js';
import './problems-panel.js';
import './viewer-records-panel.js';
import './source-panel.js';
import './cost-replay-view.js';

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

/**
 * The tabs; the last five are features this viewer may not provide, with their id in the feature list
 * and the route that answers for them.
 */
const TABS: { id: TabId; label: string; route?: string; feature?: FeatureId }[] = [
  { id: 'cost', label: 'Costs' },
  { id: 'alternatives', label: 'Alternatives' },
  { id: 'nets', label: 'Nets' },
  { id: 'records', label: 'Pins' },
  { id: 'notes', label: 'Notes' },
  { id: 'problems', label: 'Problems' },
  { id: 'schematic', label: 'Schematic', route: '/api/schematic', feature: 'schematic' },
  { id: 'source', label: 'Source', route: '/api/source/index', feature: 'source' },
  { id: '3d', label: '3D', route: '/api/3d/status', feature: '3d' },
  { id: 'cost-replay', label: 'Cost replay', route: '/api/component-cost', feature: 'component-cost' },
  { id: 'ask', label: 'Ask', route: '/api/agent/status', feature: 'agent' },
];

const BARE_3D =
  'The 3D view needs the assembled page (three.js is served only from it); this page is served as bare files. Build it with npm run build, or start rr view with --dist pointing at the assembled files.';

export class DetailTabs extends LitElement {
  static override properties = {
    api: { attribute: false },
    store: { attribute: false },
    features: { attribute: false },
    version: { type: Number },
    lane: { attribute: false },
    events: { attribute: false },
    frame: { attribute: false },
    position: { type: Number },
    highlightRef: { attribute: false },
    highlightNet: { attribute: false },
    designNotes: { attribute: false },
    designNotesProblem: { type: String },
    designNoteTargets: { attribute: false },
    annotations: { attribute: false },
    pickMode: { attribute: false },
    view: { attribute: false },
    boardSource: { attribute: false },
    geometry: { attribute: false },
    run: { attribute: false },
    tab: { state: true },
  };

  api: ViewerApi | null = null;
  store: LiveStore | null = null;
  /** The page's feature list (GET /api/features); null while it is being read. */
  features: FeatureList = null;
  /** Changes whenever the store changed. */
  version = 0;
  lane: string | null = null;
  events: readonly EventRecord[] = [];
  frame: LaneFrame | null = null;
  position = -1;
  highlightRef: string | null = null;
  highlightNet: string | null = null;
  designNotes: DesignNote[] = [];
  designNotesProblem = '';
  designNoteTargets: DesignNoteTarget[] = [];
  annotations: BoardAnnotation[] = [];
  pickMode: 'note' | 'annotation' | null = null;
  /** The board's view, for snapshots. */
  view: SnapshotView | null = null;
  /** The checkpoint the board shows, and its geometry (the 3D view exports and outlines it). */
  boardSource: BoardSource | null = null;
  geometry: BoardGeometry | null = null;
  run: string | null = null;
  tab: TabId = 'cost';

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
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
    `,
  ];

  override render() {
    return html`<div role="tablist" aria-label="Panels" @keydown=${this.onTabKey}>
        ${TABS.map(
          (t) =>
            html`<button
              type="button"
              role="tab"
              id=${`tab-${t.id}`}
              class=${t.feature && availability(this.features, t.feature) !== 'available' ? 'unavailable' : ''}
              aria-selected=${this.tab === t.id ? 'true' : 'false'}
              aria-controls="tabpanel"
              tabindex=${this.tab === t.id ? 0 : -1}
              @click=${() => (this.tab = t.id)}
            >
              ${t.label}
            </button>`,
        )}
      </div>
      <div id="tabpanel" role="tabpanel" aria-labelledby=${`tab-${this.tab}`}>${this.renderPanel()}</div>`;
  }

  private onTabKey(e: KeyboardEvent): void {
    const i = TABS.findIndex((t) => t.id === this.tab);
    const moves: Record<string, number> = {
      ArrowRight: (i + 1) % TABS.length,
      ArrowLeft: (i - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.tab = TABS[next]!.id;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`#tab-${this.tab}`)?.focus(),
    );
  }

  private renderPanel() {
    const tab = TABS.find((t) => t.id === this.tab)!;
    const store = this.store;
    const available = tab.feature !== undefined && availability(this.features, tab.feature) === 'available';
    if (tab.id === 'source' && available)
      return html`<rr-source-panel .api=${this.api} .highlightRef=${this.highlightRef}></rr-source-panel>`;
    if (tab.id === 'cost-replay' && available) return this.renderCostReplay();
    if (tab.id === 'ask' && available) return html`<rr-ask-panel .api=${this.api}></rr-ask-panel>`;
    if (tab.id === '3d' && availability(this.features, '3d') === 'available')
      return html`<rr-board-3d-panel
        .api=${this.api}
        .source=${this.boardSource}
        .geometry=${this.geometry}
        .run=${this.run}
        .highlightRef=${this.highlightRef}
        .unavailable=${pageMode() === 'bare' ? BARE_3D : ''}
      ></rr-board-3d-panel>`;
    if (tab.id === 'schematic' && availability(this.features, 'schematic') === 'available')
      return html`<rr-schematic-panel
        .api=${this.api}
        .lane=${this.lane}
        .highlightRef=${this.highlightRef}
        .highlightNet=${this.highlightNet}
      ></rr-schematic-panel>`;
    if (tab.route)
      return html`<rr-feature-panel
        .api=${this.api}
        .heading=${tab.label}
        .route=${tab.route}
        .feature=${tab.feature ?? ''}
        .features=${this.features}
      ></rr-feature-panel>`;
    if (!this.lane && (tab.id === 'cost' || tab.id === 'nets'))
      return html`<p class="empty">
        Select a lane to see its ${tab.id === 'cost' ? 'placement costs' : 'net routing status'}.
      </p>`;
    const frame = this.frame;
    const experimentEvents = (store?.experimentEvents ?? []).map((r) => r.event);
    switch (tab.id) {
      case 'cost':
        return html`<rr-cost-panel
          .events=${this.events}
          .frame=${frame}
          .highlightRef=${this.highlightRef}
          .api=${this.api}
          .run=${store?.run ?? null}
          ?replay=${availability(this.features, 'component-cost') === 'available'}
        ></rr-cost-panel>`;
      case 'alternatives':
        return html`<rr-alternatives-panel
          .lane=${this.lane}
          .laneDecisions=${frame?.alternatives ?? []}
          .experimentDecisions=${experimentEvents.filter(
            (e): e is LiveEventOf<'alternatives'> => e.kind === 'alternatives',
          )}
        ></rr-alternatives-panel>`;
      case 'nets': {
        const lane = this.lane ? store?.lanes.get(this.lane) : undefined;
        const rounds = (lane?.children ?? [])
          .map((id) => store?.lanes.get(id))
          .filter((l): l is LaneSummary => l?.kind === 'round');
        return html`<rr-net-status-chart
            .events=${this.events}
            .position=${this.position}
            .rounds=${rounds}
            .highlightNet=${this.highlightNet}
          ></rr-net-status-chart>
          <rr-net-labels-panel .api=${this.api} .highlightNet=${this.highlightNet}></rr-net-labels-panel>`;
      }
      case 'records':
        return html`<rr-viewer-records-panel
          .api=${this.api}
          .lane=${this.lane}
          .run=${store?.run ?? null}
          .frame=${frame}
          .view=${this.view}
          .annotations=${this.annotations}
          ?marking=${this.pickMode === 'annotation'}
        ></rr-viewer-records-panel>`;
      case 'notes':
        return html`<rr-design-notes-panel
          .api=${this.api}
          .lane=${this.lane}
          .run=${store?.run ?? null}
          .frame=${frame}
          .notes=${this.designNotes}
          .problem=${this.designNotesProblem}
          .targets=${this.designNoteTargets}
          ?picking=${this.pickMode === 'note'}
        ></rr-design-notes-panel>`;
      case 'problems':
        return html`<rr-problems-panel
          .problems=${[...(store?.problems.values() ?? [])]}
          .errors=${[...experimentEvents, ...(frame?.errors ?? [])].filter(
            (e): e is LiveEventOf<'error'> => e.kind === 'error',
          )}
          .restartStatus=${store?.restartStatus ?? null}
        ></rr-problems-panel>`;
      default:
        return nothing;
    }
  }

  /** The Cost replay tab: a footprint of the position's placement, replayed beside its recorded terms. */
  private renderCostReplay() {
    if (!this.lane) return html`<p class="empty">Select a lane to replay a footprint's placement cost.</p>`;
    const refs = (this.frame?.placement?.footprints ?? []).map((f) => f.ref).sort();
    const ref = this.highlightRef && refs.includes(this.highlightRef) ? this.highlightRef : (refs[0] ?? '');
    return html`<h2>Cost replay</h2>
      <label
        >Footprint
        <select
          aria-label="Footprint to replay"
          @change=${(e: Event) =>
            this.dispatchEvent(
              new CustomEvent('highlight', {
                detail: { ref: (e.target as HTMLSelectElement).value },
                bubbles: true,
                composed: true,
              }),
            )}
        >
          ${refs.map((r) => html`<option value=${r} ?selected=${r === ref}>${r}</option>`)}
        </select></label
      >
      <rr-cost-replay
        .api=${this.api}
        .run=${this.store?.run ?? null}
        .frame=${this.frame}
        .ref=${ref}
      ></rr-cost-replay>`;
  }
}

customElements.define('rr-detail-tabs', DetailTabs);
