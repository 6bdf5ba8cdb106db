// Which file of the page's folder a URL path names. A path can only name a file inside the folder:
// `..`, dot-named segments, backslashes and NUL are refused, and so is a symbolic link that leads out.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

/** The file (as "/a/b.js" relative to `root`) a URL path names, or undefined when it names none. */
export function pageFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return undefined; // `..`, `.`, and hidden files
  let path = join(root, ...segments);
  try {
    const realRoot = realpathSync(root);
    let real = realpathSync(path);
    if (statSync(real).isDirectory()) {
      path = join(path, 'index.html');
      real = realpathSync(path);
    }
    if (!statSync(real).isFile()) return undefined;
    const rel = relative(realRoot, real);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  } catch {
    return undefined; // missing, or not readable: no file
  }
  return `/${relative(root, path).split(sep).join('/')}`;
}
