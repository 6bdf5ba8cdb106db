// What a change would put in question (docs/change-control.md, "Impact"): before a change, the links that
// rest on an entity, the risks whose chain passes through it and the cases of its verification sets;
// for a planned save, the reviewed links it would make suspect.
import { stringList, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
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

/** Risks reached upwards from an entity: a requirement's parents and mitigations, a mitigation's risks. */
function risksAbove(model: Model, start: Entity): Entity[] {
  const implementedBy = new Map<string, Entity[]>();
  const mitigatedBy = new Map<string, Entity[]>();
  for (const e of model.entities) {
    if (e.kind === 'mitigation') {
      for (const id of stringList(e.data.implemented_by)) push(implementedBy, id, e);
      for (const id of stringList(e.data.mitigates)) {
        const risk = model.byId.get(id);
        if (risk) push(mitigatedBy, e.id, risk);
      }
    } else if (e.kind === 'risk') {
      for (const id of stringList(e.data.mitigated_by)) push(mitigatedBy, id, e);
    }
  }
  const out: Entity[] = [];
  const seen = new Set<Entity>([start]);
  const queue: Entity[] = [start];
  while (queue.length > 0) {
    const e = queue.shift()!;
    const up: Entity[] = [];
    if (e.kind === 'risk' && e !== start) out.push(e);
    if (e.kind === 'requirement') {
      for (const id of stringList(e.data.refines)) {
        const parent = model.byId.get(id);
        if (parent) up.push(parent);
      }
      up.push(...(implementedBy.get(e.id) ?? []));
    } else if (e.kind === 'mitigation') up.push(...(mitigatedBy.get(e.id) ?? []));
    for (const next of up)
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  }
  return out;
}

function push(map: Map<string, Entity[]>, key: string, value: Entity): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
