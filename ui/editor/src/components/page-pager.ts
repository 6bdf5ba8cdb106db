import { html, nothing } from 'lit';
import { LightElement } from './light-element.js';

/** Previous/next paging of a long list; emits `page-change` with the new page (0-based) as detail. */
export class PagePager extends LightElement {
  static override properties = {
    total: { type: Number },
    page: { type: Number },
    pageSize: { type: Number, attribute: 'page-size' },
    label: { type: String },
  };
  declare total: number;
  declare page: number;
  declare pageSize: number;
  declare label: string;

  constructor() {
    super();
    this.total = 0;
    this.page = 0;
    this.pageSize = 100;
    this.label = 'Pages';
  }

  private go(page: number): void {
    this.dispatchEvent(new CustomEvent('page-change', { detail: page, bubbles: true }));
  }

  protected override render() {
    const pages = Math.max(1, Math.ceil(this.total / this.pageSize));
    const first = this.total === 0 ? 0 : this.page * this.pageSize + 1;
    const last = Math.min(this.total, (this.page + 1) * this.pageSize);
    return html`<nav class="pager" aria-label=${this.label}>
      <button
        type="button"
        class="secondary"
        ?disabled=${this.page <= 0}
        @click=${() => this.go(this.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">${first}–${last} of ${this.total}</span>
      <button
        type="button"
        class="secondary"
        ?disabled=${this.page >= pages - 1}
        @click=${() => this.go(this.page + 1)}
      >
        Next
      </button>
    </nav>`;
  }
}
customElements.define('rr-page-pager', PagePager);

/** The pager of a list of `total` rows, or nothing when one page holds them all. */
export function pagerFor(
  total: number,
  page: number,
  pageSize: number,
  label: string,
  onPage: (page: number) => void,
) {
  return total > pageSize
    ? html`<rr-page-pager
        .total=${total}
        .page=${page}
        .pageSize=${pageSize}
        label=${label}
        @page-change=${(e: CustomEvent<number>) => onPage(e.detail)}
      ></rr-page-pager>`
    : nothing;
}
