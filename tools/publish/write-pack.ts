// Writes the pack's files into the output folder all at once: into a new folder beside it first, then
// swapped in, so a failed publication leaves the previous pack as it was (nothing half-written).
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { PublishError } from './publish-error.js';
import { basename, dirname, join, resolve } from 'node:path';

/** Replaces the folder `out` with exactly `files` (paths relative to it). */
export async function writePack(out: string, files: ReadonlyMap<string, string | Buffer>): Promise<void> {
  const target = resolve(out);
  const parent = dirname(target);
  await mkdir(parent, { recursive: true });
  const fresh = join(parent, `.${basename(target)}.rr-publish-${process.pid}`);
  await rm(fresh, { recursive: true, force: true });
  try {
    for (const [path, content] of files) {
      const file = join(fresh, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    const existing = await stat(target).catch(() => undefined);
    if (existing && !existing.isDirectory())
      throw new PublishError(`${out} is a file, not a folder: name a folder for the pack`);
    if (existing && !(await replaceable(target)))
      throw new PublishError(
        `${out} holds files that are not an audit pack: name an empty or new folder (a pack replaces its folder as a whole)`,
      );
    const old = join(parent, `.${basename(target)}.rr-old-${process.pid}`);
    if (existing) await rename(target, old);
    await rename(fresh, target);
    if (existing) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}

/** Whether a folder may be replaced: empty, or a pack rr published (its start page says so). */
async function replaceable(dir: string): Promise<boolean> {
  if ((await readdir(dir)).length === 0) return true;
  const start = await readFile(join(dir, 'index.html'), 'utf8').catch(() => '');
  return start.includes('<meta name="generator" content="rr publish" />');
}
