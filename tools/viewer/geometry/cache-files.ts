// SPDX-License-Identifier: AGPL-3.0-or-later
// File operations of the geometry cache: whole-file writes a reader never sees half of, and a
// fingerprint (size, time, inode) that tells whether a file changed since it was last checked.
import { randomBytes } from 'node:crypto';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';

/** Writes a file through a temporary file in the same folder and a rename. */
export async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  // Same folder, so the rename never crosses file systems; pid and random bytes keep writers apart.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Size, modification time and inode of a file; throws when it does not exist. */
export async function fingerprint(file: string): Promise<string> {
  const info = await stat(file);
  return `${info.size}:${info.mtimeMs}:${info.ino}`;
}

/** The size of a file, or undefined when there is none. */
export async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}
