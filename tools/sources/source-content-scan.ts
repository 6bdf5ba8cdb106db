// What scanning source files' contents gives, whoever read them: `rr report --sources` reads a tree
// (scan-annotations.ts), the language server the files it watches and the editor's buffers, and the
// incremental engine scans each content alone (tools/incremental/annotation-queries.ts). No file is
// read here, so the engine loads none of the listing (.gitignore rules, the read pool).
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { byCodePoint as compareCodePoints } from '../model/code-point-order.js';
import type { Annotation, AnnotationScan } from './annotation.js';
import { compileAnnotationPatterns } from './annotation-pattern.js';
import { annotationsOfFile, type AnnotationOptions, type FileAnnotations } from './annotations-of-file.js';

/** What scanning one file gave; `scanned` is false for files skipped as binary, oversized or unreadable. */
export interface FileScan extends FileAnnotations {
  scanned: boolean;
}

/**
 * A source file as a scan takes it: its text when it holds a pattern's literal, `plain` when it is
 * text without one (no annotations), `skipped` when binary or oversized, or why it cannot be read.
 */
export type SourceContent =
  | { kind: 'text'; text: string }
  | { kind: 'plain' }
  | { kind: 'skipped' }
  | { kind: 'unreadable'; reason: string };

const NOTHING: FileScan = { scanned: false, annotations: [], diagnostics: [] };

/**
 * The scan of a tree from what scanning its files gave (in the listing's code-point order): the
 * patterns' own problems, the listing's, then each file's annotations and findings.
 */
export function collectScan(
  patterns: readonly string[],
  listingDiagnostics: readonly Diagnostic[],
  results: readonly FileScan[],
): AnnotationScan {
  const diagnostics: Diagnostic[] = compileAnnotationPatterns(patterns).problems.map((p) =>
    diagnostic('bad-config', 'error', p),
  );
  diagnostics.push(...listingDiagnostics);
  const annotations: Annotation[] = [];
  let filesScanned = 0;
  for (const result of results) {
    if (result.scanned) filesScanned++;
    // One at a time: a file's annotations spread into push's arguments overflow the stack from about
    // 120,000 on, and a 2 MiB file can hold more.
    for (const a of result.annotations) annotations.push(a);
    for (const d of result.diagnostics) diagnostics.push(d);
  }
  // Files come in code-point order and each file's findings by line and column; a stable sort by
  // file puts directory problems among them and keeps the rest as it is.
  diagnostics.sort((a, b) => compareCodePoints(a.file ?? '', b.file ?? ''));
  return { annotations, byEntity: groupByEntity(annotations), diagnostics, filesScanned };
}

/** The annotations and findings of one file (`file` relative to the scanned root) from its content. */
export function scanSourceContent(
  file: string,
  content: SourceContent,
  patterns: readonly string[],
  options: AnnotationOptions = {},
): FileScan {
  if (content.kind === 'unreadable')
    return { ...NOTHING, diagnostics: [unreadableFile(file, content.reason)] };
  if (content.kind === 'skipped') return NOTHING;
  if (content.kind === 'plain') return { ...NOTHING, scanned: true };
  return { scanned: true, ...annotationsOfFile(file, content.text, patterns, options) };
}

function groupByEntity(annotations: readonly Annotation[]): Map<string, Annotation[]> {
  const groups = new Map<string, Annotation[]>();
  for (const a of annotations) {
    const group = groups.get(a.id);
    if (group) group.push(a);
    else groups.set(a.id, [a]);
  }
  return new Map([...groups].sort(([a], [b]) => compareCodePoints(a, b)));
}

function unreadableFile(file: string, why: string): Diagnostic {
  // A warning: one unreadable file should not fail a build, but its annotations are missing.
  const message = `cannot read source file: ${why}; its annotations are not scanned`;
  return diagnostic('read-error', 'warning', message, { file });
}
