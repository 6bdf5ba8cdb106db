// The version of the code behind a cache: a digest of the files that make its entries. The compose
// cache, the viewer's live index and its geometry cache each key their entries by one, so an entry
// made by other code is made again, never trusted.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Which files of the folders count, and which single files besides. */
export interface CodeFiles {
  /** File name endings that count (e.g. `.js`); declaration files (`.d.ts`) never do. */
  extensions: readonly string[];
  /** More files by path; one that is missing counts as `missing`. */
  files?: readonly string[];
}

/** The hex sha256 of `seed`, then every counted file of `folders` (sorted by name) and `files`, by name and content. */
export function codeDigest(seed: string, folders: readonly string[], counted: CodeFiles): string {
  const hash = createHash('sha256').update(`${seed}\0`);
  const counts = (name: string) =>
    !name.endsWith('.d.ts') && counted.extensions.some((e) => name.endsWith(e));
  const paths = folders.flatMap((dir) =>
    readdirSync(dir)
      .filter(counts)
      .sort()
      .map((name) => join(dir, name)),
  );
  for (const path of [...paths, ...(counted.files ?? [])]) {
    hash.update(`${basename(path)}\0`);
    try {
      hash.update(readFileSync(path));
    } catch {
      hash.update('missing');
    }
  }
  return hash.digest('hex');
}
