import type { Claim } from '../model/claims.js';
import { claimsOf } from '../model/claims.js';
import { stringList, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';

/** Indexes over a model that several rules need, computed once per validation. */
export interface RuleContext {
  model: Model;
  claims: Claim[];
  claimsByEntity: Map<string, Claim[]>;
  /** user need id → non-obsolete requirements that satisfy it */
  satisfiers: Map<string, Entity[]>;
  /** requirement id → non-obsolete requirements that refine it */
  children: Map<string, Entity[]>;
  /** requirement id → mitigations whose implemented_by names it */
  implementedMitigations: Map<string, Entity[]>;
  /** risk id → mitigations linked from either side */
  mitigationsOfRisk: Map<string, Entity[]>;
}

/** Whether an entity is obsolete: it still exists but no longer counts for coverage. */
export function isObsolete(entity: Entity): boolean {
  return entity.data.status === 'obsolete';
}

/** Builds the shared indexes of a model. */
export function ruleContext(model: Model): RuleContext {
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const claims: Claim[] = [];
  const claimsByEntity = new Map<string, Claim[]>();
  const satisfiers = new Map<string, Entity[]>();
  const children = new Map<string, Entity[]>();
  const implementedMitigations = new Map<string, Entity[]>();
  const mitigationsOfRisk = new Map<string, Entity[]>();
  // A parent with many children would make a search of its list per link quadratic: long lists get a
  // set of their members instead.
  const members = new WeakMap<Entity[], Set<Entity>>();
  const add = (map: Map<string, Entity[]>, key: string, entity: Entity) => {
    const list = map.get(key);
    if (!list) {
      map.set(key, [entity]);
      return;
    }
    if (list.length < 16) {
      if (!list.includes(entity)) list.push(entity);
      return;
    }
    let set = members.get(list);
    if (!set) members.set(list, (set = new Set(list)));
    if (set.has(entity)) return;
    set.add(entity);
    list.push(entity);
  };
  for (const entity of model.entities) {
    const own = claimsOf(entity, options);
    if (own.length > 0) {
      claims.push(...own);
      claimsByEntity.set(entity.id, own);
    }
    if (isObsolete(entity)) continue;
    if (entity.kind === 'requirement') {
      for (const id of stringList(entity.data.satisfies)) add(satisfiers, id, entity);
      for (const id of stringList(entity.data.refines)) add(children, id, entity);
    } else if (entity.kind === 'mitigation') {
      for (const id of stringList(entity.data.implemented_by)) {
        add(implementedMitigations, id, entity);
      }
      for (const id of stringList(entity.data.mitigates)) add(mitigationsOfRisk, id, entity);
    } else if (entity.kind === 'risk') {
      for (const id of stringList(entity.data.mitigated_by)) {
        const mitigation = model.byId.get(id);
        if (mitigation?.kind === 'mitigation' && !isObsolete(mitigation))
          add(mitigationsOfRisk, entity.id, mitigation);
      }
    }
  }
  return { model, claims, claimsByEntity, satisfiers, children, implementedMitigations, mitigationsOfRisk };
}
