// File writes that survive a crash: data is flushed before it is renamed into place, and the
// directory is flushed after the rename so the new name is on disk too.
import { constants } from 'node:fs';
import { chmod, open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { contentHash } from './content-hash.js';

/** Creates a new file (it must not exist), writes it, flushes it to disk, and gives it `mode`. */
export async function writeNewFileDurably(path: string, bytes: Uint8Array, mode?: number): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode ?? 0o666);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // The umask may have narrowed the mode at creation; the edited file keeps exactly its old one.
  if (mode !== undefined) await chmod(path, mode);
}

/** Flushes a directory's entries (new names, removed names); a no-op where directories cannot be opened. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open or flush directories; renames there are durable once they return.
  } finally {
    await handle?.close();
  }
}

/** Replaces a small file atomically (flushed before it is renamed over the old one), then flushes the directory. */
export async function replaceFileDurably(path: string, bytes: Uint8Array): Promise<void> {
  await writeFileAtomic(path, bytes);
  await syncDirectory(dirname(path));
}

/** The content hash of a file, or null when it does not exist. */
export async function hashOfFile(path: string): Promise<string | null> {
  const bytes = await readIfPresent(path);
  return bytes ? contentHash(bytes) : null;
}

/**
 * Whether a file holds exactly `bytes` (undefined when it does not exist): read into a buffer kept for
 * the next comparison, so checking every model file of a save allocates nothing per file.
 */
export async function fileHolds(path: string, bytes: Uint8Array): Promise<boolean | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let buffer = spare.pop() ?? Buffer.alloc(0);
  try {
    const { size } = await handle.stat();
    if (size !== bytes.length) return false;
    // One byte more than expected is read when there is one: a file that grew since differs.
    if (buffer.length <= size) buffer = Buffer.allocUnsafe(Math.max(size + 1, buffer.length * 2));
    let read = 0;
    while (read <= size) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return read === size && buffer.subarray(0, size).equals(bytes);
  } finally {
    spare.push(buffer);
    await handle.close();
  }
}

/** Buffers fileHolds reads into, one per comparison under way (saves of other sessions may overlap). */
const spare: Buffer[] = [];

/** A file's bytes, or undefined when it does not exist. */
export async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes a file; one already gone is fine. */
export async function removeIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
