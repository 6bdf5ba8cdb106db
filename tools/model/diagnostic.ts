import type { RuleName } from './rule-catalog.js';
import type { SourcePosition } from './source-position.js';

export type Severity = 'error' | 'warning';

/** One finding, in the shape `rr validate --format json` prints. */
export interface Diagnostic {
  rule: RuleName;
  severity: Severity;
  message: string;
  entity?: string;
  file?: string;
  line?: number;
  column?: number;
}

/** Builds a diagnostic, copying file/line/column from a position when one is known. */
export function diagnostic(
  rule: RuleName,
  severity: Severity,
  message: string,
  at?: Partial<SourcePosition>,
  entity?: string,
): Diagnostic {
  const d: Diagnostic = { rule, severity, message };
  if (entity !== undefined) d.entity = entity;
  if (at?.file !== undefined) d.file = at.file;
  if (at?.line !== undefined) d.line = at.line;
  if (at?.column !== undefined) d.column = at.column;
  return d;
}

/** Orders diagnostics by file, line, column, then rule and message, so output is deterministic. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file ?? '', b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    cmp(a.rule, b.rule) ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
