import type { Analysis } from '../verify/analyze.js';
import { plural } from './diagnostic-counts.js';
import { formatDiagnosticLine } from './diagnostics-text.js';
import { diagnosticCountLine, invariantLine } from './report-sentences.js';

/** A report people read at a glance: verdict table, invariant line, gaps, then diagnostics. */
export function reportText(analysis: Analysis): string {
  const lines: string[] = [];
  const rows = analysis.entities.filter((v) => v.verdict !== null);
  const idWidth = Math.max(2, ...rows.map((v) => v.id.length));
  const kindWidth = Math.max(...rows.map((v) => v.kind.length), 4);
  lines.push(`${'ID'.padEnd(idWidth)}  ${'KIND'.padEnd(kindWidth)}  ${'VERDICT'.padEnd(10)}  SET`);
  for (const v of rows) {
    const own = v.members.length > 0 ? plural(v.members.length, 'case') : '';
    const derived = v.derived_from.length > 0 ? `from ${v.derived_from.join(', ')}` : '';
    // Passing tests of a suspect set were reviewed against an older text (docs/change-control.md).
    const suspect = v.suspect_sets
      ? `suspect: reviewed against an older text (${v.suspect_sets.join(', ')}); rr suspect`
      : '';
    lines.push(
      `${v.id.padEnd(idWidth)}  ${v.kind.padEnd(kindWidth)}  ${v.verdict!.padEnd(10)}  ${[own, derived, suspect].filter(Boolean).join('; ')}`,
    );
  }
  lines.push('', invariantLine(analysis));
  const { owned, unowned } = analysis.counts;
  lines.push(`${owned} owned, ${unowned} unowned`);
  if (analysis.gaps.length > 0) {
    lines.push('', `Gaps (${analysis.gaps.length}):`);
    for (const g of analysis.gaps)
      lines.push(`  ${g.kind.padEnd(13)} ${g.entity.padEnd(idWidth)}  ${g.route.padEnd(10)}  ${g.detail}`);
  }
  if (analysis.diagnostics.length > 0) {
    lines.push('', 'Diagnostics:');
    for (const d of analysis.diagnostics) lines.push(formatDiagnosticLine(d));
  }
  lines.push('', diagnosticCountLine(analysis.diagnostics));
  return lines.join('\n') + '\n';
}
