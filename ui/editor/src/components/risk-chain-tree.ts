// A risk's chain as a tree of nested lists: risk → mitigations → requirements → needs, each entry with
// its relation, id, title and verdict. Only the risk's own chain: the server leaves other risks out.
import { html, nothing, type TemplateResult } from 'lit';
import type { ChainNode } from '../api/api-types.js';
import { entityLink, verdictBadge } from './badges.js';

/** The chain below the risk: its mitigations, or a line saying no mitigation controls it. */
export function riskChainTree(root: ChainNode): TemplateResult {
  if (root.children.length === 0) return html`<p class="muted">No mitigation controls ${root.id}.</p>`;
  return html`<ul class="chain-tree" aria-label="Chain of ${root.id}">
    ${chainEntry(root)}
  </ul>`;
}

function chainEntry(n: ChainNode): TemplateResult {
  return html`<li class="chain-node kind-${n.kind.replace(/_/g, '-')}" data-id=${n.id}>
    ${n.relation ? html`<span class="muted">${n.relation}</span> ` : nothing}${entityLink(n.id)} ${n.title}
    ${verdictBadge(n.verdict)}
    ${
      n.children.length
        ? html`<ul>
            ${n.children.map(chainEntry)}
          </ul>`
        : nothing
    }
  </li>`;
}
