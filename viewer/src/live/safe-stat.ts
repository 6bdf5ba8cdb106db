// SPDX-License-Identifier: AGPL-3.0-or-later
import { statSync, type Stats } from 'node:fs';

/**
 * stat that never throws: undefined for a missing path and for any other failure (ENOTDIR when a file
 * stands where a folder should be, EACCES, ELOOP), which the callers all treat as "not there".
 */
export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
