import { html, nothing, type TemplateResult } from 'lit';
import { ENTITY_KINDS } from '../../../../tools/model/entity.js';
import type { EntityKind } from '../api/api-types.js';
import { KIND_LABELS } from '../model/kind-fields.js';
import { parseRoute, ROUTE_REPLACED, type Route } from '../routing/hash-route.js';
import { isAuthor } from '../session/author-setting.js';
import { store, StoreController } from '../session/editor-store.js';
import { LightElement } from './light-element.js';

const NAV: { path: string; label: string; pages: Route['page'][]; kind?: EntityKind }[] = [
  { path: '', label: 'Overview', pages: ['overview'] },
  ...ENTITY_KINDS.map((kind) => ({
    path: `entities/${kind}`,
    label: KIND_LABELS[kind].many,
    pages: ['entities', 'entity', 'edit', 'new'] as Route['page'][],
    kind,
  })),
  { path: 'cases', label: 'Cases', pages: ['cases'] },
  { path: 'graph', label: 'Graph', pages: ['graph'] },
  { path: 'queue', label: 'Work queue', pages: ['queue'] },
  { path: 'changes', label: 'Changes', pages: ['changes'] },
  { path: 'agents', label: 'Agents', pages: ['agents', 'worksheet'] },
  { path: 'review', label: 'Review', pages: ['review'] },
];

/** The editor's shell: top bar with navigation and author, and the page of the current hash route. */
export class EditorApp extends LightElement {
  static override properties = { route: { state: true } };
  declare route: Route;
  private readonly storeController = new StoreController(this);
  private readonly onHashChange = () => this.navigate();
  private focusHeading = false;

  constructor() {
    super();
    this.route = parseRoute(window.location.hash);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHashChange);
    window.addEventListener(ROUTE_REPLACED, this.onHashChange);
    void store().refresh();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('hashchange', this.onHashChange);
    window.removeEventListener(ROUTE_REPLACED, this.onHashChange);
    super.disconnectedCallback();
  }

  private navigate(): void {
    const next = parseRoute(window.location.hash);
    // A filter typed into a page replaces the query only; the page itself does not change.
    const samePage = next.page === this.route.page && next.param === this.route.param;
    this.route = next;
    if (!samePage) {
      this.focusHeading = true;
      window.scrollTo(0, 0);
    }
  }

  protected override updated(): void {
    document.title = this.documentTitle();
    if (!this.focusHeading) return;
    this.focusHeading = false;
    // Keyboard and screen-reader users land on the new page's heading, as after a page load.
    void this.updateComplete.then(() =>
      requestAnimationFrame(() => this.querySelector<HTMLElement>('main h1')?.focus()),
    );
  }

  /** "REQ-003 · VIP-200 … · rr editor": the page, then the project, so tabs and history read well. */
  private documentTitle(): string {
    const { page, param } = this.route;
    const kind = this.entityKindOfRoute();
    const names: Record<Route['page'], string> = {
      overview: 'Overview',
      entities: kind ? (KIND_LABELS[kind]?.many ?? 'Entities') : 'Entities',
      entity: param,
      edit: `Edit ${param}`,
      new: `New ${kind ? (KIND_LABELS[kind]?.one.toLowerCase() ?? '') : ''}`,
      cases: 'Case ledger',
      graph: 'Trace graph',
      queue: 'Work queue',
      changes: 'Changes',
      agents: 'Agents',
      worksheet: 'Attribution worksheet',
      review: 'Review',
      source: this.route.query.get('path') ?? 'Source',
      missing: 'Page not found',
    };
    const project = store().state?.project?.name;
    return [names[page], typeof project === 'string' ? project : '', 'rr editor'].filter(Boolean).join(' · ');
  }

  private entityKindOfRoute(): EntityKind | undefined {
    const { page, param } = this.route;
    if (page === 'entities' || page === 'new') return param as EntityKind;
    if (page === 'entity' || page === 'edit') return store().entity(param)?.kind;
    return undefined;
  }

  private isCurrent(item: (typeof NAV)[number]): boolean {
    if (!item.pages.includes(this.route.page)) return false;
    return item.kind === undefined || item.kind === this.entityKindOfRoute();
  }

  protected override render(): TemplateResult {
    const s = store();
    const authorOk = isAuthor(s.author);
    return html`
      <a class="skip-link" href="#main" @click=${this.skipToMain}>Skip to content</a>
      <header class="top-bar">
        <a class="brand" href="#/">rr editor</a>
        <nav class="main-nav" aria-label="Pages">
          <ul>
            ${NAV.map(
              (item) =>
                html`<li>
                  <a href="#/${item.path}" aria-current=${this.isCurrent(item) ? 'page' : 'false'}
                    >${item.label}${item.path === 'review' ? this.suspectBadge() : nothing}</a
                  >
                </li>`,
            )}
          </ul>
        </nav>
        <div class="author-setting">
          <label for="author-input">Author</label>
          <input
            id="author-input"
            type="text"
            placeholder="Name <name@example.com>"
            autocomplete="name"
            .value=${s.author}
            aria-invalid=${s.author !== '' && !authorOk ? 'true' : 'false'}
            aria-describedby="author-help"
            @change=${(e: Event) => s.setAuthor((e.target as HTMLInputElement).value)}
          />
          <span id="author-help" class="visually-hidden"
            >Edits and commits are attributed to this author.</span
          >
        </div>
      </header>
      ${
        s.loadError
          ? html`<div class="banner error" role="alert">
              <p>The editor cannot reach its server: ${s.loadError}</p>
              <button type="button" class="secondary" @click=${() => void s.refresh()}>Try again</button>
            </div>`
          : nothing
      }
      <main id="main" tabindex="-1">${this.page()}</main>
      <footer class="page-footer">
        <a href="licences.html" target="_blank" rel="noopener">Third-party licences</a>
      </footer>
    `;
  }

  /** The count of suspect links beside Review (docs/change-control.md), when there are any. */
  private suspectBadge(): TemplateResult | typeof nothing {
    const count = store().state?.counts.suspect ?? 0;
    return count > 0
      ? html` <span class="badge warn suspect-count" aria-label="${count} suspect links">${count}</span>`
      : nothing;
  }

  private skipToMain(event: Event): void {
    event.preventDefault();
    this.querySelector<HTMLElement>('main h1')?.focus();
  }

  private page(): TemplateResult {
    const { page, param, query } = this.route;
    switch (page) {
      case 'overview':
        return html`<rr-overview-page></rr-overview-page>`;
      case 'entities':
        return html`<rr-entity-list-page .kind=${param as EntityKind} .query=${query}></rr-entity-list-page>`;
      case 'entity':
        return html`<rr-entity-page .entityId=${param}></rr-entity-page>`;
      case 'edit':
        return html`<rr-entity-form-page .entityId=${param}></rr-entity-form-page>`;
      case 'new':
        return html`<rr-entity-form-page
          .newKind=${param as EntityKind}
          .findingId=${query.get('finding') ?? undefined}
        ></rr-entity-form-page>`;
      case 'cases':
        return html`<rr-case-ledger-page .query=${query}></rr-case-ledger-page>`;
      case 'graph':
        return html`<rr-trace-graph-page .query=${query}></rr-trace-graph-page>`;
      case 'queue':
        return html`<rr-work-queue-page .query=${query}></rr-work-queue-page>`;
      case 'changes':
        return html`<rr-changes-page .query=${query}></rr-changes-page>`;
      case 'agents':
        return html`<rr-agents-page .query=${query}></rr-agents-page>`;
      case 'worksheet':
        return html`<rr-worksheet-page .query=${query}></rr-worksheet-page>`;
      case 'review':
        return html`<rr-link-review-page></rr-link-review-page>`;
      case 'source':
        return html`<rr-source-page .query=${query}></rr-source-page>`;
      case 'missing':
        return html`<h1 tabindex="-1">Page not found</h1>
          <p>No page is at <code>#/${param}</code>. <a href="#/">Go to the overview</a>.</p>`;
    }
  }
}
customElements.define('rr-editor-app', EditorApp);
