import { dirname, resolve } from 'node:path';
import type { Model } from '../model/model.js';

/** The verification-set lock a model names (config.sets_lock, relative to the file that sets it), if any. */
export function verificationLockPathOf(model: Model): string | undefined {
  const setAt = model.configSources.sets_lock;
  return model.config.sets_lock && setAt ? resolve(dirname(setAt.file), model.config.sets_lock) : undefined;
}
