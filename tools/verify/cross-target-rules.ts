import type { Config } from '../model/config.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { normalizeLabel } from '../model/labels.js';
import type { AttributedCase } from './attribution.js';
import type { Evidence } from '../evidence/test-case.js';
import { appendTo } from '../model/multi-map.js';

/**
 * Cases that the rules can concern (owned, or in a variant target) by path, for the paths more than one
 * of them has: a list per path would cost 200,000 lists.
 */
function pathsInSeveralTargets(
  cases: AttributedCase[],
  inVariant: (target: string) => boolean,
  repeated: ReadonlySet<string> | undefined,
): Map<string, AttributedCase[]> {
  const first = new Map<string, AttributedCase>();
  const several = new Map<string, AttributedCase[]>();
  for (const a of cases) {
    // A path the evidence has once cannot be in several targets.
    if (repeated && !repeated.has(a.case.path)) continue;
    if (a.owner === null && !inVariant(a.case.target)) continue;
    const earlier = first.get(a.case.path);
    if (earlier === undefined) first.set(a.case.path, a);
    else appendTo(several, a.case.path, a);
  }
  // In the order each path first appears, as the rules have always reported them.
  const out = new Map<string, AttributedCase[]>();
  for (const [path, a] of first) {
    const rest = several.get(path);
    if (rest !== undefined) out.set(path, [a, ...rest]);
  }
  return out;
}

/**
 * Rules over equal case paths in different targets: variant targets (config.variants) run the same
 * code, so different owners are same-code-multiple-owners (quarantine) and uneven ownership is
 * set_consistency; outside variants, the same path and source file with different owners is
 * attribution-conflict (quarantine), and the same path without a source file is
 * same-path-multiple-owners (warning).
 */
export function crossTargetRules(cases: AttributedCase[], config: Config, evidence?: Evidence): Diagnostic[] {
  const out: Diagnostic[] = [];
  const options = config.main_repo ? { mainRepo: config.main_repo } : {};
  const groupOf = new Map<string, number>();
  config.variants.forEach((group, i) => {
    for (const label of group) {
      const canonical = normalizeLabel(label, options);
      if (canonical) groupOf.set(canonical, i);
    }
  });
  // Outside variant groups only owners can conflict, so unowned cases there are left out.
  const repeated = evidence && repeatedPaths(evidence);
  for (const [path, list] of pathsInSeveralTargets(cases, (target) => groupOf.has(target), repeated)) {
    // Variant groups first: their targets are known to run the same code.
    const groups = new Map<number, AttributedCase[]>();
    for (const a of list) {
      const g = groupOf.get(a.case.target);
      if (g === undefined) continue;
      appendTo(groups, g, a);
    }
    for (const members of groups.values()) {
      const owners = new Set(members.map((a) => a.owner));
      if (owners.size < 2) continue;
      const named = [...owners].filter((o): o is string => o !== null);
      if (named.length >= 2) {
        for (const a of members) a.quarantine ??= 'same-code-multiple-owners';
        out.push(
          diagnostic(
            'same-code-multiple-owners',
            'error',
            `case path ${path} runs in variant targets ${members.map((a) => a.case.target).join(', ')} with owners ${named.join(', ')}; variants run the same code, so give the case one owner`,
          ),
        );
      } else if (config.set_consistency !== 'off') {
        // A quarantined variant has its own error; set-consistency is about cases nobody claimed.
        const unowned = members.filter((a) => a.owner === null && !a.quarantine).map((a) => a.case.target);
        if (unowned.length === 0) continue;
        out.push(
          diagnostic(
            'set-consistency',
            config.set_consistency === 'enforce' ? 'error' : 'warning',
            `case path ${path} is owned by ${named[0]} in some variant targets but by nobody in ${unowned.join(', ')}; claim it alike in every variant`,
          ),
        );
      }
    }
    const outside = list.filter((a) => !groupOf.has(a.case.target) && a.owner !== null);
    const owners = new Set(outside.map((a) => a.owner));
    if (owners.size < 2) continue;
    // Per known source file: other targets with other files (or none) must not hide a conflict.
    const byFile = new Map<string, AttributedCase[]>();
    for (const a of outside) {
      if (a.case.file) appendTo(byFile, a.case.file, a);
    }
    for (const [file, same] of byFile) {
      const fileOwners = new Set(same.map((a) => a.owner));
      if (fileOwners.size < 2) continue;
      for (const a of same) a.quarantine ??= 'attribution-conflict';
      out.push(
        diagnostic(
          'attribution-conflict',
          'error',
          `case path ${path} from one source file ${file} runs in ${same.map((a) => a.case.target).join(', ')} with owners ${[...fileOwners].join(', ')}; one test has one owner`,
        ),
      );
    }
    if (outside.some((a) => !a.case.file)) {
      out.push(
        diagnostic(
          'same-path-multiple-owners',
          'warning',
          `case path ${path} has owners ${[...owners].join(', ')} in targets ${outside.map((a) => a.case.target).join(', ')} and no source file tells whether it is the same test`,
        ),
      );
    }
  }
  return out;
}

/**
 * The case paths an evidence has more than once (in one target or several), found once per evidence:
 * only their cases can meet another target's (the rules above look at no other case), and only they
 * can be quarantined by those rules.
 */
export function repeatedPaths(evidence: Evidence): ReadonlySet<string> {
  let repeated = repeatedOf.get(evidence);
  if (!repeated) {
    const seen = new Set<string>();
    repeated = new Set<string>();
    for (const target of evidence.targets.values())
      for (const c of target.cases) {
        if (seen.has(c.path)) repeated.add(c.path);
        seen.add(c.path);
      }
    repeatedOf.set(evidence, repeated);
  }
  return repeated;
}

const repeatedOf = new WeakMap<Evidence, Set<string>>();
