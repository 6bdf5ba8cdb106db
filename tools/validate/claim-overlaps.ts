import type { Claim, ClaimSelector } from '../model/claims.js';
import { selects, selectorsOverlap } from '../model/selectors.js';
import type { SourcePosition } from '../model/source-position.js';

/** One thing a claim selects on its target: a selector, or the whole target. */
export interface ClaimPart {
  claim: Claim;
  selector?: ClaimSelector;
}

/** Where a claim part is written. */
export function partPosition(part: ClaimPart): SourcePosition {
  return part.selector?.at ?? part.claim.at;
}

/** What a claim part selects, for messages. */
export function partText(part: ClaimPart): string {
  return part.selector ? `"${part.selector.selector.text}"` : 'the whole target';
}

/** The parts of claims on one target, skipping selectors that cannot be used. */
export function claimParts(claims: Claim[]): ClaimPart[] {
  return claims.flatMap((claim) =>
    claim.wholeTarget
      ? [{ claim }]
      : claim.selectors.filter((s) => !s.problem).map((selector) => ({ claim, selector })),
  );
}

/**
 * Calls `found` for each pair of parts (earlier, later by file and position) that can select one case
 * and that `relevant` accepts. Literals are indexed so a target with thousands of literal selectors
 * stays linear.
 */
export function forEachOverlap(
  parts: ClaimPart[],
  relevant: (a: ClaimPart, b: ClaimPart) => boolean,
  found: (a: ClaimPart, b: ClaimPart) => void,
): void {
  const literals = new Map<string, ClaimPart[]>();
  const patterns: ClaimPart[] = []; // globs and whole-target parts
  for (const part of parts) {
    const literal = part.selector?.selector.literal;
    if (literal === undefined) {
      patterns.push(part);
      continue;
    }
    const same = literals.get(literal) ?? [];
    for (const earlier of same) if (relevant(earlier, part)) found(...ordered(earlier, part));
    same.push(part);
    literals.set(literal, same);
  }
  for (let i = 0; i < patterns.length; i++) {
    const p = patterns[i]!;
    for (let j = 0; j < i; j++) {
      const q = patterns[j]!;
      if (
        relevant(q, p) &&
        (!p.selector || !q.selector || selectorsOverlap(q.selector.selector, p.selector.selector))
      ) {
        found(...ordered(q, p));
      }
    }
    for (const [literal, list] of literals) {
      if (p.selector && !selects(p.selector.selector, literal)) continue;
      for (const l of list) if (relevant(l, p)) found(...ordered(l, p));
    }
  }
}

// Parts come in load order, which puts sections in a fixed kind order rather than the order written.
function ordered(a: ClaimPart, b: ClaimPart): [ClaimPart, ClaimPart] {
  const pa = partPosition(a);
  const pb = partPosition(b);
  const later =
    pa.file > pb.file ||
    (pa.file === pb.file && (pa.line > pb.line || (pa.line === pb.line && pa.column > pb.column)));
  return later ? [b, a] : [a, b];
}

/** Groups claims by normalized target label (claims with bad labels are left out). */
export function claimsByTarget(claims: readonly Claim[]): Map<string, Claim[]> {
  const map = new Map<string, Claim[]>();
  for (const c of claims) {
    if (!c.label) continue;
    const list = map.get(c.label);
    if (list) list.push(c);
    else map.set(c.label, [c]);
  }
  return map;
}
