// Files written whole or not at all: a reader (another process, Bazel, a viewer) sees the old file or
// the new one, never half of one, and a failed write leaves no temporary file behind. The one place in
// rr and the viewer that writes through a temporary file and renames it (test/layers/one-home.test.ts).
// Whole contents go through write-file-atomic (flushes before the rename, keeps an existing file's mode
// and owner, writes through a symbolic link, removes its temporary file on failure and on exit); what a
// stream or another program produces, a new file that must not replace one, and a folder go through a
// temporary name of the same shape beside the target: `<name>.<number>`.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type writeFileAtomicPackage from 'write-file-atomic';

let loaded: typeof writeFileAtomicPackage | undefined;

// write-file-atomic (and signal-exit, which it loads) on first use: a run that writes no file (rr
// validate, rr report) loads none of it, a hundredth of such a run.
function writeFileAtomicModule(): typeof writeFileAtomicPackage {
  loaded ??= createRequire(import.meta.url)('write-file-atomic') as typeof writeFileAtomicPackage;
  return loaded;
}

/** How a file is written. */
export interface AtomicWriteOptions {
  /** Permission bits of the file; without it a new file gets the default and an existing one keeps its own. */
  mode?: number;
  /**
   * Flush the data to disk before the rename (default true), so a crash never leaves an empty file in
   * place of the old one; false for caches and telemetry that are rebuilt or rewritten anyway.
   */
  fsync?: boolean;
}

/** A name beside `path` for its temporary file, of the shape write-file-atomic uses: `<name>.<number>`. */
export function temporaryBeside(path: string, suffix = ''): string {
  return `${path}.${randomBytes(4).readUInt32BE(0)}${suffix}`;
}

function packageOptions(options: AtomicWriteOptions): writeFileAtomicPackage.Options {
  return {
    fsync: options.fsync ?? true,
    ...(options.mode === undefined ? {} : { mode: options.mode }),
  };
}

function bytesOf(data: string | Uint8Array): string | Buffer {
  return typeof data === 'string' || Buffer.isBuffer(data)
    ? data
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Replaces (or creates) a file with `data`, atomically. */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await writeFileAtomicModule()(path, bytesOf(data), packageOptions(options));
}

/** writeFileAtomic for callers that cannot wait (a request handler's short write, a cache entry). */
export function writeFileAtomicSync(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  writeFileAtomicModule().sync(path, bytesOf(data), packageOptions(options));
}

/**
 * Creates a file that must not exist yet, whole or not at all: the bytes go to a temporary file that is
 * then hard-linked to the final name, which fails when the name is taken (a rename would replace it).
 * Returns false, writing nothing, when the file already exists.
 */
export function createFileAtomicSync(path: string, data: string | Uint8Array): boolean {
  const temporary = temporaryBeside(path);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    }
    // A file system without hard links: an exclusive create still never replaces a file.
    try {
      writeFileSync(path, data, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Replaces `path` with what `produce` writes to the temporary path it is given (a stream, another
 * program): renamed into place when `produce` resolves to true; removed when it resolves to false or
 * fails. Resolves to whether the file was replaced.
 */
export async function replaceFileFrom(
  path: string,
  produce: (temporary: string) => Promise<boolean>,
  options: { suffix?: string } = {},
): Promise<boolean> {
  // The suffix keeps an extension for programs that choose the format by it (`.glb`).
  const temporary = temporaryBeside(path, options.suffix);
  try {
    if (!(await produce(temporary))) return false;
    await rename(temporary, path);
    return true;
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Creates the folder `target` holding `files` (paths relative to it, with '/', to their contents), all
 * or nothing: they are written into a temporary folder beside it that is then renamed into place.
 * `target` must not exist or be an empty folder.
 */
export async function createFolderAtomic(
  target: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = temporaryBeside(target);
  await mkdir(temporary);
  try {
    for (const [path, content] of files) {
      const file = join(temporary, ...path.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    // An empty folder in the way is removed (rmdir refuses one that is not empty).
    await rmdir(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}
