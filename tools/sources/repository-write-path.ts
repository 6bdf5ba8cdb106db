// Where a file rr writes by a path relative to the repository may go: the same confinement as the
// reader's (repository-file.ts: no NUL, absolute path, `..` or `.git`), checked on the file system too.
// The file need not exist: every part of the path that exists is resolved through its symbolic links and
// must stay inside the repository and outside `.git`; the parts still to be created hang below it.
import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { isGitSegment, lexicalRefusal } from './repository-file.js';

/** Where a write may go (the real path to write), or why not. */
export type RepositoryWritePath =
  { kind: 'file'; real: string; relative: string } | { kind: 'refused'; reason: string };

/**
 * Resolves a path relative to the repository to a place inside it where a file (or, with `what`
 * 'folder', a folder: the audit pack's) may be written.
 */
export async function repositoryWritePath(
  root: string,
  path: string,
  what: 'file' | 'folder' = 'file',
): Promise<RepositoryWritePath> {
  const refuse = (reason: string): RepositoryWritePath => ({ kind: 'refused', reason });
  const lexical = lexicalRefusal(path);
  if (lexical) return refuse(lexical);
  const realRoot = await realpath(root);
  const segments = path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return refuse('name a file inside the repository');
  const inside = (real: string): string | null => {
    const rel = relative(realRoot, real);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
    return rel;
  };
  let at = realRoot;
  let existing = 0;
  for (const segment of segments) {
    const next = join(at, segment);
    try {
      await lstat(next);
    } catch {
      break;
    }
    let real: string;
    try {
      real = await realpath(next);
    } catch {
      return refuse(`${path}: a symbolic link on the way leads nowhere`);
    }
    const rel = inside(real);
    if (rel === null) return refuse(`${path}: it leads out of the repository`);
    if (rel.split(sep).some(isGitSegment)) return refuse(`${path}: the git directory is not written`);
    at = real;
    existing++;
  }
  if (existing === segments.length) {
    const info = await stat(at);
    if (what === 'file' && !info.isFile()) return refuse(`${path}: it is not a file`);
    if (what === 'folder' && !info.isDirectory()) return refuse(`${path}: it is not a folder`);
  }
  const real = join(at, ...segments.slice(existing));
  return { kind: 'file', real, relative: relative(realRoot, real).split(sep).join('/') };
}
