// SPDX-License-Identifier: AGPL-3.0-or-later
// A temporary directory that lives as long as the test file (for exports shared by its tests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A new directory, removed after the file's tests; call it at collection or in beforeAll. */
export function tempDirForFile(prefix = 'rr-netlist-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
