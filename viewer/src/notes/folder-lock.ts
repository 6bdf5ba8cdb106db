// SPDX-License-Identifier: AGPL-3.0-or-later
// A lock shared by every process that writes one folder (several viewers of one experiment write the
// same notes): a lock directory created with mkdir, which is atomic on every file system, holding an
// `owner` file with the holder's token, and removed when the work is done. A lock older than `staleMs`
// was left by a process that died (or stopped touching it) and is broken. The holder removes and touches
// only a lock that still names it: if another process broke it as stale and took it over meanwhile, the
// lock is theirs and stays.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';

/** The file in a lock directory that names its holder. */
export const LOCK_OWNER_FILE = 'owner';

export interface FolderLockOptions {
  /** How long to wait for another holder before giving up (ms). */
  waitMs?: number;
  /** A lock older than this is treated as abandoned (ms). */
  staleMs?: number;
  /**
   * For long work (a 3D export takes minutes): the holder touches the lock this often (ms), so a lock
   * goes stale only when its holder stopped, not when the work is slow.
   */
  heartbeatMs?: number;
  /** Called once when the lock is held by someone else and this process starts waiting. */
  onWait?: () => void;
  /** Stops waiting (the process is closing). */
  signal?: AbortSignal;
}

/** Runs `work` while holding the lock directory `lockDir`; `busy` when it cannot be had in time. */
export async function withFolderLock<T>(
  lockDir: string,
  work: () => T | Promise<T>,
  options: FolderLockOptions = {},
): Promise<T> {
  const waitMs = options.waitMs ?? 2000;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + waitMs;
  const token = `${hostname()} pid ${process.pid} ${randomUUID()}`;
  let waiting = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, LOCK_OWNER_FILE), token);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = ownerOf(lockDir);
    let age: number | undefined;
    try {
      age = Date.now() - statSync(lockDir).mtimeMs;
    } catch {
      continue; // released between mkdir and stat: try again at once
    }
    if (age > staleMs) {
      breakStale(lockDir, seen, token);
      continue;
    }
    if (Date.now() >= deadline)
      throw new ViewerRecordRequestError(
        'busy',
        `${lockDir} is held by another viewer; try again (remove the folder if no viewer is running)`,
      );
    options.signal?.throwIfAborted();
    if (!waiting) options.onWait?.();
    waiting = true;
    await sleep(options.heartbeatMs ? 200 : 20);
  }
  const heartbeat = options.heartbeatMs
    ? setInterval(() => {
        // Only our own lock: one broken as stale and taken over is kept alive by its new holder.
        if (ownerOf(lockDir) !== token) return;
        const now = new Date();
        try {
          utimesSync(lockDir, now, now);
        } catch {
          // broken as stale by another process: the work goes on, its result is still sound
        }
      }, options.heartbeatMs)
    : undefined;
  try {
    return await work();
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    if (ownerOf(lockDir) === token) rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The token in a lock directory's owner file, or undefined (none yet, or no lock). */
function ownerOf(lockDir: string): string | undefined {
  try {
    return readFileSync(join(lockDir, LOCK_OWNER_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock whose owner file said `seen`. The lock is first moved aside (rename is atomic), so
 * of several waiters breaking it at once one moves it; if what was moved is not the stale lock (another
 * waiter broke it and took the lock first), it is put back.
 */
function breakStale(lockDir: string, seen: string | undefined, token: string): void {
  const aside = `${lockDir}.stale-${token.replace(/\W+/g, '-')}`;
  try {
    renameSync(lockDir, aside);
  } catch {
    return; // gone already, or moved by another waiter
  }
  if (ownerOf(aside) !== seen) {
    try {
      renameSync(aside, lockDir);
      return;
    } catch {
      // a third process took the lock meanwhile; the one moved aside lost it
    }
  }
  rmSync(aside, { recursive: true, force: true });
}
