// SPDX-License-Identifier: AGPL-3.0-or-later
// A lock shared by every process that writes one folder (several viewers of one experiment write the
// same notes): a lock directory created with mkdir, which is atomic on every file system, and removed
// when the work is done. A lock older than `staleMs` was left by a process that died and is broken.
import { mkdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';

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
  let waiting = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let age: number | undefined;
    try {
      age = Date.now() - statSync(lockDir).mtimeMs;
    } catch {
      continue; // released between mkdir and stat: try again at once
    }
    if (age > staleMs) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() >= deadline)
      throw new ViewerRecordRequestError(
        'busy',
        `${lockDir} is held by another viewer; try again (remove the folder if no viewer is running)`,
      );
    if (!waiting) options.onWait?.();
    waiting = true;
    await sleep(options.heartbeatMs ? 200 : 20);
  }
  const heartbeat = options.heartbeatMs
    ? setInterval(() => {
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
    rmSync(lockDir, { recursive: true, force: true });
  }
}
