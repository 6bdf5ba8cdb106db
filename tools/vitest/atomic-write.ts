// A report is read by Bazel and CI as soon as the test ends; a reader must never see half a file.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Writes `text` to `path` through a temporary file in the same folder and a rename (atomic on POSIX). */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  // Same folder, so the rename never crosses file systems; the pid keeps parallel runs apart.
  const temp = join(folder, `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
