// SPDX-License-Identifier: AGPL-3.0-or-later
// Fresh temporary directories for viewer tests, removed when the test ends.
import { tempDir as testTempDir } from '../../test/temp-dir.js';

/** A new empty directory, removed after the current test. */
export function tempDir(prefix = 'rr-viewer-'): string {
  return testTempDir(prefix);
}
