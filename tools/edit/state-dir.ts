import { mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where the editor keeps its checkout lock and journal: inside the git directory of a checkout
 * (`.git/rr-edit`, per worktree), so nothing shows in `git status`; `.rr-edit` at the root otherwise.
 */
export async function editStateDir(root: string): Promise<string> {
  const dotGit = join(root, '.git');
  const info = await stat(dotGit).catch(() => undefined);
  let dir = join(root, '.rr-edit');
  if (info?.isDirectory()) dir = join(dotGit, 'rr-edit');
  else if (info?.isFile()) {
    // A linked worktree: `.git` is a file naming the worktree's own git directory.
    const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'))?.[1];
    if (gitdir) dir = join(resolve(root, gitdir), 'rr-edit');
  }
  await mkdir(dir, { recursive: true });
  return dir;
}
