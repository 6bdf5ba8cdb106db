// The links change control watches (docs/change-control.md, "Links"): each trace link from a child to
// the parent it rests on, and each verification set (a claim) to the entity it verifies.
import { claimsOf } from '../model/claims.js';
import { positionOf, stringList, type Entity, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { linkKey, type LinkRelation } from '../model/review-stamps.js';
import type { SourcePosition } from '../model/source-position.js';

/** One watched link. */
export interface ReviewLink {
  key: string;
  parent: Entity;
  link: LinkRelation;
  /** the child's id, or the verification set's target label */
  child: string;
  /** the child entity; undefined for a verification set */
  childEntity?: Entity;
  /** where the link is written */
  at: SourcePosition;
}

const FIELD_LINKS: readonly {
  kind: EntityKind;
  field: string;
  link: LinkRelation;
  parent: EntityKind;
  reverse?: boolean;
}[] = [
  { kind: 'requirement', field: 'satisfies', link: 'satisfies', parent: 'user_need' },
  { kind: 'requirement', field: 'refines', link: 'refines', parent: 'requirement' },
  { kind: 'mitigation', field: 'mitigates', link: 'mitigates', parent: 'risk' },
  // Written on the parent's side: the requirement (child) implements the mitigation, the mitigation
  // (child) mitigates the risk.
  { kind: 'mitigation', field: 'implemented_by', link: 'implements', parent: 'mitigation', reverse: true },
  { kind: 'risk', field: 'mitigated_by', link: 'mitigates', parent: 'risk', reverse: true },
];

/** Every watched link of a model, in load order, each once; links of obsolete children are left out. */
export function reviewLinks(model: Model): ReviewLink[] {
  const out: ReviewLink[] = [];
  const seen = new Set<string>();
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const add = (link: Omit<ReviewLink, 'key'>) => {
    const key = linkKey(link.parent.id, link.link, link.child);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ key, ...link });
  };
  for (const entity of model.entities) {
    for (const spec of FIELD_LINKS) {
      if (entity.kind !== spec.kind) continue;
      const value = entity.data[spec.field];
      stringList(value).forEach((id, i) => {
        const other = model.byId.get(id);
        if (!other) return;
        const [parent, child] = spec.reverse ? [entity, other] : [other, entity];
        if (parent.kind !== spec.parent || isObsolete(child)) return;
        if (spec.reverse && child.kind !== (spec.link === 'implements' ? 'requirement' : 'mitigation'))
          return;
        const path = Array.isArray(value) ? `${spec.field}/${i}` : spec.field;
        add({ parent, link: spec.link, child: child.id, childEntity: child, at: positionOf(entity, path) });
      });
    }
    if (isObsolete(entity)) continue;
    for (const claim of claimsOf(entity, options)) {
      add({
        parent: entity,
        link: claim.field === 'validated_by' ? 'validates' : 'verifies',
        child: claim.label ?? claim.target,
        at: claim.at,
      });
    }
  }
  return out;
}

function isObsolete(entity: Entity): boolean {
  return entity.data.status === 'obsolete';
}
