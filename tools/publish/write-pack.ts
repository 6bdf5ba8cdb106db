// Writes the pack's files into the output folder all at once: into a new folder beside it first, then
// swapped in, so a failed publication leaves the previous pack as it was (nothing half-written).
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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
      throw new Error(`${out} is a file, not a folder: name a folder for --out`);
    const old = join(parent, `.${basename(target)}.rr-old-${process.pid}`);
    if (existing) await rename(target, old);
    await rename(fresh, target);
    if (existing) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}
