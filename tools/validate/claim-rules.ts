import type { Claim } from '../model/claims.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { entityName } from '../model/entity.js';
import {
  claimParts,
  claimsByTarget,
  forEachOverlap,
  partPosition,
  partText,
  type ClaimPart,
} from './claim-overlaps.js';
import type { RuleContext } from './rule-context.js';

/**
 * Per-claim rules: bad-target, bad-selector, bare-target-reference, whole-target-reference,
 * glob-selector, and redundant-selector within one entity.
 */
export function claimRules(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const claim of ctx.claims) {
    const id = claim.entity.id;
    const who = entityName(claim.entity);
    if (claim.labelProblem) {
      out.push(diagnostic('bad-target', 'error', `${who}: ${claim.labelProblem}`, claim.at, id));
    }
    if (claim.shape === 'bare-label' || claim.shape === 'target-object') {
      const form = claim.shape === 'bare-label' ? 'a bare label' : 'a target object without cases';
      out.push(
        diagnostic(
          'bare-target-reference',
          'warning',
          `${who}: claim on ${claim.target.trim()} is ${form} (deprecated, claims the whole target); list its cases with "cases:", or write "whole: true" with a reason`,
          claim.at,
          id,
        ),
      );
    }
    if (claim.shape === 'whole' && (claim.reason ?? '').trim() === '') {
      out.push(
        diagnostic(
          'whole-target-reference',
          'warning',
          `${who}: whole-target claim on ${claim.target.trim()} has no reason; say why its cases cannot be claimed one by one`,
          claim.at,
          id,
        ),
      );
    }
    for (const s of claim.selectors) {
      if (s.problem) {
        out.push(
          diagnostic(
            'bad-selector',
            'error',
            `${who}: selector ${JSON.stringify(s.selector.text)}: ${s.problem}`,
            s.at,
            id,
          ),
        );
      } else if (s.selector.glob) {
        out.push(
          diagnostic(
            'glob-selector',
            'warning',
            `${who}: selector "${s.selector.text}" is a glob; it will silently take any new case that matches`,
            s.at,
            id,
          ),
        );
      }
    }
  }
  for (const [, claims] of ctx.claimsByEntity)
    if (mayOverlap(claims)) out.push(...redundantSelectors(claims));
  return out;
}

/**
 * Whether an entity's claims have two parts that could overlap. Most have one target claimed once, by
 * literal cases: then only a case listed twice overlaps.
 */
function mayOverlap(claims: readonly Claim[]): boolean {
  if (claims.length > 1) return true;
  const claim = claims[0];
  if (!claim || claim.wholeTarget) return false;
  const literals = new Set<string>();
  for (const s of claim.selectors) {
    if (s.problem) continue;
    const literal = s.selector.literal;
    if (literal === undefined || literals.has(literal)) return true; // a glob, or a repeat
    literals.add(literal);
  }
  return false;
}

/** Two selectors of one entity on one target that can select the same case (a whole claim selects all). */
function redundantSelectors(claims: Claim[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [label, list] of claimsByTarget(claims)) {
    const seen = new Set<ClaimPart>();
    forEachOverlap(
      claimParts(list),
      () => true,
      (a, b) => {
        if (seen.has(b)) return; // one finding per selector is enough
        seen.add(b);
        const e = b.claim.entity;
        out.push(
          diagnostic(
            'redundant-selector',
            'warning',
            `${entityName(e)}: ${partText(b)} on ${label} can select the same cases as ${partText(a)} (line ${partPosition(a).line}); drop one`,
            partPosition(b),
            e.id,
          ),
        );
      },
    );
  }
  return out;
}
