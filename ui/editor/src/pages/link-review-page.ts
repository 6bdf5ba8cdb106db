// The Review page (docs/change-control.md, "In the editor"): every suspect link, grouped by the parent
// whose text changed, with the parent's changes field by field, and per link Clear (the child is still
// valid), Edit child, or Add note (a gap on the child). Clearing is a checked save attributed to the
// author of the top bar.
import { html, nothing, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { ClearAnswer, LinkReviewJson, SuspectList } from '../api/api-types.js';
import { entityLink } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { entityHref } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';

/** "REQ-002 refines REQ-001": a link's name, as the page's data-link attributes and messages use it. */
export function linkName(l: LinkReviewJson): string {
  return `${l.child} ${l.link} ${l.parent}`;
}

export class LinkReviewPage extends LightElement {
  static override properties = {
    list: { state: true },
    error: { state: true },
    message: { state: true },
    busy: { state: true },
    noting: { state: true },
  };
  declare list: SuspectList | null;
  declare error: string;
  declare message: string;
  declare busy: boolean;
  /** the link whose note form is open */
  declare noting: string;

  constructor() {
    super();
    this.list = null;
    this.error = '';
    this.message = '';
    this.busy = false;
    this.noting = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.list = await store().api.get<SuspectList>('suspect');
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private async clear(body: unknown, what: string): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      const answer = await store().api.post<ClearAnswer>('suspect/clear', body);
      this.message = `Cleared ${answer.cleared.length === 1 ? what : `${answer.cleared.length} links`} as reviewed by ${store().author}.`;
      await Promise.all([this.load(), store().refresh()]);
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private async addNote(l: LinkReviewJson, form: HTMLFormElement): Promise<void> {
    const text = new FormData(form).get('text');
    if (typeof text !== 'string' || text.trim() === '') return;
    const owner = l.childKind ? l.child : l.parent;
    this.busy = true;
    try {
      await store().api.post(`entities/${idSegment(owner)}/notes`, { text, kind: 'gap' });
      this.message = `Added a gap note to ${owner}.`;
      this.noting = '';
      await store().refresh();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render(): TemplateResult {
    const list = this.list;
    return html`
      <h1 tabindex="-1">Review</h1>
      <p class="muted">
        A link is suspect when its parent's normative text changed since the link was reviewed. Look at each
        child: clear the link when it still holds, edit the child, or note a gap.
      </p>
      ${this.message ? html`<div class="banner success" role="status"><p>${this.message}</p></div>` : nothing}
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      ${!list ? html`<p aria-live="polite">Loading…</p>` : this.body(list)}
    `;
  }

  private body(list: SuspectList): TemplateResult {
    if (!list.stamped)
      return html`<p>Change control has not started: no link has been reviewed yet.</p>
        <button
          type="button"
          ?disabled=${this.busy}
          @click=${() => void this.clear({ all: true }, 'every link')}
        >
          Start: mark every link reviewed
        </button>`;
    if (list.links.length === 0) return html`<p class="banner success">No suspect links.</p>`;
    const groups = new Map<string, LinkReviewJson[]>();
    for (const l of list.links) groups.set(l.parent, [...(groups.get(l.parent) ?? []), l]);
    return html`
      <p>
        ${list.count} suspect ${list.count === 1 ? 'link' : 'links'} under ${groups.size}
        ${groups.size === 1 ? 'parent' : 'parents'}.
      </p>
      ${[...groups].map(([parent, links]) => this.group(parent, links))}
    `;
  }

  private group(parent: string, links: LinkReviewJson[]): TemplateResult {
    const changes = links.find((l) => l.changes && l.changes.length > 0)?.changes ?? [];
    return html`<section class="suspect-group" data-parent=${parent}>
      <h2>${entityLink(parent)}</h2>
      ${
        changes.length
          ? html`<dl class="field-changes">
              ${changes.map(
                (c) =>
                  html`<dt>${c.field}</dt>
                    <dd>
                      <p>
                        <span class="muted">was:</span>
                        ${c.beforeKnown ? shown(c.before) : html`<em>changed since review</em>`}
                      </p>
                      <p><span class="muted">now:</span> ${shown(c.after)}</p>
                    </dd>`,
              )}
            </dl>`
          : nothing
      }
      <ul class="plain-list">
        ${links.map((l) => this.row(l))}
      </ul>
    </section>`;
  }

  private row(l: LinkReviewJson): TemplateResult {
    const name = linkName(l);
    const child = l.childKind ? entityLink(l.child) : html`verification set <code>${l.child}</code>`;
    const editTarget = l.childKind ? l.child : l.parent;
    const since = l.reviewedBy
      ? html`<span class="muted">reviewed by ${l.reviewedBy} on ${l.reviewedAt?.slice(0, 10)}</span>`
      : html`<span class="muted">never reviewed</span>`;
    return html`<li class="suspect-link" data-link=${name}>
      <p>${child} ${l.link} ${entityLink(l.parent)} — ${since}</p>
      <div class="actions">
        <button
          type="button"
          ?disabled=${this.busy}
          @click=${() => void this.clear({ links: [{ parent: l.parent, link: l.link, child: l.child }] }, name)}
        >
          Clear
        </button>
        <a class="button secondary" href="${entityHref(editTarget)}/edit"
          >Edit ${l.childKind ? 'child' : 'set'}</a
        >
        <button
          type="button"
          class="secondary"
          @click=${() => (this.noting = this.noting === name ? '' : name)}
        >
          Add note
        </button>
      </div>
      ${
        this.noting === name
          ? html`<form
              class="note-form"
              @submit=${(e: Event) => {
                e.preventDefault();
                void this.addNote(l, e.target as HTMLFormElement);
              }}
            >
              <label for="note-${name}">Gap on ${editTarget}</label>
              <textarea id="note-${name}" name="text" rows="2"></textarea>
              <button type="submit" ?disabled=${this.busy}>Add gap note</button>
            </form>`
          : nothing
      }
    </li>`;
  }
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return '(absent)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

customElements.define('rr-link-review-page', LinkReviewPage);
