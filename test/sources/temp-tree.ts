// Temporary source trees for the scanner tests: each test writes its own files into a fresh
// directory, removed when the test ends.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { defaultConfig } from '../../tools/model/config.js';

/** File contents (or a symbolic link, its target relative to the link's directory) by path relative to the tree root ('/'-separated). */
export type Tree = Record<string, string | Uint8Array | { symlinkTo: string }>;

/** Writes a tree into a fresh temp directory (removed after the test) and returns its path. */
export async function sourceTree(tree: Tree): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'rr-sources-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(tree)) {
    const at = join(root, path);
    await mkdir(dirname(at), { recursive: true });
    if (typeof content === 'object' && 'symlinkTo' in content) await symlink(content.symlinkTo, at);
    else await writeFile(at, content);
  }
  return root;
}

/** The default config.annotation_patterns. */
export const DEFAULT_PATTERNS = defaultConfig().annotation_patterns;
