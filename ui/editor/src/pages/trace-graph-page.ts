import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import type { EntityKind, TraceGraphAnswer } from '../api/api-types.js';
import { verdictBadge } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { linkedGraphSvg } from '../model/graph-svg.js';
import { KIND_LABELS } from '../model/kind-fields.js';
import { entityHref, replaceQuery } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';
import { LatestRequest, SUPERSEDED } from '../session/latest-request.js';
import { downloadText } from '../session/download.js';

const GRAPH_KINDS: EntityKind[] = ['user_need', 'requirement', 'mitigation', 'risk'];

/** Above this many entities the whole-model graph is drawn only on request. */
const LARGE_GRAPH = 400;

/** The trace graph: focus on an entity's neighbourhood at a depth, filter kinds, export Mermaid. */
export class TraceGraphPage extends LightElement {
  static override properties = {
    query: { attribute: false },
    graph: { state: true },
    drawing: { state: true },
    error: { state: true },
    showMermaid: { state: true },
    tooLarge: { state: true },
  };
  declare query: URLSearchParams;
  declare graph: TraceGraphAnswer | null;
  declare drawing: SVGSVGElement | null;
  declare error: string;
  declare showMermaid: boolean;
  declare tooLarge: number;
  private readonly storeController = new StoreController(this);
  private readonly graphRequest = new LatestRequest();

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.graph = null;
    this.drawing = null;
    this.error = '';
    this.showMermaid = false;
    this.tooLarge = 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('query')) void this.load();
  }

  private kinds(): EntityKind[] {
    const text = this.query.get('kinds');
    return text
      ? (text.split(',').filter((k) => GRAPH_KINDS.includes(k as EntityKind)) as EntityKind[])
      : GRAPH_KINDS;
  }

  private async load(): Promise<void> {
    this.error = '';
    const kinds = this.kinds();
    if (kinds.length === 0) {
      this.graph = { nodes: [], edges: [], svg: '', mermaid: '' };
      this.drawing = null;
      return;
    }
    // Thousands of boxes help nobody and take the server long to lay out: a large model asks for a focus.
    await store().whenLoaded();
    const byKind = store().state?.counts.by_kind;
    const size = kinds.reduce((n, k) => n + (byKind?.[k] ?? 0), 0);
    if (!this.query.get('focus') && size > LARGE_GRAPH && this.query.get('all') !== '1') {
      this.graph = null;
      this.drawing = null;
      this.tooLarge = size;
      return;
    }
    this.tooLarge = 0;
    try {
      const query = {
        focus: this.query.get('focus'),
        depth: this.query.get('focus') ? (this.query.get('depth') ?? '2') : undefined,
        kinds: kinds.length === GRAPH_KINDS.length ? undefined : kinds.join(','),
      };
      const graph = await this.graphRequest.run((signal) =>
        store().api.get<TraceGraphAnswer>('graph', query, signal),
      );
      if (graph === SUPERSEDED) return;
      this.graph = graph;
      this.drawing = linkedGraphSvg(graph.svg, this.query.get('focus') ?? '', entityHref);
    } catch (error) {
      this.error = errorText(error);
      this.graph = null;
      this.drawing = null;
    }
  }

  private setQuery(changes: Record<string, string>): void {
    const next: Record<string, string> = Object.fromEntries(this.query);
    Object.assign(next, changes);
    replaceQuery('graph', next);
    this.query = new URLSearchParams(next);
  }

  private toggleKind(kind: EntityKind, on: boolean): void {
    const kinds = new Set(this.kinds());
    if (on) kinds.add(kind);
    else kinds.delete(kind);
    this.setQuery({ kinds: GRAPH_KINDS.filter((k) => kinds.has(k)).join(',') || 'none' });
  }

  protected override render() {
    const focus = this.query.get('focus') ?? '';
    const depth = this.query.get('depth') ?? '2';
    const kinds = this.kinds();
    const g = this.graph;
    return html`
      <h1 tabindex="-1">Trace graph</h1>
      <form class="toolbar" role="search" @submit=${(e: Event) => e.preventDefault()}>
        <div>
          <label for="graph-focus">Focus on</label>
          <input
            id="graph-focus"
            type="text"
            list="graph-ids"
            placeholder="whole model"
            spellcheck="false"
            autocomplete="off"
            .value=${focus}
            @change=${(e: Event) => this.setQuery({ focus: (e.target as HTMLInputElement).value.trim() })}
          />
          <datalist id="graph-ids">
            ${store()
              .entities.filter((e) => GRAPH_KINDS.includes(e.kind))
              .map((e) => html`<option value=${e.id}>${e.title}</option>`)}
          </datalist>
        </div>
        <div>
          <label for="graph-depth">Depth</label>
          <input
            id="graph-depth"
            type="number"
            min="1"
            max="10"
            .value=${depth}
            ?disabled=${!focus}
            @change=${(e: Event) => this.setQuery({ depth: (e.target as HTMLInputElement).value })}
          />
        </div>
        <fieldset class="inline-choices">
          <legend>Kinds</legend>
          ${GRAPH_KINDS.map(
            (k) =>
              html`<label
                ><input
                  type="checkbox"
                  .checked=${kinds.includes(k)}
                  @change=${(e: Event) => this.toggleKind(k, (e.target as HTMLInputElement).checked)}
                />
                ${KIND_LABELS[k].many}</label
              > `,
          )}
        </fieldset>
        <div class="actions">
          <button
            type="button"
            class="secondary"
            @click=${() => (this.showMermaid = !this.showMermaid)}
            aria-expanded=${this.showMermaid ? 'true' : 'false'}
          >
            Mermaid export
          </button>
          <button
            type="button"
            class="secondary"
            ?disabled=${!g?.mermaid}
            @click=${() => downloadText(`trace-graph${focus ? `-${focus}` : ''}.mmd`, g?.mermaid ?? '', 'text/plain')}
          >
            Download .mmd
          </button>
        </div>
      </form>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      ${
        this.showMermaid && g
          ? html`<label class="stacked-label" for="mermaid-text"
                >Mermaid text (paste into Markdown that renders Mermaid)</label
              >
              <textarea id="mermaid-text" class="selectors" readonly rows="10">${g.mermaid ?? ''}</textarea>`
          : nothing
      }
      ${
        this.tooLarge
          ? html`<div class="banner info" role="status">
              <p>
                The model has ${this.tooLarge} entities of these kinds: too many to read as one drawing. Focus
                on an entity above, or
                <button type="button" class="link" @click=${() => this.setQuery({ all: '1' })}>
                  draw them all</button
                >.
              </p>
            </div>`
          : g
            ? this.picture(g)
            : html`<p aria-live="polite">Loading…</p>`
      }
      ${g ? this.textAlternative(g) : nothing}
    `;
  }

  private picture(g: TraceGraphAnswer): TemplateResult {
    if (g.nodes.length === 0) return html`<p class="muted">No entities to show.</p>`;
    if (!this.drawing)
      return html`<p class="muted">The drawing could not be read; the list below has the graph.</p>`;
    return html`<rr-graph-viewport .drawing=${this.drawing} label="Trace graph"></rr-graph-viewport>
      <p class="muted graph-legend">
        Fill: blue user need, green requirement, amber mitigation, red risk. Border: dashed when unverified or
        partial, thick red when failed or invalid, thickest for the focus. Arrows point from an entity to what
        it serves. Each box links to its entity.
      </p>`;
  }

  private textAlternative(g: TraceGraphAnswer): TemplateResult {
    return html`<details>
      <summary>The graph as a list (${g.nodes.length} entities, ${g.edges.length} links)</summary>
      <ul class="plain-list">
        ${g.nodes.map((n) => {
          const out = g.edges.filter((e) => e.from === n.id);
          return html`<li>
            <a href=${entityHref(n.id)}>${n.id}</a> ${n.title}
            ${n.verdict !== undefined ? verdictBadge(n.verdict) : nothing}
            ${out.length ? html`— ${out.map((e, i) => html`${i ? ', ' : ''}${e.relation} <a href=${entityHref(e.to)}>${e.to}</a>`)}` : nothing}
          </li>`;
        })}
      </ul>
    </details>`;
  }
}
customElements.define('rr-trace-graph-page', TraceGraphPage);
