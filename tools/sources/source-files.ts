import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { reason } from '../model/model-files.js';
import { byCodePoint as compareCodePoints } from '../model/code-point-order.js';
import { GitignoreRules } from './gitignore-rules.js';

/** The files under a root that may hold annotations, and the directories that could not be read. */
export interface SourceFileList {
  /** relative to the root, '/'-separated, in code-point order */
  files: string[];
  diagnostics: Diagnostic[];
}

/**
 * Lists the files below `root` the way git sees the work tree: `.gitignore` files at every level
 * apply to their directory. Always skipped: `.git`, `node_modules`, `bazel-*` at the root (Bazel's
 * convenience links), symbolic links to directories, and anything that is not a regular file.
 */
export async function listSourceFiles(
  root: string,
  onFile?: (count: number) => void,
): Promise<SourceFileList> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  await walk(root, '', GitignoreRules.none(), files, diagnostics, onFile);
  files.sort(compareCodePoints);
  return { files, diagnostics };
}

async function walk(
  root: string,
  dir: string,
  inherited: GitignoreRules,
  files: string[],
  diagnostics: Diagnostic[],
  onFile?: (count: number) => void,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch (error) {
    diagnostics.push(unreadable(dir === '' ? '.' : dir, `cannot list directory: ${reason(error)}`));
    return;
  }
  let rules = inherited;
  const gitignore = entries.find((e) => e.name === '.gitignore' && e.isFile());
  if (gitignore) {
    const path = child(dir, '.gitignore');
    try {
      rules = rules.with(dir, await readFile(join(root, path), 'utf8'));
    } catch (error) {
      diagnostics.push(unreadable(path, `cannot read .gitignore: ${reason(error)}`));
    }
  }
  const subdirectories: string[] = [];
  for (const entry of entries) {
    const name = entry.name;
    if (name === '.git' || name === 'node_modules' || (dir === '' && name.startsWith('bazel-'))) continue;
    const path = child(dir, name);
    // Dirents describe the link itself, so a symbolic link is never taken for a directory here.
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) isFile = await isFileTarget(join(root, path));
    if (entry.isDirectory()) {
      if (!rules.ignores(path, true)) subdirectories.push(path);
    } else if (isFile && !rules.ignores(path, false)) {
      files.push(path);
      onFile?.(files.length);
    }
  }
  await Promise.all(subdirectories.map((sub) => walk(root, sub, rules, files, diagnostics, onFile)));
}

function child(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Whether a symbolic link leads to a regular file (links to directories are never followed). */
async function isFileTarget(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false; // a dangling link holds nothing to scan
  }
}

function unreadable(file: string, message: string): Diagnostic {
  // A warning: the scan goes on, but annotations in that place are missing from the result.
  return diagnostic('read-error', 'warning', `${message}; annotations there are not scanned`, { file });
}
