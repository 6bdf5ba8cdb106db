// SPDX-License-Identifier: AGPL-3.0-or-later
import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A dot-named temporary file beside `path` (readers of the folder skip dot names). */
function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes a file so readers never see it half-written: the bytes go to a dot-named temporary file in the
 * same directory (readers skip dot names), which is then renamed over the final name (atomic on POSIX
 * within one file system).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temp = temporaryBeside(path);
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** writeFileAtomic without blocking the event loop: for large files written while a server answers. */
export async function writeFileAtomicAsync(path: string, data: string | Uint8Array): Promise<void> {
  const temp = temporaryBeside(path);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Creates a file that must not exist yet, whole or not at all: the bytes go to a temporary file that is
 * then hard-linked to the final name, which fails when the name is taken (rename would replace it).
 * Returns false, writing nothing, when the file already exists.
 */
export function createFileAtomic(path: string, data: string | Uint8Array): boolean {
  const temp = temporaryBeside(path);
  try {
    writeFileSync(temp, data);
    try {
      linkSync(temp, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    }
    // A file system without hard links: exclusive create still never replaces a record.
    try {
      writeFileSync(path, data, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    rmSync(temp, { force: true });
  }
}
