import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { reason } from '../model/model-files.js';
import type { AnnotationScan } from './annotation.js';
import { compileAnnotationPatterns } from './annotation-pattern.js';
import type { AnnotationOptions } from './annotations-of-file.js';
import { mapConcurrently } from './bounded-pool.js';
import { byCodePoint as compareCodePoints } from '../model/code-point-order.js';
import { readSourceBytes } from './source-bytes.js';
import { listSourceFiles } from './source-files.js';
import { collectScan, scanSourceContent, type FileScan, type SourceContent } from './source-content-scan.js';

/** Files read at once: enough to keep the disk busy, few enough for any descriptor limit. */
const READ_CONCURRENCY = 32;

// Not fatal: an invalid byte becomes U+FFFD and the scan goes on. A UTF-8 BOM is dropped, so columns
// on line 1 count from the first visible character.
const UTF8 = new TextDecoder('utf-8');

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
