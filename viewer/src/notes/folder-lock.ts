// SPDX-License-Identifier: AGPL-3.0-or-later
// The lock folder every viewer of an experiment shares (notes, presets, controls, 3D exports): rr's
// cross-process lock (rules-rr/core/files/cross-process-lock.ts), with a holder that cannot be had in
// time answered as `busy`, naming the holder.
import {
  describeLockHolder,
  LockBusyError,
  withLock,
  type LockOptions,
} from 'rules-rr/core/files/cross-process-lock.js';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';

/** Runs `work` while holding the lock folder `lockDir`; `busy` when it cannot be had in time (default 2 s). */
export async function withFolderLock<T>(
  lockDir: string,
  work: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  try {
    return await withLock(lockDir, work, { waitMs: 2000, ...options });
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    throw new ViewerRecordRequestError(
      'busy',
      `${lockDir} is held by another viewer (${describeLockHolder(error.holder)}); try again (remove the folder if no viewer is running)`,
    );
  }
}
