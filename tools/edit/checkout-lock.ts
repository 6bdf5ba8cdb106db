// The advisory lock on a checkout (docs/editing.md, "Saves, conflicts and crashes"): one save at a time,
// across editor processes. It is rr's cross-process lock (files/cross-process-lock.ts) on the folder
// edit.lock in the checkout's state folder: it names its holder, and a holder that died (same host,
// process gone) or stopped touching it for a minute no longer holds it.
import { join } from 'node:path';
import { describeLockHolder, LockBusyError, withLock } from '../files/cross-process-lock.js';
import { EditError } from './edit-error.js';
import { editStateDir } from './state-dir.js';

export interface CheckoutLockOptions {
  /** how long to wait for another save to finish (default 10 s) */
  timeoutMs?: number;
}

/** Runs `fn` while holding the checkout's lock; waits for another holder, and gives up with `checkout-locked`. */
export async function withCheckoutLock<T>(
  root: string,
  fn: () => Promise<T>,
  options: CheckoutLockOptions = {},
): Promise<T> {
  const path = join(await editStateDir(root), 'edit.lock');
  try {
    // A save's holder touches the lock while it works, so only a holder that stopped leaves it stale.
    return await withLock(path, fn, {
      waitMs: options.timeoutMs ?? 10_000,
      staleMs: 60_000,
      heartbeatMs: 10_000,
    });
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    throw new EditError(
      'checkout-locked',
      `another save holds the checkout lock (${describeLockHolder(error.holder)}); try again when it is done, or remove ${path} if no editor is running`,
      { file: path },
    );
  }
}
