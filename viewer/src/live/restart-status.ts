// SPDX-License-Identifier: AGPL-3.0-or-later
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { statOrUndefined } from './safe-stat.js';

/** The experiment's optional restart-status.json, shown in the page as it is. */
export interface RestartStatus {
  file: string;
  /** The parsed JSON when it is valid. */
  value?: unknown;
  /** Why it could not be shown. */
  problem?: string;
}

/** Watches one experiment folder's restart-status.json with a stat per check. */
export class RestartStatusFile {
  private stamp = '';
  private current: RestartStatus | null = null;
  readonly path: string;

  constructor(experimentDir: string) {
    this.path = join(experimentDir, 'restart-status.json');
  }

  /** Re-reads the file when its size or mtime changed; returns whether the shown status changed. */
  check(): boolean {
    const st = statOrUndefined(this.path);
    const stamp = st ? `${st.size}:${st.mtimeMs}:${st.ino}` : '';
    if (stamp === this.stamp) return false;
    this.stamp = stamp;
    if (!st) this.current = null;
    else {
      try {
        const value: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
        this.current = { file: 'restart-status.json', value };
      } catch (error) {
        this.current = {
          file: 'restart-status.json',
          problem: `cannot show restart-status.json: ${(error as Error).message}`,
        };
      }
    }
    return true;
  }

  /** The status as last read (null when there is no file). */
  get status(): RestartStatus | null {
    return this.current;
  }
}
