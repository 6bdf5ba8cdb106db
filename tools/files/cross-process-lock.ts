// The one lock that processes sharing a folder take (test/layers/one-home.test.ts): the editor's
// checkout lock, the viewer's notes, presets, controls and 3D exports. A lock is a folder created with
// mkdir, which is atomic on every file system, holding holder.json: the holder's process, host, a token
// and since when. It is removed when the work is done. A lock is stale, and is broken, when its holder
// was a process on this host that no longer runs, or when it was not touched for `staleMs` (a holder
// doing long work touches it every `heartbeatMs`). Breaking moves the lock aside first (rename is
// atomic), so of several waiters one breaks it, and a lock taken meanwhile by another is put back. A
// holder removes and touches only a lock that still names it.
//
// Not proper-lockfile: it names no holder, cannot tell a holder that died at once, removes a lock it
// judged stale with rmdir after a stat, which removes a lock another waiter took in between (two
// holders), and throws from a timer when its lock is taken over.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The file in a lock folder that names its holder. */
export const LOCK_HOLDER_FILE = 'holder.json';

/** Who holds a lock. */
export interface LockHolder {
  pid: number;
  host: string;
  /** Tells this holding of the lock from any other, by the same process too. */
  token: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
}

export interface LockOptions {
  /** How long to wait for another holder before giving up (ms, default 10 s). */
  waitMs?: number;
  /** A lock not touched for this long is abandoned (ms, default 10 s). */
  staleMs?: number;
  /**
   * For long work: the holder touches the lock this often (ms), so the lock goes stale only when its
   * holder stopped, not when the work is slow.
   */
  heartbeatMs?: number;
  /** Called once when another process holds the lock and this one starts waiting. */
  onWait?: () => void;
  /** Stops waiting (the process is closing). */
  signal?: AbortSignal;
}

/** Thrown when the lock could not be had in time; says who holds it. */
export class LockBusyError extends Error {
  constructor(
    readonly lockDir: string,
    /** The holder as its holder.json says, when it could be read. */
    readonly holder: LockHolder | undefined,
  ) {
    super(`${lockDir} is held by ${describeLockHolder(holder)}`);
  }
}

/** "process 12 on build-3 since 2026-01-31T12:00:00.000Z", or "another process" when unknown. */
export function describeLockHolder(holder: LockHolder | undefined): string {
  return holder ? `process ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process';
}

/** Runs `work` while holding the lock folder `lockDir`; throws LockBusyError when it cannot be had in time. */
export async function withLock<T>(
  lockDir: string,
  work: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const token = randomUUID();
  await acquire(lockDir, token, options);
  const heartbeat = options.heartbeatMs
    ? setInterval(() => touch(lockDir, token), options.heartbeatMs)
    : undefined;
  try {
    return await work();
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    // Only our own lock: one broken as stale and taken over belongs to its new holder.
    if (lockHolder(lockDir)?.token === token) rmSync(lockDir, { recursive: true, force: true });
  }
}

// Each step below is synchronous: no other work of this process runs between looking at a lock and
// acting on what was seen.
async function acquire(lockDir: string, token: string, options: LockOptions): Promise<void> {
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  let pause = 5;
  for (let waiting = false; ; waiting = true) {
    if (tryCreate(lockDir, token)) return;
    const seen = lockHolder(lockDir);
    let age: number;
    try {
      age = Date.now() - statSync(lockDir).mtimeMs;
    } catch {
      continue; // released between mkdir and stat: try again at once
    }
    if (age > staleMs || (seen !== undefined && holderIsGone(seen))) {
      breakStale(lockDir, seen, token);
      continue;
    }
    if (Date.now() >= deadline) throw new LockBusyError(lockDir, seen);
    options.signal?.throwIfAborted();
    if (!waiting) options.onWait?.();
    await sleep(pause);
    pause = Math.min(pause * 2, options.heartbeatMs ? 200 : 50);
  }
}

/** Creates the lock folder with our holder.json; false when it exists. */
function tryCreate(lockDir: string, token: string): boolean {
  try {
    mkdirSync(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), token, since: new Date().toISOString() };
  try {
    writeFileSync(join(lockDir, LOCK_HOLDER_FILE), JSON.stringify(holder));
  } catch (error) {
    rmSync(lockDir, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/** The holder a lock folder names; undefined while it is being written, or when it is damaged. */
export function lockHolder(lockDir: string): LockHolder | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(lockDir, LOCK_HOLDER_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    // Each field is checked before the object is taken for a holder.
    const value: Partial<Record<keyof LockHolder, unknown>> = parsed;
    if (
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.token === 'string' &&
      typeof value.since === 'string'
    )
      return value as LockHolder;
  } catch {
    // no lock, no holder.json yet, or not JSON: no holder known
  }
  return undefined;
}

/** Whether a holder was a process on this host that no longer runs. */
function holderIsGone(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Keeps our lock fresh; a lock broken as stale and taken over is left to its new holder. */
function touch(lockDir: string, token: string): void {
  if (lockHolder(lockDir)?.token !== token) return;
  const now = new Date();
  try {
    utimesSync(lockDir, now, now);
  } catch {
    // broken as stale by another process meanwhile: the work goes on, its result is still sound
  }
}

/**
 * Removes a stale lock that named `seen`. It is moved aside first, so of several waiters breaking it at
 * once one moves it; if what was moved is not the stale lock (another waiter broke it and took the
 * lock first), it is put back.
 */
function breakStale(lockDir: string, seen: LockHolder | undefined, token: string): void {
  const aside = `${lockDir}.stale-${token}`;
  try {
    renameSync(lockDir, aside);
  } catch {
    return; // gone already, or moved by another waiter
  }
  if (lockHolder(aside)?.token !== seen?.token) {
    try {
      renameSync(aside, lockDir);
      return;
    } catch {
      // a third process took the lock meanwhile; the one moved aside lost it
    }
  }
  rmSync(aside, { recursive: true, force: true });
}
