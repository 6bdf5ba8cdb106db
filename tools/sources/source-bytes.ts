import { close, fstat, open, read } from 'node:fs';
import { promisify } from 'node:util';
import { reason } from '../model/model-files.js';

/** Files above this size are not scanned: they are generated or data, not annotated source. */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

/** A NUL byte in this many leading bytes marks a file as binary, as git and grep decide. */
export const BINARY_PROBE_BYTES = 8 * 1024;

// Most source files fit in one read of this size, so they cost open, read and close and no more.
const FIRST_READ_BYTES = 64 * 1024;

// The callback API, promisified: FileHandle adds bookkeeping that costs about a third of the
// time of reading a small file.
const openFile = promisify(open);
const readFile = promisify(read);
const closeFile = promisify(close);
const statFile = promisify(fstat);

/** A file's bytes when it is scannable text, or why it is not. */
export type SourceBytes =
  | { kind: 'text'; bytes: Buffer }
  | { kind: 'binary' }
  | { kind: 'too-large'; size: number }
  | { kind: 'unreadable'; reason: string };

/** Reads a regular file unless it is binary or larger than MAX_SOURCE_BYTES. */
export async function readSourceBytes(path: string): Promise<SourceBytes> {
  let fd: number;
  try {
    fd = await openFile(path, 'r');
  } catch (error) {
    return { kind: 'unreadable', reason: reason(error) };
  }
  try {
    return await readOpen(fd);
  } catch (error) {
    return { kind: 'unreadable', reason: reason(error) };
  } finally {
    await closeFile(fd).catch(() => undefined);
  }
}

async function readOpen(fd: number): Promise<SourceBytes> {
  const first = Buffer.allocUnsafe(FIRST_READ_BYTES);
  const { bytesRead } = await readFile(fd, first, 0, FIRST_READ_BYTES, 0);
  if (first.subarray(0, Math.min(bytesRead, BINARY_PROBE_BYTES)).includes(0)) return { kind: 'binary' };
  // A short read of a regular file means its end was reached.
  if (bytesRead < FIRST_READ_BYTES) return { kind: 'text', bytes: first.subarray(0, bytesRead) };
  const { size } = await statFile(fd);
  if (size > MAX_SOURCE_BYTES) return { kind: 'too-large', size };
  // Up to the size at fstat: a file that grows while read is taken as it was.
  const bytes = Buffer.allocUnsafe(Math.max(size, bytesRead));
  first.copy(bytes, 0, 0, bytesRead);
  let filled = bytesRead;
  while (filled < bytes.length) {
    const more = await readFile(fd, bytes, filled, bytes.length - filled, filled);
    if (more.bytesRead === 0) break;
    filled += more.bytesRead;
  }
  return { kind: 'text', bytes: bytes.subarray(0, filled) };
}
