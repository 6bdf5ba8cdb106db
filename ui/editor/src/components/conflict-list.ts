import { html, nothing, type TemplateResult } from 'lit';
import type { Problem } from '../api/api-types.js';
import { entityLink, entityLinks } from './badges.js';

/** The case a conflict names, as text ('' when it names none). */
export function conflictCase(c: Problem): string {
  return 'case' in c && c.case ? `${c.case.target} ${c.case.path}` : '';
}

/**
 * Conflicts of a refused or prechecked save: code, message, case, the entities involved and the
 * case's present owner (docs/api.md, "One-owner conflicts").
 */
export function conflictList(
  conflicts: readonly Problem[],
  heading: string,
  id?: string,
): TemplateResult | typeof nothing {
  if (conflicts.length === 0) return nothing;
  return html`<div class="conflicts" role="alert" id=${id ?? nothing}>
    <strong>${heading}</strong>
    <ul>
      ${conflicts.map(
        (c) =>
          html`<li>
            <code>${c.code}</code>: ${c.message}
            ${conflictCase(c) ? html`<br />Case <code>${conflictCase(c)}</code>` : nothing}
            ${'entities' in c && c.entities.length ? html`<br />Entities: ${entityLinks(c.entities)}` : nothing}
            ${'owner' in c && c.owner ? html`<br />Present owner: ${entityLink(c.owner)}` : nothing}
          </li>`,
      )}
    </ul>
  </div>`;
}

/** Notices (not refusals) of a save, e.g. `takes-from-tag`. */
export function noticeList(notices: readonly Problem[]): TemplateResult | typeof nothing {
  if (notices.length === 0) return nothing;
  return html`<div class="notices" role="status">
    <strong>Notices</strong>
    <ul>
      ${notices.map(
        (c) =>
          html`<li>
            <code>${c.code}</code>: ${c.message}
            ${conflictCase(c) ? html` (case <code>${conflictCase(c)}</code>)` : nothing}
          </li>`,
      )}
    </ul>
  </div>`;
}
