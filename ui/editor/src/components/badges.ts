// Small inline pieces shared by pages: verdict and state badges, entity links, file positions.
import { html, nothing, type TemplateResult } from 'lit';
import { entityHref } from '../routing/hash-route.js';

/** A verdict as a coloured badge (text, not colour alone, carries the meaning). */
export function verdictBadge(verdict: string | null | undefined): TemplateResult | typeof nothing {
  if (!verdict) return html`<span class="badge neutral">no verdict</span>`;
  return html`<span class="badge verdict-${verdict}">${verdict}</span>`;
}

/** A set member's or case's state as a badge. */
export function stateBadge(state: string): TemplateResult {
  return html`<span class="badge state-${state.replace(/\s+/g, '-')}">${state}</span>`;
}

/** A link to an entity page. */
export function entityLink(id: string): TemplateResult {
  return html`<a href=${entityHref(id)}>${id}</a>`;
}

/** A comma-separated list of entity links, or a dash. */
export function entityLinks(ids: readonly string[] | undefined): TemplateResult {
  if (!ids || ids.length === 0) return html`<span class="muted">—</span>`;
  return html`${ids.map((id, i) => html`${i > 0 ? ', ' : ''}${entityLink(id)}`)}`;
}

/** `file:line:column` of a position. */
export function position(file: string | undefined, line?: number, column?: number): string {
  if (!file) return '';
  return `${file}${line ? `:${line}` : ''}${line && column ? `:${column}` : ''}`;
}
