import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { reason } from '../model/model-files.js';
import type { Annotation, AnnotationScan } from './annotation.js';
import { compileAnnotationPatterns } from './annotation-pattern.js';
import { annotationsOfFile, type AnnotationOptions, type FileAnnotations } from './annotations-of-file.js';
import { mapConcurrently } from './bounded-pool.js';
import { byCodePoint as compareCodePoints } from '../model/code-point-order.js';
import { readSourceBytes } from './source-bytes.js';
import { listSourceFiles } from './source-files.js';

/** Files read at once: enough to keep the disk busy, few enough for any descriptor limit. */
const READ_CONCURRENCY = 32;

// Not fatal: an invalid byte becomes U+FFFD and the scan goes on. A UTF-8 BOM is dropped, so columns
// on line 1 count from the first visible character.
const UTF8 = new TextDecoder('utf-8');

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

/** How far a scan has got: files found while listing the tree, then files read of all found. */
export interface ScanProgress {
  phase: 'listing' | 'reading' | 'done';
  files: number;
  /** every file found (reading and done) */
  total?: number;
}

/** A scan reports progress every this many files (a long scan is a large tree). */
export const SCAN_PROGRESS_EVERY = 1000;

/** How to scan: annotation options, and optionally the files to scan instead of listing the tree. */
export interface ScanOptions extends AnnotationOptions {
  /** '/'-separated paths below the root (Bazel's declared sources); default: every file not ignored */
  files?: readonly string[];
  /** called every SCAN_PROGRESS_EVERY files listed and read, and once at the end of a scan that did */
  onProgress?: (progress: ScanProgress) => void;
}

/**
 * Scans every source file below `root` (honouring .gitignore, skipping binary and oversized files)
 * for annotations written with `patterns`, e.g. `@verifies {id}`.
 */
export async function scanAnnotations(
  root: string,
  patterns: readonly string[],
  options: ScanOptions = {},
): Promise<AnnotationScan> {
  const rootProblem = await rootListingProblem(root);
  if (rootProblem) return collectScan(patterns, [rootProblem], []);
  const { onProgress } = options;
  let reported = false;
  const every = (count: number, progress: ScanProgress) => {
    if (count % SCAN_PROGRESS_EVERY !== 0 || !onProgress) return;
    reported = true;
    onProgress(progress);
  };
  const listing = options.files
    ? { files: [...new Set(options.files)].sort(compareCodePoints), diagnostics: [] }
    : await listSourceFiles(root, (n) => every(n, { phase: 'listing', files: n }));
  // Searching raw bytes for a pattern's literal spares decoding the many files without annotations.
  const anchors = patternAnchors(patterns);

  const total = listing.files.length;
  let read = 0;
  const results = await mapConcurrently(listing.files, READ_CONCURRENCY, async (file): Promise<FileScan> => {
    const scan = await scanFile(root, file, anchors, patterns, options);
    read++;
    every(read, { phase: 'reading', files: read, total });
    return scan;
  });
  if (reported) onProgress!({ phase: 'done', files: total, total });
  return collectScan(patterns, listing.diagnostics, results);
}

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

/** Reads one file and finds its annotations (only when it holds a pattern's literal). */
async function scanFile(
  root: string,
  file: string,
  anchors: Buffer[],
  patterns: readonly string[],
  options: AnnotationOptions,
): Promise<FileScan> {
  return scanSourceContent(file, await readSourceContent(join(root, file), anchors), patterns, options);
}

/** The anchors to look for in a file's bytes: the literal text of each pattern. */
export function patternAnchors(patterns: readonly string[]): Buffer[] {
  return compileAnnotationPatterns(patterns).patterns.map((p) => Buffer.from(p.anchor, 'utf8'));
}

/** Reads a source file as a scan takes it; its text is kept only when it holds one of `anchors`. */
export async function readSourceContent(path: string, anchors: readonly Buffer[]): Promise<SourceContent> {
  const read = await readSourceBytes(path);
  if (read.kind === 'unreadable') return read;
  if (read.kind !== 'text') return { kind: 'skipped' };
  if (!anchors.some((anchor) => read.bytes.includes(anchor))) return { kind: 'plain' };
  return { kind: 'text', text: UTF8.decode(read.bytes) };
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

/** The files a scan of `root` reads (as scanAnnotations lists them), or the root's own problem. */
export async function listScannedFiles(
  root: string,
): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const rootProblem = await rootListingProblem(root);
  return rootProblem ? { files: [], diagnostics: [rootProblem] } : listSourceFiles(root);
}

async function rootListingProblem(root: string): Promise<Diagnostic | undefined> {
  const problem = await directoryProblem(root);
  return problem === undefined ? undefined : diagnostic('read-error', 'error', problem, { file: root });
}

async function directoryProblem(root: string): Promise<string | undefined> {
  try {
    if ((await stat(root)).isDirectory()) return undefined;
    return 'source root is not a directory; pass the workspace directory to scan';
  } catch (error) {
    return `cannot read source root: ${reason(error)}`;
  }
}

function unreadableFile(file: string, why: string): Diagnostic {
  // A warning: one unreadable file should not fail a build, but its annotations are missing.
  const message = `cannot read source file: ${why}; its annotations are not scanned`;
  return diagnostic('read-error', 'warning', message, { file });
}
