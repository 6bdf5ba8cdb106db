// Sentences of a report that more than one front end shows (the text report, `rr validate`, the Bazel
// steps, the editor's pages): worded here once; the editor's API sends them to its UI as data.
import type { Diagnostic } from '../model/diagnostic.js';
import type { Analysis } from '../verify/analyze.js';
import { countDiagnostics, plural } from './diagnostic-counts.js';

/** The invariant line: case count, quarantined count, one owner per case. */
export function invariantLine(analysis: Pick<Analysis, 'counts'>): string {
  const { cases, quarantined } = analysis.counts;
  return `${plural(cases, 'test case')}, ${quarantined} quarantined; each case maps to at most one requirement`;
}

/** How many errors and warnings, e.g. "1 error, 2 warnings". */
export function diagnosticCountLine(diagnostics: readonly Diagnostic[]): string {
  const { errors, warnings } = countDiagnostics(diagnostics);
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}
