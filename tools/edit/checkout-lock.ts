// The advisory lock on a checkout (docs/editing.md, "Saves, conflicts and crashes"): one save at a time,
// across editor processes. A lock file created exclusively names its holder; a holder that died (same host,
// process gone) no longer holds it.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isJsonObject, parseCheckedJson, shapeOf } from '../model/checked-json.js';
import { removeIfPresent } from './durable-fs.js';
import { EditError } from './edit-error.js';
import { editStateDir } from './state-dir.js';

export interface CheckoutLockOptions {
  /** how long to wait for another save to finish (default 10 s) */
  timeoutMs?: number;
}

interface Holder {
  pid: number;
  host: string;
  token: string;
  since: string;
}

/** Runs `fn` while holding the checkout's lock; waits for another holder, and gives up with `checkout-locked`. */
export async function withCheckoutLock<T>(
  root: string,
  fn: () => Promise<T>,
  options: CheckoutLockOptions = {},
): Promise<T> {
  const path = join(await editStateDir(root), 'edit.lock');
  const token = randomBytes(8).toString('hex');
  await acquire(path, token, options.timeoutMs ?? 10_000);
  try {
    return await fn();
  } finally {
    await release(path, token);
  }
}

async function acquire(path: string, token: string, timeoutMs: number): Promise<void> {
  const holder: Holder = { pid: process.pid, host: hostname(), token, since: new Date().toISOString() };
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
      try {
        await handle.writeFile(JSON.stringify(holder));
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await readHolder(path);
    if (await isStale(path, current)) {
      await removeIfPresent(path);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = current
        ? `process ${current.pid} on ${current.host} since ${current.since}`
        : 'another process';
      throw new EditError(
        'checkout-locked',
        `another save holds the checkout lock (${who}); try again when it is done, or remove ${path} if no editor is running`,
        { file: path },
      );
    }
    await new Promise((done) => setTimeout(done, wait));
  }
}

const HOLDER = shapeOf<Holder>((value) => {
  if (!isJsonObject(value)) return 'is not a JSON object';
  if (typeof value.pid !== 'number') return '"pid" must be a number';
  for (const key of ['host', 'token', 'since'])
    if (typeof value[key] !== 'string') return `"${key}" must be a string`;
  return undefined;
});

/** The lock's holder; undefined while the file is being written, or when it is damaged (see isStale). */
async function readHolder(path: string): Promise<Holder | undefined> {
  try {
    return parseCheckedJson(await readFile(path, 'utf8'), path, HOLDER);
  } catch {
    return undefined;
  }
}

/** A lock whose holder process is gone, or an unreadable lock file older than a minute. */
async function isStale(path: string, holder: Holder | undefined): Promise<boolean> {
  if (!holder) {
    const info = await stat(path).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > 60_000;
  }
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function release(path: string, token: string): Promise<void> {
  // Only our own lock: a lock taken over as stale belongs to someone else now.
  if ((await readHolder(path))?.token === token) await removeIfPresent(path);
}
