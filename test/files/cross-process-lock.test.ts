// rr's one cross-process lock (the editor's checkout lock, the viewer's notes, presets, controls and 3D
// exports): a lock whose holder stopped touching it is broken as stale; one whose holder keeps touching
// it (the heartbeat of a long export) is not, however old it started; a lock whose holder process died
// on this host is taken at once; a holder whose lock was broken and taken over does not remove the new
// holder's lock; a lock that cannot be had names its holder; and processes taking turns under it never
// overlap.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOCK_HOLDER_FILE,
  LockBusyError,
  lockHolder,
  withLock,
  type LockHolder,
} from '../../tools/files/cross-process-lock.js';
import { buildIfStale, REPO } from '../built-dist.js';
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

/** A lock folder as another process leaves it. */
function lockOf(lockDir: string, holder: Partial<LockHolder>): void {
  mkdirSync(lockDir);
  writeFileSync(join(lockDir, LOCK_HOLDER_FILE), JSON.stringify(holder));
}

/** The pid of a process that has ended. */
function deadPid(): number {
  return Number(
    execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }),
  );
}

const token = (lockDir: string) => lockHolder(lockDir)?.token;

describe('the cross-process lock', () => {
  it('breaks a stale lock that nobody touches, runs the work and removes the lock', async () => {
    const lock = join(tempDir(), '.lock');
    mkdirSync(lock); // left by a process that died before it wrote its holder
    backdate(lock);
    const result = await withLock(lock, () => (lockHolder(lock)?.pid === process.pid ? 'held' : 'no'), {
      staleMs: 10_000,
      waitMs: 5_000,
    });
    expect(result).toBe('held');
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a fresh lock held by another, after waiting for it, naming the holder', async () => {
    const lock = join(tempDir(), '.lock');
    // Process 1 always runs.
    lockOf(lock, { pid: 1, host: hostname(), token: 'other', since: '2026-01-31T12:00:00.000Z' });
    let waited = false;
    const error = await withLock(lock, () => 'ran', { waitMs: 100, onWait: () => (waited = true) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LockBusyError);
    expect((error as Error).message).toBe(
      `${lock} is held by process 1 on ${hostname()} since 2026-01-31T12:00:00.000Z`,
    );
    expect(waited).toBe(true);
    expect(token(lock)).toBe('other');
  });

  it('takes at once a lock whose holder process on this host has ended, however fresh', async () => {
    const lock = join(tempDir(), '.lock');
    lockOf(lock, { pid: deadPid(), host: hostname(), token: 'gone', since: new Date().toISOString() });
    expect(await withLock(lock, () => token(lock), { waitMs: 0, staleMs: 3_600_000 })).not.toBe('gone');
    expect(existsSync(lock)).toBe(false);
  });

  it('does not judge a holder on another host by its pid', async () => {
    const lock = join(tempDir(), '.lock');
    lockOf(lock, {
      pid: deadPid(),
      host: `not-${hostname()}`,
      token: 'far',
      since: new Date().toISOString(),
    });
    await expect(withLock(lock, () => 'ran', { waitMs: 50 })).rejects.toThrow(
      `is held by process ${lockHolder(lock)!.pid} on not-${hostname()}`,
    );
  });

  it('does not break a lock whose holder keeps touching it, however long ago it was taken', async () => {
    const lock = join(tempDir(), '.lock');
    const release = gate();
    const holder = withLock(lock, () => release.opened, { heartbeatMs: 20 });
    while (!existsSync(join(lock, LOCK_HOLDER_FILE))) await sleep(5);
    const held = token(lock);
    // Taken a minute ago: without the heartbeat it would be stale; the holder's touch makes it fresh.
    backdate(lock);
    while (Date.now() - statSync(lock).mtimeMs > 10_000) await sleep(10);
    await expect(withLock(lock, () => 'ran', { staleMs: 10_000, waitMs: 100 })).rejects.toBeInstanceOf(
      LockBusyError,
    );
    expect(token(lock)).toBe(held);
    release.open();
    await holder;
    expect(existsSync(lock)).toBe(false);
    expect(await withLock(lock, () => 'ran')).toBe('ran');
  });

  it('leaves the lock of a process that broke its own as stale and took it over', async () => {
    const lock = join(tempDir(), '.lock');
    const secondHolds = gate();
    const secondDone = gate();
    let second: Promise<string> | undefined;
    let takenOver: string | undefined;
    await withLock(lock, async () => {
      // This holder stalls (no heartbeat) until its lock looks abandoned; another process breaks it.
      backdate(lock);
      second = withLock(
        lock,
        async () => {
          takenOver = token(lock);
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
    expect(token(lock)).toBe(takenOver);
    await expect(withLock(lock, () => 'third', { waitMs: 50 })).rejects.toBeInstanceOf(LockBusyError);
    secondDone.open();
    expect(await second).toBe('second');
    expect(existsSync(lock)).toBe(false);
  });
});

describe('processes taking turns under the lock', () => {
  const module = join(REPO, 'dist/tools/files/cross-process-lock.js');
  beforeAll(() => buildIfStale('dist/tools/files/cross-process-lock.js', ['tools/files']), 120_000);

  it('never overlap: each read-add-write of a shared counter lands', async () => {
    const dir = tempDir();
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    // Each process adds one 15 times, pausing between reading and writing: without the lock the
    // processes would read the same value and lose additions.
    const script = `
      import { readFileSync, writeFileSync } from 'node:fs';
      import { setTimeout as sleep } from 'node:timers/promises';
      const { withLock } = await import(${JSON.stringify(module)});
      const [counter, lock] = process.argv.slice(1);
      for (let i = 0; i < 15; i++)
        await withLock(lock, async () => {
          const value = Number(readFileSync(counter, 'utf8'));
          await sleep(2);
          writeFileSync(counter, String(value + 1));
        }, { waitMs: 60_000 });
    `;
    const run = promisify(execFile);
    await Promise.all(
      [1, 2, 3].map(() =>
        run(process.execPath, ['--input-type=module', '-e', script, counter, join(dir, 'counter.lock')]),
      ),
    );
    expect(readFileSync(counter, 'utf8')).toBe('45');
    expect(existsSync(join(dir, 'counter.lock'))).toBe(false);
  });
});
