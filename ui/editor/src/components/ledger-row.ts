// One row of the case ledger: the case, its owner and how it got it, its result, the other entities
// whose claims select it, its lock entry and the Move button. Each entity id shows once in the row.
import { html, nothing, type TemplateResult } from 'lit';
import type { LedgerRow } from '../api/api-types.js';
import { differentLockOwner, otherClaimants } from '../model/ledger-groups.js';
import { entityLink, entityLinks, stateBadge } from './badges.js';

/** A ledger row; `withTarget` adds the target column (the flat list, not grouped by target). */
export function ledgerRow(r: LedgerRow, withTarget: boolean, move: (r: LedgerRow) => void): TemplateResult {
  const pinned = differentLockOwner(r);
  return html`<tr data-case="${r.target} ${r.path}">
    ${withTarget ? html`<td><code>${r.target}</code></td>` : nothing}
    <td>
      <code>${r.path}</code>
      ${r.coarse ? html`<span class="badge warn">coarse</span>` : nothing}
      ${r.flaky ? html`<span class="badge warn">flaky</span>` : nothing}
    </td>
    <td>
      ${
        r.quarantine
          ? html`<span class="badge state-quarantined">quarantined: ${r.quarantine}</span>`
          : r.owner
            ? html`${entityLink(r.owner)} <span class="muted">by ${r.basis ?? 'model'}</span>`
            : html`<span class="muted">none</span>`
      }
    </td>
    <td>${stateBadge(r.result)}</td>
    <td>${entityLinks(otherClaimants(r))}</td>
    <td>
      ${
        r.lock_status === 'unlocked'
          ? html`<span class="muted">not locked</span>`
          : r.lock_status === 'changed'
            ? html`<span class="badge warn">changed</span> pinned to ${pinned ? entityLink(pinned) : 'none'}`
            : html`locked`
      }
    </td>
    <td>
      <button type="button" class="secondary" @click=${() => move(r)}>
        ${r.owner ? 'Move' : 'Assign'}<span class="visually-hidden"> ${r.path}</span>
      </button>
    </td>
  </tr>`;
}
