// SPDX-License-Identifier: AGPL-3.0-or-later
// File facts of the geometry cache: a fingerprint (size, time, inode) that tells whether a file changed
// since it was last checked, and a file's size. Its files are written with rr's writeFileAtomic.
import { stat } from 'node:fs/promises';

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
