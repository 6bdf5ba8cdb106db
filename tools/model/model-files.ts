import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { sortByCodePoint } from './code-point-order.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';

const MODEL_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** Files rr never reads as model documents even inside a model directory (lock files). */
const LOCK_FILE = /\.lock\.(json|ya?ml)$/;

/** The model files under a path, in load order; a missing path is an error diagnostic. */
export interface ModelFileList {
  files: string[];
  diagnostics: Diagnostic[];
  /** true when the path itself cannot be read (exit code 2) */
  unreadable: boolean;
}

/**
 * Lists model files: the path itself when it is a file, otherwise every *.yaml, *.yml and *.json below
 * it, sorted by relative path in code-point order. Skipped: names starting with '.', node_modules,
 * bazel-* convenience links, symbolic links to directories, and *.lock.json / *.lock.yaml files.
 * The listing is synchronous (a model is a few folders), so a caller's worker threads start at once.
 */
export function listModelFiles(path: string): ModelFileList {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    return fail(path, `cannot read model path: ${reason(error)}; pass a model file or directory`);
  }
  if (info.isFile()) return { files: [path], diagnostics: [], unreadable: false };
  if (!info.isDirectory()) return fail(path, 'model path is neither a file nor a directory');
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  walk(path, '', files, diagnostics);
  sortByCodePoint(files);
  // A directory that cannot be listed leaves part of the model unread, like an unreadable file.
  return { files: files.map((rel) => join(path, rel)), diagnostics, unreadable: diagnostics.length > 0 };
}

function walk(root: string, rel: string, out: string[], diagnostics: Diagnostic[]): void {
  let entries;
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch (error) {
    diagnostics.push(
      diagnostic('read-error', 'error', `cannot list directory: ${reason(error)}`, { file: join(root, rel) }),
    );
    return;
  }
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith('.') || name === 'node_modules' || name.startsWith('bazel-')) continue;
    const childRel = rel === '' ? name : `${rel}/${name}`;
    if (entry.isDirectory()) {
      walk(root, childRel, out, diagnostics);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && isModelFileName(name)) {
      // A symlink counts only when it points at a file.
      if (entry.isSymbolicLink() && !isFileSync(join(root, childRel))) continue;
      out.push(childRel);
    }
  }
}

/** Whether a file name is one rr reads as a model document. */
export function isModelFileName(name: string): boolean {
  return MODEL_EXTENSIONS.has(extname(name).toLowerCase()) && !LOCK_FILE.test(name);
}

/** Whether a path is a file (following links); false when it cannot be read. */
export function isFileSync(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function fail(path: string, message: string): ModelFileList {
  return {
    files: [],
    diagnostics: [diagnostic('read-error', 'error', message, { file: path })],
    unreadable: true,
  };
}

/** A short reason from a Node.js file-system error. */
export function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'no such file or directory';
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied';
  if (e?.code === 'EISDIR') return 'is a directory';
  return e?.message ?? String(error);
}
