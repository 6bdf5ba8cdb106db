import type { Claim } from '../model/claims.js';
import { claimsOf } from '../model/claims.js';
import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { traceIndex, type TraceIndex } from '../trace/trace-index.js';

/** Indexes over a model that several rules need, computed once per validation. */
export interface RuleContext {
  model: Model;
  claims: Claim[];
  claimsByEntity: Map<string, Claim[]>;
  /** the model's trace links (tools/trace/trace-index.ts) */
  trace: TraceIndex;
}

/** The claims of some of a model's entities (all, or one file's), in order and by entity id. */
export interface EntityClaims {
  claims: Claim[];
  claimsByEntity: Map<string, Claim[]>;
}

/** Reads the claims of `entities` under the model's config. */
export function claimsOfEntities(entities: readonly Entity[], config: Config): EntityClaims {
  const options = config.main_repo ? { mainRepo: config.main_repo } : {};
  const claims: Claim[] = [];
  const claimsByEntity = new Map<string, Claim[]>();
  for (const entity of entities) {
    const own = claimsOf(entity, options);
    if (own.length > 0) {
      claims.push(...own);
      claimsByEntity.set(entity.id, own);
    }
  }
  return { claims, claimsByEntity };
}

/** Builds the shared indexes of a model. */
export function ruleContext(model: Model): RuleContext {
  return { model, ...claimsOfEntities(model.entities, model.config), trace: traceIndex(model) };
}
