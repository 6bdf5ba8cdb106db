// Pieces several page kinds show the same way: a verdict, a field's value, a paged table.
import { escapeHtml, html, type Markup, type Part } from '../markup.js';
import { entityLink } from './page.js';

/** A verdict as a labelled badge ("—" when there is none). */
export function verdictBadge(verdict: string | null): Markup {
  if (verdict === null) return html`<span class="verdict none">—</span>`;
  return html`<span class="verdict v-${verdict.toLowerCase()}">${verdict}</span>`;
}

/** A case's result as a labelled span, as a string (it is written once per case, of a few results). */
export function stateSpan(state: string): string {
  let span = STATE_SPANS.get(state);
  if (span === undefined) {
    const text = escapeHtml(state);
    span = `<span class="state s-${state.includes(' ') ? escapeHtml(state.replace(/ /g, '-')) : text}">${text}</span>`;
    STATE_SPANS.set(state, span);
  }
  return span;
}

const STATE_SPANS = new Map<string, string>();

/** A list of entity ids as links, comma-separated. */
export function entityLinks(ids: readonly string[], known: ReadonlyMap<string, unknown>): Markup {
  return html`${ids.map((id, i) => html`${i > 0 ? ', ' : ''}${known.has(id) ? entityLink(id) : html`<span class="dangling">${id}</span>`}`)}`;
}

/** A field's value as written: text, a list, or nested objects as definition lists. */
export function fieldValue(value: unknown): Markup {
  if (value === null || value === undefined) return html`<span class="empty">—</span>`;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return html`${value.map((v) => String(v as string | number | boolean | null)).join(', ')}`;
    return html`<ol class="items">
      ${value.map((v) => html`<li>${fieldValue(v)}</li>`)}
    </ol>`;
  }
  if (typeof value === 'object') {
    return html`<dl class="nested">
      ${Object.entries(value as Record<string, unknown>).map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd>${fieldValue(v)}</dd>`,
      )}
    </dl>`;
  }
  return html`${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/** A table row's cells. */
export function cells(values: readonly Part[]): Markup {
  return html`${values.map((v) => html`<td>${v}</td>`)}`;
}

/** The file name of piece `index` of a paged page: "matrix.html", "matrix-2.html", … */
export function pieceName(base: string, index: number): string {
  return index === 0 ? `${base}.html` : `${base}-${index + 1}.html`;
}

/** Links to every piece of a paged page, the current one marked. */
export function pieceNav(base: string, count: number, current: number, label: string): Markup {
  if (count <= 1) return html``;
  return html`<nav class="pieces" aria-label="${label} pages">
    <ul>
      ${Array.from({ length: count }, (_, i) =>
        i === current
          ? html`<li><span aria-current="page">${i + 1}</span></li>`
          : html`<li><a href="${pieceName(base, i)}">${i + 1}</a></li>`,
      )}
    </ul>
  </nav>`;
}
