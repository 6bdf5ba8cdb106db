import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { claimParts, claimsByTarget, forEachOverlap, partPosition, partText } from './claim-overlaps.js';
import { entityName } from '../model/entity.js';
import type { RuleContext } from './rule-context.js';

/**
 * shared-case decided statically: claims of two entities on one target that can select one case
 * (literal against literal, glob against literal or glob, whole target against anything). Reported
 * once per pair of entities and target, at the later claim.
 */
export function sharedCaseRule(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [label, claims] of claimsByTarget(ctx.claims)) {
    // One claim cannot share a case with another entity's.
    if (claims.length < 2) continue;
    const reported = new Set<string>();
    forEachOverlap(
      claimParts(claims),
      (a, b) => a.claim.entity !== b.claim.entity,
      (a, b) => {
        const key = [a.claim.entity.id, b.claim.entity.id].sort().join('\u0000');
        if (reported.has(key)) return;
        reported.add(key);
        const first = partPosition(a);
        const ea = a.claim.entity;
        const eb = b.claim.entity;
        out.push(
          diagnostic(
            'shared-case',
            'error',
            `${entityName(eb)} (${partText(b)}) and ${entityName(ea)} (${partText(a)} at ${first.file}:${first.line}) can both claim a case of ${label}; a test case verifies at most one entity, so narrow one of the claims`,
            partPosition(b),
            eb.id,
          ),
        );
      },
    );
  }
  return out;
}
