// What a change would put in question (docs/change-control.md, "The workflow"): before a change, the links that
// rest on an entity, the risks whose chain passes through it and the cases of its verification sets;
// for a planned save, the reviewed links it would make suspect.
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { traceIndex } from '../trace/trace-index.js';
import { linkReviews, type LinkReview } from './link-reviews.js';
import { reviewLinks, type ReviewLink } from './review-links.js';

/** What a change to one entity's normative text would make suspect. */
export interface ChangeImpact {
  entity: Entity;
  /** the links whose parent it is: children, implementing requirements, mitigations, verification sets */
  links: ReviewLink[];
  /** the risks whose chain (refines, implements, mitigates) passes through it, nearest first */
  risks: Entity[];
}

/** The impact of changing an entity. Pure: no I/O. */
export function changeImpact(model: Model, entity: Entity): ChangeImpact {
  return {
    entity,
    links: reviewLinks(model).filter((l) => l.parent === entity),
    risks: risksAbove(model, entity),
  };
}

/** The links that are reviewed in `before` and suspect in `after` (a save's precheck counts them). */
export function newlySuspect(before: Model, after: Model): LinkReview[] {
  if (!after.reviewed) return [];
  const reviewed = new Set(
    linkReviews(before)
      .filter((r) => r.state === 'reviewed')
      .map((r) => r.link.key),
  );
  return linkReviews(after).filter((r) => r.state === 'suspect' && reviewed.has(r.link.key));
}

/** Risks reached upwards from an entity through live trace links (refines, implements, mitigates). */
function risksAbove(model: Model, start: Entity): Entity[] {
  const trace = traceIndex(model);
  const out: Entity[] = [];
  const seen = new Set<Entity>([start]);
  const queue: Entity[] = [start];
  while (queue.length > 0) {
    const e = queue.shift()!;
    if (e.kind === 'risk' && e !== start) out.push(e);
    for (const next of trace.up(e.id, 'refines', 'implements', 'mitigates'))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  }
  return out;
}
