// The suspect banner of an entity page (docs/change-control.md): the entity's links that are suspect,
// as child or as parent, with a link to the Review page.
import { html, nothing, type PropertyValues } from 'lit';
import type { SuspectList } from '../api/api-types.js';
import { LightElement } from './light-element.js';
import { store } from '../session/editor-store.js';

export class SuspectBanner extends LightElement {
  static override properties = { entityId: { attribute: false }, list: { state: true } };
  declare entityId: string;
  declare list: SuspectList | null;

  constructor() {
    super();
    this.entityId = '';
    this.list = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('entityId')) void this.load();
  }

  private async load(): Promise<void> {
    const id = this.entityId;
    const list = await store()
      .api.get<SuspectList>('suspect', { entity: id })
      .catch(() => null);
    if (id === this.entityId) this.list = list;
  }

  protected override render() {
    const links = this.list?.links ?? [];
    if (links.length === 0) return nothing;
    return html`<div class="banner warning suspect-banner" role="status">
      <p>
        <strong>Suspect:</strong> ${links.length} ${links.length === 1 ? 'link' : 'links'} of ${this.entityId}
        rest on a text that changed since review:
        ${links.map((l, i) => html`${i > 0 ? ', ' : ''}<code>${l.child} ${l.link} ${l.parent}</code>`)}.
        <a href="#/review">Review</a>
      </p>
    </div>`;
  }
}

customElements.define('rr-suspect-banner', SuspectBanner);
