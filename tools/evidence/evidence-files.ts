// Which files of an evidence directory rr looks at: every *.xml, and *.json under records/.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { isFile, reason } from '../model/model-files.js';
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
 */
export async function listEvidenceFiles(root: string): Promise<EvidenceFileList> {
  let info;
  try {
    info = await stat(root);
  } catch (error) {
    return fail(root, `cannot read evidence directory: ${reason(error)}`);
  }
  if (!info.isDirectory())
    return fail(root, 'evidence path is not a directory; pass a bazel-testlogs-like folder');
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  await walk(root, '', files, diagnostics);
  return { files: files.sort(byCodePoint), diagnostics, unreadable: false };
}

async function walk(root: string, rel: string, out: string[], diagnostics: Diagnostic[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, rel), { withFileTypes: true });
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
      if (!SKIPPED_FOLDER.test(entry.name)) await walk(root, childRel, out, diagnostics);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && isCandidate(childRel)) {
      if (entry.isSymbolicLink() && !(await isFile(join(root, childRel)))) continue;
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
