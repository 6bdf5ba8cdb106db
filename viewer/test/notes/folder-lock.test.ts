// SPDX-License-Identifier: AGPL-3.0-or-later
// The lock folder every viewer of an experiment shares (notes, preferences, 3D exports): a lock whose
// holder stopped touching it is broken as stale; one whose holder keeps touching it (the heartbeat of a
// long export) is not, however old it started; and a holder whose lock was broken and taken over does not
// remove the new holder's lock when it finishes.
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LOCK_OWNER_FILE, withFolderLock } from '../../src/notes/folder-lock.js';
import { tempDir } from '../temp-dir.js';

/** Makes the lock folder look untouched for a minute. */
function backdate(lockDir: string): void {
  const old = new Date(Date.now() - 60_000);
  utimesSync(lockDir, old, old);
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the folder lock', () => {
  it('breaks a stale lock that nobody touches, runs the work and removes the lock', async () => {
    const lock = join(tempDir(), '.lock');
    mkdirSync(lock); // left by a viewer that died
    backdate(lock);
    const result = await withFolderLock(
      lock,
      () => (existsSync(join(lock, LOCK_OWNER_FILE)) ? 'held' : 'no'),
      {
        staleMs: 10_000,
        waitMs: 5_000,
      },
    );
    expect(result).toBe('held');
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a fresh lock held by another as busy, after waiting for it', async () => {
    const lock = join(tempDir(), '.lock');
    mkdirSync(lock);
    let waited = false;
    await expect(
      withFolderLock(lock, () => 'ran', { waitMs: 100, onWait: () => (waited = true) }),
    ).rejects.toMatchObject({ code: 'busy' });
    expect(waited).toBe(true);
    expect(existsSync(lock)).toBe(true);
  });

  it('does not break a lock whose holder keeps touching it, however long ago it was taken', async () => {
    const lock = join(tempDir(), '.lock');
    const release = gate();
    const holder = withFolderLock(lock, () => release.opened, { heartbeatMs: 20 });
    while (!existsSync(join(lock, LOCK_OWNER_FILE))) await sleep(5);
    const token = readFileSync(join(lock, LOCK_OWNER_FILE), 'utf8');
    // Taken a minute ago: without the heartbeat it would be stale; the holder's touch makes it fresh.
    backdate(lock);
    while (Date.now() - statSync(lock).mtimeMs > 10_000) await sleep(10);
    await expect(withFolderLock(lock, () => 'ran', { staleMs: 10_000, waitMs: 100 })).rejects.toMatchObject({
      code: 'busy',
    });
    expect(readFileSync(join(lock, LOCK_OWNER_FILE), 'utf8')).toBe(token);
    release.open();
    await holder;
    expect(existsSync(lock)).toBe(false);
    expect(await withFolderLock(lock, () => 'ran')).toBe('ran');
  });

  it('leaves the lock of a process that broke its own as stale and took it over', async () => {
    const lock = join(tempDir(), '.lock');
    const secondHolds = gate();
    const secondDone = gate();
    let second: Promise<string> | undefined;
    let takenOver = '';
    await withFolderLock(lock, async () => {
      // This holder stalls (no heartbeat) until its lock looks abandoned; another process breaks it.
      backdate(lock);
      second = withFolderLock(
        lock,
        async () => {
          takenOver = readFileSync(join(lock, LOCK_OWNER_FILE), 'utf8');
          secondHolds.open();
          await secondDone.opened;
          return 'second';
        },
        { staleMs: 10_000, waitMs: 5_000 },
      );
      await secondHolds.opened;
    });
    // The first holder finished: the lock is still there, and still the second one's.
    expect(existsSync(lock)).toBe(true);
    expect(readFileSync(join(lock, LOCK_OWNER_FILE), 'utf8')).toBe(takenOver);
    await expect(withFolderLock(lock, () => 'third', { waitMs: 50 })).rejects.toMatchObject({ code: 'busy' });
    secondDone.open();
    expect(await second).toBe('second');
    expect(existsSync(lock)).toBe(false);
  });
});
