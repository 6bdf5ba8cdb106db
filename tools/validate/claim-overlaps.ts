import type { Claim, ClaimSelector } from '../model/claims.js';
import { GlobPrefixIndex } from '../model/glob-prefix-index.js';
import { globPrefix, globSuffix, selects, selectorsOverlap } from '../model/selectors.js';
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
 * and that `relevant` accepts. Literals are indexed, and globs by their prefix, so a target with
 * thousands of literal and glob selectors stays near linear; pairs come in the order a test of every
 * pattern against every literal gave them.
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
  if (patterns.length === 0) return;
  // For each glob, the literals it selects, in the literals' order: found from each literal's side.
  const globs = new GlobPrefixIndex<number>();
  patterns.forEach((p, i) => p.selector && globs.add(p.selector.selector, i));
  const selected = new Map<number, string[]>();
  for (const literal of literals.keys())
    globs.candidates(literal, (i) => {
      if (!selects(patterns[i]!.selector!.selector, literal)) return;
      const list = selected.get(i);
      if (list) list.push(literal);
      else selected.set(i, [literal]);
    });
  const ends = patterns.map((p) =>
    p.selector
      ? { prefix: globPrefix(p.selector.selector), suffix: globSuffix(p.selector.selector) }
      : undefined,
  );
  const earlierOverlapping = overlapCandidates(patterns, ends, globs);
  for (let i = 0; i < patterns.length; i++) {
    const p = patterns[i]!;
    for (const j of earlierOverlapping(i)) {
      const q = patterns[j]!;
      if (
        relevant(q, p) &&
        (!p.selector ||
          !q.selector ||
          (endsAgree(ends[i]!, ends[j]!) && selectorsOverlap(q.selector.selector, p.selector.selector)))
      ) {
        found(...ordered(q, p));
      }
    }
    for (const literal of p.selector ? (selected.get(i) ?? []) : literals.keys())
      for (const l of literals.get(literal)!) if (relevant(l, p)) found(...ordered(l, p));
  }
}

type Ends = { prefix: string; suffix: string } | undefined;

/**
 * For pattern i, the earlier patterns (ascending) that could select a path it selects: every
 * whole-target part, and the globs whose prefix starts its own or starts with it (two globs with
 * prefixes that differ where both have text select no common path). A whole-target part meets all.
 */
function overlapCandidates(
  patterns: readonly ClaimPart[],
  ends: readonly Ends[],
  globs: GlobPrefixIndex<number>,
): (i: number) => number[] {
  const whole = patterns.flatMap((p, i) => (p.selector ? [] : [i]));
  const sorted = patterns
    .flatMap((p, i) => (p.selector ? [{ prefix: ends[i]!.prefix, i }] : []))
    .sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : a.i - b.i));
  return (i) => {
    if (!patterns[i]!.selector) return Array.from({ length: i }, (_, j) => j);
    const prefix = ends[i]!.prefix;
    const found = new Set<number>();
    for (const j of whole) if (j < i) found.add(j);
    globs.candidates(prefix, (j) => j < i && found.add(j)); // prefixes that start this one
    // Prefixes that start with this one: a run of the sorted list from the first not below it.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.prefix < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < sorted.length && sorted[k]!.prefix.startsWith(prefix); k++)
      if (sorted[k]!.i < i) found.add(sorted[k]!.i);
    return [...found].sort((a, b) => a - b);
  };
}

/** Whether two globs' fixed ends allow a common path: one prefix starts the other, one suffix ends the other. */
function endsAgree(a: { prefix: string; suffix: string }, b: { prefix: string; suffix: string }): boolean {
  const prefixes =
    a.prefix.length <= b.prefix.length ? b.prefix.startsWith(a.prefix) : a.prefix.startsWith(b.prefix);
  if (!prefixes) return false;
  return a.suffix.length <= b.suffix.length ? b.suffix.endsWith(a.suffix) : a.suffix.endsWith(b.suffix);
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
