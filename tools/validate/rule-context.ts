import type { Claim } from '../model/claims.js';
import { claimsOf } from '../model/claims.js';
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

/** Builds the shared indexes of a model. */
export function ruleContext(model: Model): RuleContext {
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const claims: Claim[] = [];
  const claimsByEntity = new Map<string, Claim[]>();
  for (const entity of model.entities) {
    const own = claimsOf(entity, options);
    if (own.length > 0) {
      claims.push(...own);
      claimsByEntity.set(entity.id, own);
    }
  }
  return { model, claims, claimsByEntity, trace: traceIndex(model) };
}
