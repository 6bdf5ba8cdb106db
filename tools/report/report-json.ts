import { suspectSetsOf, type Analysis } from '../verify/analyze.js';
import { linkReviewJson } from '../change-control/review-json.js';

/** The report JSON (docs/verification.md, "Output"): cases, entities, gaps, diagnostics, counts and ok. */
export function reportJson(analysis: Analysis): Record<string, unknown> {
  const suspect = suspectSetsOf(analysis.reviews);
  return {
    ok: !analysis.diagnostics.some((d) => d.severity === 'error'),
    counts: analysis.counts,
    cases: analysis.cases.map((a) => ({
      target: a.case.target,
      path: a.case.path,
      owner: a.owner,
      basis: a.basis,
      state: a.quarantine ? 'quarantined' : a.case.result,
      quarantine: a.quarantine,
      flaky: a.case.flaky,
      // Its set's owner changed since the set was reviewed (docs/change-control.md).
      ...(a.owner !== null && suspect.get(a.owner)?.has(a.case.target) ? { suspect: true } : {}),
      coarse: a.coarse,
      level: a.level,
      claimed_by: a.claimedBy,
      tags: a.case.tags,
      // A case whose runner names its source file links to its code.
      ...(a.case.file !== undefined ? { file: a.case.file, line: a.case.line ?? null } : {}),
    })),
    entities: analysis.entities.map((v) => ({
      id: v.id,
      kind: v.kind,
      verdict: v.verdict,
      basis: v.basis,
      derived_from: v.derived_from,
      members: v.members,
      ...(v.suspect_sets ? { suspect_sets: v.suspect_sets } : {}),
      sources: (analysis.annotations.get(v.id) ?? []).map(({ file, line, column, verb }) => ({
        file,
        line,
        column,
        verb,
      })),
    })),
    gaps: analysis.gaps,
    // Each trace link and verification set with its review state (docs/change-control.md).
    links: analysis.reviews.map(linkReviewJson),
    diagnostics: analysis.diagnostics,
  };
}
