// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads every `.ato` file of the source folder (and of the parts folder when it lies elsewhere) and parses
// it. A file that does not parse is a problem with its line and column, not a failure of the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseAtoFile } from './ato-parser.js';
import { AtoSyntaxError } from './ato-syntax-error.js';
import type { AtoFile } from './ato-syntax.js';
import type { DesignManifest } from './design-manifest.js';
import type { DesignSourceProblem } from './design-source-problem.js';

/** Files of the parts folder, when it is not inside the source folder, are named with this prefix. */
export const PARTS_PREFIX = '@parts/';

/** At most this many `.ato` files are read: a source folder is a design, not a disk. */
const MAX_FILES = 5000;

/** The parsed sources, by name (a path relative to the source folder, with `/`). */
export interface DesignSourceFiles {
  files: Map<string, AtoFile>;
  /** Every `.ato` file found, parsed or not, with its line count. */
  listed: { path: string; lines: number; parsed: boolean }[];
  problems: DesignSourceProblem[];
}

/** The absolute path of a source name. */
export function sourcePath(manifest: DesignManifest, name: string): string {
  return name.startsWith(PARTS_PREFIX)
    ? join(manifest.partsDir, name.slice(PARTS_PREFIX.length))
    : join(manifest.sourceDir, name);
}

/** The source name of an absolute path, or undefined when it lies in neither folder. */
export function sourceName(manifest: DesignManifest, path: string): string | undefined {
  for (const [root, prefix] of [
    [manifest.sourceDir, ''],
    [manifest.partsDir, PARTS_PREFIX],
  ] as const) {
    const rel = relative(root, path);
    if (rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel))
      return prefix + rel.split(sep).join('/');
  }
  return undefined;
}

/** Reads and parses the design's `.ato` files. */
export function loadDesignSourceFiles(manifest: DesignManifest): DesignSourceFiles {
  const out: DesignSourceFiles = { files: new Map(), listed: [], problems: [] };
  const paths: string[] = [];
  walk(manifest.sourceDir, paths);
  if (sourceName(manifest, manifest.partsDir)?.startsWith(PARTS_PREFIX) !== false)
    walk(manifest.partsDir, paths);
  for (const path of [...new Set(paths)].slice(0, MAX_FILES)) {
    const name = sourceName(manifest, path)!;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      out.problems.push({
        file: name,
        message: `cannot read it: ${(error as NodeJS.ErrnoException).code}`,
        severity: 'error',
      });
      continue;
    }
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    try {
      out.files.set(name, parseAtoFile(text, name));
      out.listed.push({ path: name, lines, parsed: true });
    } catch (error) {
      if (!(error instanceof AtoSyntaxError)) throw error;
      out.listed.push({ path: name, lines, parsed: false });
      out.problems.push({
        file: error.file,
        line: error.line,
        column: error.column,
        message: error.reason,
        severity: 'error',
      });
    }
  }
  if (paths.length > MAX_FILES)
    out.problems.push({
      file: manifest.sourceDir,
      message: `holds ${paths.length} .ato files; only the first ${MAX_FILES} are read`,
      severity: 'warning',
    });
  out.listed.sort((a, b) => a.path.localeCompare(b.path));
  return out;
}

/** `.ato` files under a folder; dot folders and symbolic links are not followed. */
function walk(dir: string, into: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) walk(join(dir, e.name), into);
    else if (e.isFile() && e.name.endsWith('.ato')) into.push(join(dir, e.name));
  }
}
