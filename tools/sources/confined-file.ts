// The real path of a file a request names relative to a folder, only when it lies inside that folder:
// NUL characters, absolute paths, `..` segments and symbolic links that lead out are refused before or
// after the file system is asked. The editor's code viewer and the viewer's source browser share it.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/** A file inside the folder, or why the path names none. */
export type ConfinedFile =
  | { ok: true; real: string; rel: string }
  | { ok: false; why: 'outside' | 'missing' | 'not-file'; message: string };

/** Resolves `path` inside `root`; `folder` names the folder in messages ("the repository"). */
export async function confinedFile(root: string, path: string, folder: string): Promise<ConfinedFile> {
  const outside = (message: string): ConfinedFile => ({ ok: false, why: 'outside', message });
  if (path.includes('\0')) return outside('a path has no NUL character');
  if (isAbsolute(path) || /^[a-zA-Z]:/.test(path) || path.startsWith('\\'))
    return outside(`give a path relative to ${folder}`);
  if (path.split(/[\\/]/).includes('..')) return outside(`a path may not leave ${folder}`);
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(join(realRoot, path));
  } catch {
    return { ok: false, why: 'missing', message: `${path} does not exist` };
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    return outside(`it leads out of ${folder}`);
  if (!(await stat(real)).isFile()) return { ok: false, why: 'not-file', message: `${path} is not a file` };
  return { ok: true, real, rel: rel.split(sep).join('/') };
}
