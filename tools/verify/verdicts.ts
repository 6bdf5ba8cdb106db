import type { Claim } from '../model/claims.js';
import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';
import { selects } from '../model/selectors.js';
import type { AttributedCase } from './attribution.js';
import { byCodePoint, sortByCodePointKey } from '../model/code-point-order.js';
import type { LockedAbsence } from './verification-lock-checks.js';
import { appendTo } from '../model/multi-map.js';
import type { TraceIndex } from '../trace/trace-index.js';

/** The state of one member of an entity's verification set (docs/verification.md). */
export type MemberState =
  'passed' | 'failed' | 'error' | 'skipped' | 'missing' | 'not run' | 'moved' | 'quarantined';

/** An entity's verdict; docs/verification.md defines each. */
export type Verdict = 'VERIFIED' | 'FAILED' | 'PARTIAL' | 'UNVERIFIED' | 'INVALID' | 'ACCEPTED';

/** One member of a verification set. */
export interface SetMember {
  target: string;
  path: string;
  state: MemberState;
  flaky: boolean;
  /** the member's lock entry pins an owner no claim selects it for any more */
  stale: boolean;
  /** the set's link to its owner is suspect: the owner's text changed since the set was reviewed (docs/change-control.md) */
  suspect?: true;
  basis: 'model' | 'tag' | 'lock';
  level: string;
  /** the selector that selects it, or 'whole target' */
  selector?: string;
  quarantine?: string;
  movedTo?: string;
}

/** An entity's verdict, how it was reached, and its own verification set. */
export interface EntityVerdict {
  id: string;
  kind: Entity['kind'];
  verdict: Verdict | null;
  /** own: from its own set; derived: from the entities in derived_from; both: from both */
  basis: 'own' | 'derived' | 'both' | 'none' | 'accepted';
  derived_from: string[];
  members: SetMember[];
  /**
   * the targets of its verification sets that are suspect: their passing tests were reviewed against an
   * older text of the entity until the links are cleared (absent when none)
   */
  suspect_sets?: string[];
}

// Per claim: each literal selector's case path → the index of the first selector with it.
const literalIndex = new WeakMap<Claim, Map<string, number>>();

/** The text of the first selector of `claim` that selects `path` ('whole target' for a whole claim). */
function selectorOf(claim: Claim, path: string): string | undefined {
  if (claim.wholeTarget) return 'whole target';
  let literals = literalIndex.get(claim);
  if (literals === undefined) {
    literals = new Map();
    claim.selectors.forEach((s, i) => {
      const literal = s.problem ? undefined : s.selector.literal;
      if (literal !== undefined && !literals!.has(literal)) literals!.set(literal, i);
    });
    literalIndex.set(claim, literals);
  }
  // A literal claim of many cases is looked up, not scanned; a glob written before it still comes first.
  const end = literals.get(path) ?? claim.selectors.length;
  for (let i = 0; i < end; i++) {
    const s = claim.selectors[i]!;
    if (!s.problem && s.selector.glob && selects(s.selector, path)) return s.selector.text;
  }
  return end < claim.selectors.length ? claim.selectors[end]!.selector.text : undefined;
}

/** Ids with a hard error on their claims (bad target or selector, unknown target, static shared case). */
export type InvalidClaims = ReadonlySet<string>;

/**
 * Verdicts for every entity: own sets from attribution and the lock, then derivation through the
 * refines tree, from implementing requirements to mitigations, from mitigations to risks, and from
 * satisfying requirements to user needs, over the live links of the trace index (a link to or from an
 * obsolete entity counts for nothing). Test methods have no verdict.
 */
export function entityVerdicts(
  trace: TraceIndex,
  cases: readonly AttributedCase[],
  absences: readonly LockedAbsence[],
  invalidClaims: InvalidClaims,
  staleEntries: ReadonlySet<string>,
  config: Config,
  suspectSets: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): EntityVerdict[] {
  return verdictRun(trace, cases, absences, invalidClaims, staleEntries, config, suspectSets).verdicts;
}

/** The verdicts of a run, and whether a loop of live links was cut somewhere on the way. */
export interface VerdictRun {
  verdicts: EntityVerdict[];
  /** a refines cycle (reported by validate) stopped a derivation: which link was cut depends on the order */
  cyclic: boolean;
  /** how many entities were judged (the others' verdicts were taken over) */
  judged: number;
}

/**
 * What a run may take over from an earlier one over the same links and config: every verdict but those
 * of the `changed` entities (their own members, INVALID state, suspect sets or accepted residual may
 * differ) and of the entities that derive from them, through live links, which are made again.
 */
export interface VerdictReuse {
  previous: readonly EntityVerdict[];
  changed: ReadonlySet<string>;
}

/**
 * entityVerdicts, with what it needs to be run again: given `reuse` from a run over the same links
 * and config without a cycle, only the changed entities and what derives from them are judged again
 * (the incremental engine, docs/incremental.md); the verdicts are those a whole run gives.
 */
export function verdictRun(
  trace: TraceIndex,
  cases: readonly AttributedCase[],
  absences: readonly LockedAbsence[],
  invalidClaims: InvalidClaims,
  staleEntries: ReadonlySet<string>,
  config: Config,
  suspectSets: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  reuse?: VerdictReuse,
): VerdictRun {
  const redo = reuse && judgedAgain(trace, reuse);
  const previous = redo && new Map(reuse.previous.map((v) => [v.id, v]));
  if (previous && trace.model.entities.some((e) => !redo.has(e.id) && !previous.has(e.id)))
    return verdictRun(trace, cases, absences, invalidClaims, staleEntries, config, suspectSets);
  let cyclic = false;
  let judged = 0;
  const members = new Map<string, SetMember[]>();
  const invalid = new Set(invalidClaims);
  // Members are made only for the entities judged (all of them in a whole run).
  const judging = (id: string) => !redo || redo.has(id);
  const push = (id: string, m: SetMember) => {
    if (suspectSets.get(id)?.has(m.target)) m.suspect = true;
    appendTo(members, id, m);
  };
  for (const a of cases) {
    const c = a.case;
    if (a.quarantine) {
      for (const id of a.implicated) {
        invalid.add(id);
        if (!judging(id)) continue;
        push(id, {
          target: c.target,
          path: c.path,
          state: 'quarantined',
          flaky: c.flaky,
          stale: false,
          basis: 'model',
          level: a.level,
          quarantine: a.quarantine,
        });
      }
      continue;
    }
    if (!a.owner || !judging(a.owner)) continue;
    const selector = a.claim ? selectorOf(a.claim, c.path) : undefined;
    const member: SetMember = {
      target: c.target,
      path: c.path,
      state: c.result,
      flaky: c.flaky,
      stale: false,
      basis: a.basis ?? 'model',
      level: a.level,
    };
    if (selector !== undefined) member.selector = selector;
    push(a.owner, member);
  }
  for (const { entry, state, movedTo } of absences) {
    if (!judging(entry.owner)) continue;
    const m: SetMember = {
      target: entry.target,
      path: entry.path,
      state,
      flaky: false,
      stale: staleEntries.has(`${entry.target}\u0000${entry.path}`),
      basis: 'lock',
      level: config.default_provided_level,
    };
    if (movedTo) m.movedTo = movedTo;
    push(entry.owner, m);
  }

  const done = new Map<string, EntityVerdict>();
  const active = new Set<string>();
  const verdictOf = (e: Entity): EntityVerdict => {
    const known = done.get(e.id) ?? (redo && !redo.has(e.id) ? previous!.get(e.id) : undefined);
    if (known) return known;
    judged++;
    // By target, then path: concatenating them would interleave targets that share a prefix.
    const own = sortByCodePointKey(
      [...(members.get(e.id) ?? [])],
      (m) => m.target,
      (m) => m.path,
    );
    if (e.kind === 'test_method') {
      const v: EntityVerdict = {
        id: e.id,
        kind: e.kind,
        verdict: null,
        basis: 'none',
        derived_from: [],
        members: own,
      };
      done.set(e.id, v);
      return v;
    }
    active.add(e.id); // a refines cycle is reported by validate; here it just stops the recursion
    const below = trace.down(e.id);
    const from = below.filter((c) => !active.has(c.id));
    if (from.length < below.length) cyclic = true;
    const derived = from.map((c) => verdictOf(c).verdict).filter((v): v is Verdict => v !== null);
    active.delete(e.id);
    const ownVerdict = own.length > 0 ? setVerdict(own, config) : undefined;
    let verdict: Verdict;
    let basis: EntityVerdict['basis'];
    if (invalid.has(e.id)) {
      verdict = 'INVALID';
      basis = own.length > 0 ? 'own' : 'none';
    } else if (ownVerdict && derived.length > 0) {
      verdict = combine([ownVerdict, ...derived]);
      basis = 'both';
    } else if (ownVerdict) {
      verdict = ownVerdict;
      basis = 'own';
    } else if (derived.length > 0) {
      verdict = combine(derived);
      basis = 'derived';
    } else if (residualAccepted(e)) {
      verdict = 'ACCEPTED';
      basis = 'accepted';
    } else {
      verdict = 'UNVERIFIED';
      basis = 'none';
    }
    const v: EntityVerdict = {
      id: e.id,
      kind: e.kind,
      verdict,
      basis,
      derived_from: basis === 'derived' || basis === 'both' ? from.map((c) => c.id) : [],
      members: own,
    };
    const suspect = suspectSets.get(e.id);
    if (suspect && suspect.size > 0) v.suspect_sets = [...suspect].sort(byCodePoint);
    done.set(e.id, v);
    return v;
  };
  const verdicts = trace.model.entities.map(verdictOf);
  return { verdicts, cyclic, judged };
}

/** The changed entities and every entity that derives from one of them through live links. */
function judgedAgain(trace: TraceIndex, reuse: VerdictReuse): Set<string> {
  const out = new Set<string>();
  const queue = [...reuse.changed];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    if (out.has(id)) continue;
    out.add(id);
    for (const parent of trace.up(id)) queue.push(parent.id);
  }
  return out;
}

/** Whether a risk's residual is written as accepted (its verdict then is ACCEPTED when nothing else is). */
export function residualAccepted(e: Entity): boolean {
  return e.kind === 'risk' && typeof e.data.residual === 'string' && /^\s*accepted\b/i.test(e.data.residual);
}

/** The verdict of one set of members under the flaky policy. */
function setVerdict(members: readonly SetMember[], config: Config): Verdict {
  if (members.some((m) => m.state === 'quarantined')) return 'INVALID';
  const failing = (m: SetMember) =>
    m.state === 'failed' || m.state === 'error' || (m.flaky && config.flaky === 'fail');
  const passing = (m: SetMember) =>
    m.state === 'passed' && !(m.flaky && (config.flaky === 'under-verify' || config.flaky === 'fail'));
  if (members.some(failing)) return 'FAILED';
  const passed = members.filter(passing).length;
  if (passed === members.length) return 'VERIFIED';
  return passed > 0 ? 'PARTIAL' : 'UNVERIFIED';
}

/** Several verdicts as one: any INVALID or FAILED wins, all alike stay, anything else is PARTIAL. */
export function combine(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('INVALID')) return 'INVALID';
  if (verdicts.includes('FAILED')) return 'FAILED';
  const done = verdicts.map((v) => (v === 'ACCEPTED' ? 'VERIFIED' : v));
  if (done.every((v) => v === 'VERIFIED')) return 'VERIFIED';
  if (done.every((v) => v === 'UNVERIFIED')) return 'UNVERIFIED';
  return 'PARTIAL';
}
