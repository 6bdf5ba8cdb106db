import { join } from 'node:path';
import type { Claim } from '../model/claims.js';
import type { Config } from '../model/config.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { entityName, type Entity } from '../model/entity.js';
import type { QuarantineRule } from '../model/rule-catalog.js';
import { GlobPrefixIndex } from '../model/glob-prefix-index.js';
import { selects, type Selector } from '../model/selectors.js';
import type { Evidence, TargetEvidence, TestCase } from '../evidence/test-case.js';
import { claimsByTarget } from '../validate/claim-overlaps.js';

/** How a case got its owner: a claim of the model, or (hybrid mode) the case's own single tag. */
export type Basis = 'model' | 'tag';

/** One case of the evidence with the one owner attribution gives it, or none. */
export interface AttributedCase {
  case: TestCase;
  owner: string | null;
  basis: Basis | null;
  /** entities whose claims select the case, sorted */
  claimedBy: string[];
  /** the claim that gives the owner, when the basis is the model */
  claim?: Claim;
  quarantine: QuarantineRule | null;
  /** entities a quarantine makes INVALID: claimers, taggers and the owner it had (set by settleQuarantines) */
  implicated: string[];
  /** owned through a whole-target claim on a target that reports per-case results */
  coarse: boolean;
  /** the level the case counts at: its own, else the owning claim's, else config.default_provided_level */
  level: string;
}

const VERIFIABLE = new Set(['requirement', 'user_need', 'mitigation']);

/**
 * Decides exactly one owner (or none) per case: claims select cases; two claimers share the case
 * (quarantine); a multi-id tag quarantines; with no claimer, hybrid mode lets a single-id tag own it.
 */
export function attributeCases(
  claims: readonly Claim[],
  evidence: Evidence,
  config: Config,
  byId: ReadonlyMap<string, Entity>,
): Attribution {
  const diagnostics: Diagnostic[] = [];
  const byTarget = claimsByTarget(claims);
  const cases: AttributedCase[] = [];
  for (const target of evidence.targets.values()) {
    const one = attributeTarget(target, byTarget.get(target.target) ?? [], config, byId, evidence.root);
    for (const a of one.cases) cases.push(a);
    for (const d of one.diagnostics) diagnostics.push(d);
  }
  return { cases, diagnostics };
}

/** The cases attribution gives owners to, and what it found. */
export interface Attribution {
  cases: AttributedCase[];
  diagnostics: Diagnostic[];
}

/**
 * The attribution of one target's cases, from the claims on that target alone: what attributeCases
 * does for each target in turn (the incremental engine keeps it per target, docs/incremental.md).
 */
export function attributeTarget(
  target: TargetEvidence,
  claims: readonly Claim[],
  config: Config,
  byId: ReadonlyMap<string, Entity>,
  root: string,
): Attribution {
  const diagnostics: Diagnostic[] = [];
  const cases: AttributedCase[] = [];
  const index = indexClaims(claims);
  for (const c of target.cases) {
    const selecting = selectingClaims(c.path, index);
    const claimedBy =
      selecting.length === 0
        ? NO_IDS
        : selecting.length === 1
          ? [selecting[0]!.entity.id]
          : [...new Set(selecting.map((s) => s.entity.id))].sort();
    const a: AttributedCase = {
      case: c,
      owner: null,
      basis: null,
      claimedBy,
      quarantine: null,
      implicated: NO_IDS,
      coarse: false,
      level: c.level ?? config.default_provided_level,
    };
    if (claimedBy.length > 1) {
      a.quarantine = 'shared-case';
      diagnostics.push(
        diagnostic(
          'shared-case',
          'error',
          `case ${c.target} ${c.path} is claimed by ${claimedBy.join(' and ')}; a case verifies at most one entity, so narrow the claims`,
          caseWhere(root, c),
        ),
      );
    } else if (c.tags.length > 1) {
      a.quarantine = 'multi-tag';
      diagnostics.push(
        diagnostic(
          'multi-tag',
          'error',
          `case ${c.target} ${c.path} is tagged with ${c.tags.join(', ')}; a case verifies one entity: split the test or keep one tag`,
          caseWhere(root, c),
        ),
      );
    } else if (claimedBy.length === 1) {
      const claim = selecting[0]!;
      a.owner = claim.entity.id;
      a.basis = 'model';
      a.claim = claim;
      a.coarse = claim.wholeTarget && !target.synthetic;
      a.level = c.level ?? claim.level ?? config.default_provided_level;
      const tag = c.tags[0];
      if (tag !== undefined && !VERIFIABLE.has(byId.get(tag)?.kind ?? '')) {
        diagnostics.push(danglingTag(c, tag, byId, caseWhere(root, c)));
      } else if (tag !== undefined && tag !== a.owner) {
        diagnostics.push(
          diagnostic(
            'tag-mismatch',
            'warning',
            `case ${c.target} ${c.path} is tagged ${tag} but the claim of ${entityName(claim.entity)} owns it`,
            claim.at,
            claim.entity.id,
          ),
        );
      }
      if (c.level !== undefined && claim.level !== undefined && c.level !== claim.level) {
        diagnostics.push(
          diagnostic(
            'level-mismatch',
            'warning',
            `case ${c.target} ${c.path} declares level ${c.level} but the claim of ${entityName(claim.entity)} gives level ${claim.level}`,
            claim.at,
            claim.entity.id,
          ),
        );
      }
    } else if (c.tags.length === 1) {
      const tag = c.tags[0]!;
      const tagged = byId.get(tag);
      if (!tagged || !VERIFIABLE.has(tagged.kind)) {
        diagnostics.push(danglingTag(c, tag, byId, caseWhere(root, c)));
      } else if (config.attribution === 'hybrid') {
        a.owner = tag;
        a.basis = 'tag';
      } else {
        diagnostics.push(
          diagnostic(
            'unclaimed-tag',
            'warning',
            `case ${c.target} ${c.path} is tagged ${tag} but no claim covers it (attribution: model); add it to ${tag}'s verified_by`,
            caseWhere(root, c),
            tag,
          ),
        );
      }
    }
    cases.push(a);
  }
  return { cases, diagnostics };
}

const NO_CLAIMS: readonly Claim[] = [];

// Most cases have no claimer and implicate nobody: they share one frozen empty list (never written to;
// settleQuarantines replaces the list).
const NO_IDS = Object.freeze([]) as unknown as string[];

/** A target's claims indexed for attribution: literal selectors by path, globs by their prefix. */
interface ClaimIndex {
  literal: ReadonlyMap<string, Claim[]>;
  /** glob selectors' claims by prefix, with each claim's place in the target's claims */
  globs: GlobPrefixIndex<{ claim: Claim; order: number; selector: Selector }>;
  /** whole-target claims, which select every case, with their places */
  whole: { claim: Claim; order: number }[];
}

/**
 * The claims selecting a case: literal selectors by map lookup, globs only where their prefix starts
 * the path; in the order of the target's claims, as testing every claim in turn gave them.
 */
function selectingClaims(path: string, index: ClaimIndex): readonly Claim[] {
  const literally = index.literal.get(path) ?? NO_CLAIMS;
  const matching: { claim: Claim; order: number }[] = [...index.whole];
  index.globs.candidates(path, (g) => {
    if (selects(g.selector, path) && !matching.some((m) => m.claim === g.claim)) matching.push(g);
  });
  if (matching.length === 0) return literally;
  matching.sort((a, b) => a.order - b.order);
  return [...literally, ...matching.map((m) => m.claim)];
}

/** Where a case's diagnostics point: the testcase itself when ingestion knows its line (worked out only for the few cases that get one). */
function caseWhere(root: string, c: TestCase): { file?: string; line?: number } {
  const at = c.at ?? (c.sources[0] !== undefined ? { file: c.sources[0] } : undefined);
  return at ? { file: join(root, at.file), line: at.line } : {};
}

/** Takes the owner away from every quarantined case, remembering the entities it implicates. */
export function settleQuarantines(cases: AttributedCase[], byId: ReadonlyMap<string, Entity>): void {
  for (const a of cases) {
    if (!a.quarantine) continue;
    const ids = [
      ...a.implicated,
      ...a.claimedBy,
      ...a.case.tags.filter((t) => VERIFIABLE.has(byId.get(t)?.kind ?? '')),
    ];
    if (a.owner) ids.push(a.owner);
    a.implicated = [...new Set(ids)].sort();
    a.owner = null;
    a.basis = null;
    a.claim = undefined;
    a.coarse = false;
  }
}

/** A tag naming no entity, or one that cannot own cases (a risk or test method). */
function danglingTag(
  c: TestCase,
  tag: string,
  byId: ReadonlyMap<string, Entity>,
  where: { file?: string },
): Diagnostic {
  const tagged = byId.get(tag);
  const why = tagged ? `${entityName(tagged)}, which cannot own test cases` : 'no entity';
  return diagnostic(
    'dangling-reference',
    'error',
    `case ${c.target} ${c.path} is tagged ${tag}, which names ${why}`,
    where,
  );
}

/** A target's claims split into literal selectors (by case path) and claims needing a pattern test. */
function indexClaims(claims: readonly Claim[]): ClaimIndex {
  const literal = new Map<string, Claim[]>();
  const globs = new GlobPrefixIndex<{ claim: Claim; order: number; selector: Selector }>();
  const whole: { claim: Claim; order: number }[] = [];
  claims.forEach((claim, order) => {
    if (claim.wholeTarget) whole.push({ claim, order });
    for (const s of claim.selectors) {
      if (s.problem) continue;
      if (s.selector.glob) {
        if (!claim.wholeTarget) globs.add(s.selector, { claim, order, selector: s.selector });
        continue;
      }
      if (s.selector.literal === undefined) continue;
      const list = literal.get(s.selector.literal);
      if (!list) literal.set(s.selector.literal, [claim]);
      else if (!list.includes(claim)) list.push(claim);
    }
  });
  return { literal, globs, whole };
}
