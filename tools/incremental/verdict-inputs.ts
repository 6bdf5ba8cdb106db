// What the verdicts are made from besides the links (docs/incremental.md): the attributed cases, the
// lock's absences and stale entries, the INVALID entities, the suspect sets and the risks whose
// residual is accepted. Two runs' inputs compared tell which entities' own verdicts may differ: the
// owners and implicated entities of every case attributed otherwise, and so on. An entity's verdict
// reads nothing else of these inputs (tools/verify/verdicts.ts).
import type { AttributedCase } from '../verify/attribution.js';
import type { LockedAbsence } from '../verify/verification-lock-checks.js';
import type { EntityVerdict, VerdictReuse } from '../verify/verdicts.js';
import { sameLinkFactsLists, type LinkFacts } from './model-fingerprints.js';

/** The inputs of one verdict run (the links as their fingerprint). */
export interface VerdictInputs {
  links: readonly LinkFacts[];
  cases: readonly AttributedCase[];
  absences: readonly LockedAbsence[];
  stale: ReadonlySet<string>;
  /** the INVALID entities, sorted */
  invalid: readonly string[];
  suspectSets: ReadonlyMap<string, ReadonlySet<string>>;
  /** the risks whose residual is accepted, in load order */
  accepted: readonly string[];
}

/**
 * What a run over `now` may take over from the run over `before`: its verdicts, with the entities whose
 * inputs differ; undefined when everything must be judged again (other links or config, other evidence).
 */
export function verdictReuse(
  before: VerdictInputs,
  now: VerdictInputs,
  previous: readonly EntityVerdict[],
): VerdictReuse | undefined {
  if (!sameLinkFactsLists(before.links, now.links) || before.cases.length !== now.cases.length)
    return undefined;
  const changed = new Set<string>();
  const mark = (id: string | null | undefined) => {
    if (id) changed.add(id);
  };
  for (let i = 0; i < now.cases.length; i++) {
    const a = before.cases[i]!;
    const b = now.cases[i]!;
    if (a === b) continue; // handed over as attribution made it, in both runs
    if (a.case !== b.case) return undefined; // other evidence
    if (sameAttribution(a, b)) continue;
    mark(a.owner);
    mark(b.owner);
    a.implicated.forEach(mark);
    b.implicated.forEach(mark);
  }
  if (!sameAbsences(before, now)) {
    for (const x of before.absences) mark(x.entry.owner);
    for (const x of now.absences) mark(x.entry.owner);
  }
  symmetricDifference(before.invalid, now.invalid).forEach(mark);
  symmetricDifference(before.accepted, now.accepted).forEach(mark);
  for (const id of new Set([...before.suspectSets.keys(), ...now.suspectSets.keys()]))
    if (!sameSet(before.suspectSets.get(id), now.suspectSets.get(id))) mark(id);
  return { previous, changed };
}

/** Whether a case makes the same member of the same entity (or implicates the same ones) in both runs. */
function sameAttribution(a: AttributedCase, b: AttributedCase): boolean {
  return (
    a.owner === b.owner &&
    a.quarantine === b.quarantine &&
    a.claim === b.claim &&
    a.basis === b.basis &&
    a.level === b.level &&
    sameList(a.implicated, b.implicated)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether the lock's absences and stale entries are the same. */
function sameAbsences(before: VerdictInputs, now: VerdictInputs): boolean {
  if (!sameSet(before.stale, now.stale) || before.absences.length !== now.absences.length) return false;
  return before.absences.every((x, i) => {
    const y = now.absences[i]!;
    return (
      x.state === y.state &&
      x.movedTo === y.movedTo &&
      x.entry.owner === y.entry.owner &&
      x.entry.target === y.entry.target &&
      x.entry.path === y.entry.path
    );
  });
}

function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if ((a?.size ?? 0) !== (b?.size ?? 0)) return false;
  for (const x of a ?? []) if (!b!.has(x)) return false;
  return true;
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((x) => !inB.has(x)), ...b.filter((x) => !inA.has(x))];
}
