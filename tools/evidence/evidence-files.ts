// Which files of an evidence directory rr looks at: every *.xml, and *.json under records/.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { isFileSync, reason } from '../model/model-files.js';
import { byCodePoint } from '../model/code-point-order.js';

/** The candidate evidence files under a directory and what could not be listed. */
export interface EvidenceFileList {
  /** '/'-separated paths relative to the directory, in code-point order */
  files: string[];
  diagnostics: Diagnostic[];
  /** true when the directory itself cannot be read */
  unreadable: boolean;
}

// Bazel's per-test output folders (test.outputs/, test.outputs_manifest/) hold whatever the test wrote,
// not results; names starting with '.' are tool state.
const SKIPPED_FOLDER = /^\.|\.outputs(?:_manifest)?$/;

/**
 * Lists *.xml files anywhere and *.json files under `records/`, sorted by relative path in code-point
 * order. Symbolic links to files count; symbolic links to folders are not followed (no cycles).
 * Synchronous, like the reads after it: awaited round trips per folder left the thread idle.
 */
export function listEvidenceFiles(root: string): EvidenceFileList {
  let info;
  try {
    info = statSync(root);
  } catch (error) {
    return fail(root, `cannot read evidence directory: ${reason(error)}`);
  }
  if (!info.isDirectory())
    return fail(root, 'evidence path is not a directory; pass a bazel-testlogs-like folder');
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  walk(root, '', files, diagnostics);
  return { files: files.sort(byCodePoint), diagnostics, unreadable: false };
}

function walk(root: string, rel: string, out: string[], diagnostics: Diagnostic[]): void {
  let entries;
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch (error) {
    diagnostics.push(
      diagnostic('read-error', 'error', `cannot list folder: ${reason(error)}`, {
        file: rel === '' ? '.' : rel,
      }),
    );
    return;
  }
  for (const entry of entries) {
    const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDER.test(entry.name)) walk(root, childRel, out, diagnostics);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && isCandidate(childRel)) {
      if (entry.isSymbolicLink() && !isFileSync(join(root, childRel))) continue;
      out.push(childRel);
    }
  }
}

function isCandidate(rel: string): boolean {
  const lower = rel.toLowerCase();
  return lower.endsWith('.xml') || (lower.startsWith('records/') && lower.endsWith('.json'));
}

function fail(root: string, message: string): EvidenceFileList {
  return {
    files: [],
    diagnostics: [diagnostic('read-error', 'error', message, { file: root })],
    unreadable: true,
  };
}
