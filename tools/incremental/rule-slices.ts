import type { Claim } from '../model/claims.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Entity } from '../model/entity.js';
import { claimRules } from '../validate/claim-rules.js';
import { coverageRules } from '../validate/coverage-rules.js';
import { parentRules, refinesCycles } from '../validate/hierarchy-rules.js';
import { configLevelRules, entityLevelRules } from '../validate/level-rules.js';
import { riskRules } from '../validate/risk-rules.js';
import type { EntityClaims, RuleContext } from '../validate/rule-context.js';
import { sharedCaseRule } from '../validate/shared-case-rule.js';

// The batch rules (tools/validate) stay the single source of truth: the incremental engine runs them
// unchanged on slices of the model, a context whose entity and claim lists are cut down while the
// indexes (byId, children, satisfiers, mitigations) stay whole. A rule that walks entities or claims
// one at a time then reports exactly its findings for the slice; the few that look across entities
// (refines cycles, claims of two entities on one target, the config's own levels) run on slices of
// their own, keyed by what they read (docs/incremental.md).

/** A context whose entities are `entities` and whose claims are theirs; indexes are the whole model's. */
export function sliceContext(ctx: RuleContext, entities: Entity[], claims?: Claim[]): RuleContext {
  const claimsByEntity = new Map<string, Claim[]>();
  const own: Claim[] = [];
  for (const e of entities) {
    const list = ctx.claimsByEntity.get(e.id);
    if (list && list[0]?.entity === e) {
      claimsByEntity.set(e.id, list);
      own.push(...list);
    }
  }
  return {
    ...ctx,
    model: { ...ctx.model, entities },
    claims: claims ?? own,
    claimsByEntity,
  };
}

/**
 * Every finding of the per-entity rules about `entities` (one file's), cross-entity ones left out;
 * `own` is their claims (the file's part of the model's).
 */
export function entityRuleFindings(ctx: RuleContext, entities: Entity[], own: EntityClaims): Diagnostic[] {
  const { claims, claimsByEntity } = own;
  const slice: RuleContext = { ...ctx, model: { ...ctx.model, entities }, claims, claimsByEntity };
  return [
    ...coverageRules(slice),
    ...riskRules(slice),
    ...parentRules(slice),
    ...claimRules(slice),
    // Config levels are checked once, by configRuleFindings; claims' and test methods' levels here.
    ...entityLevelRules(slice),
  ];
}

/**
 * refines-cycle over the whole model: only requirements that refine something can be on a cycle, and
 * the walk visits them in load order as the batch rule does, so the slice finds the same cycles.
 */
export function cycleFindings(ctx: RuleContext): Diagnostic[] {
  const refining = ctx.model.entities.filter((e) => e.kind === 'requirement' && e.data.refines !== undefined);
  return refinesCycles(sliceContext(ctx, refining, []));
}

/** The config's own level checks (bad-config), which name no entity. */
export function configRuleFindings(ctx: RuleContext): Diagnostic[] {
  return configLevelRules(ctx);
}

/** shared-case between claims on one target: the rule run on that target's claims alone. */
export function targetRuleFindings(ctx: RuleContext, claims: Claim[]): Diagnostic[] {
  return sharedCaseRule({ ...withoutEntities(ctx), claims });
}

/** A context with no entities and no claims, made once per context (one per target would be many). */
const emptySlices = new WeakMap<RuleContext, RuleContext>();

function withoutEntities(ctx: RuleContext): RuleContext {
  let slice = emptySlices.get(ctx);
  if (!slice) emptySlices.set(ctx, (slice = sliceContext(ctx, [], [])));
  return slice;
}
