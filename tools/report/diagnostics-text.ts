import type { Diagnostic } from '../model/diagnostic.js';

/** `file:line:col: severity rule: message`, the format compilers use, so editors can jump to it. */
export function formatDiagnosticLine(d: Diagnostic): string {
  const place = d.file === undefined ? '' : `${d.file}:${d.line ?? 1}:${d.column ?? 1}: `;
  return `${place}${d.severity} ${d.rule}: ${d.message}`;
}
