import type { Analysis } from '../verify/analyze.js';

/** The report JSON (docs/verification.md, "Output"): cases, entities, gaps, diagnostics, counts and ok. */
export function reportJson(analysis: Analysis): Record<string, unknown> {
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
      sources: (analysis.annotations.get(v.id) ?? []).map(({ file, line, column, verb }) => ({
        file,
        line,
        column,
        verb,
      })),
    })),
    gaps: analysis.gaps,
    diagnostics: analysis.diagnostics,
  };
}
