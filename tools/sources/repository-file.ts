// Reading a file of the repository by a path relative to it, confined to it: no `..`, no absolute path,
// no `.git` segment, no NUL, and no symbolic link that leads out (the real path is checked). The editor's
// source endpoint and the agents' file excerpts both read through here.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { readSourceBytes } from './source-bytes.js';

/** Where a repository path leads: a file's real path, or why not. */
export type RepositoryPath =
  | { kind: 'file'; real: string; relative: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'missing'; reason: string };

/** A repository file's text, or why it cannot be had. */
export type RepositoryText =
  | { kind: 'text'; path: string; text: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'missing'; reason: string }
  | { kind: 'binary' }
  | { kind: 'too-large'; size: number }
  | { kind: 'not-utf8' };

/** Why a path is refused before the file system is asked (NUL, absolute, `..`, `.git`), or null. */
export function lexicalRefusal(path: string): string | null {
  if (path.includes('\0')) return 'a path has no NUL character';
  if (isAbsolute(path) || /^[a-zA-Z]:/.test(path) || path.startsWith('\\'))
    return 'give a path relative to the repository';
  const segments = path.split(/[\\/]/);
  if (segments.includes('..')) return 'a path may not leave the repository';
  if (segments.some(isGitSegment)) return 'the git directory is not served';
  return null;
}

/** Whether a path segment is the git directory (any case: case-insensitive file systems). */
export function isGitSegment(segment: string): boolean {
  return segment.toLowerCase() === '.git';
}

/** Resolves a path relative to the repository to a regular file inside it. */
export async function repositoryPath(root: string, path: string): Promise<RepositoryPath> {
  const refuse = (reason: string): RepositoryPath => ({ kind: 'refused', reason });
  const lexical = lexicalRefusal(path);
  if (lexical) return refuse(lexical);
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(join(realRoot, path));
  } catch {
    return { kind: 'missing', reason: `${path} does not exist` };
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return refuse('it leads out of the repository');
  if (rel.split(sep).some(isGitSegment)) return refuse('the git directory is not served');
  if (!(await stat(real)).isFile()) return { kind: 'missing', reason: `${path} is not a file` };
  return { kind: 'file', real, relative: rel.split(sep).join('/') };
}

/** The UTF-8 text of a repository file, read through repositoryPath's confinement. */
export async function readRepositoryText(root: string, path: string): Promise<RepositoryText> {
  const where = await repositoryPath(root, path);
  if (where.kind !== 'file') return where;
  const read = await readSourceBytes(where.real);
  if (read.kind === 'unreadable') return { kind: 'missing', reason: `cannot read ${path}: ${read.reason}` };
  if (read.kind !== 'text') return read;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.bytes);
    return { kind: 'text', path: where.relative, text };
  } catch {
    return { kind: 'not-utf8' };
  }
}
