// SPDX-License-Identifier: AGPL-3.0-or-later
import { fileURLToPath } from 'node:url';

/** The viewer's command-line script of this checkout (the benches run from dist/bench/<name>/). */
export const VIEWER_BIN = fileURLToPath(new URL('../../bin/rr-viewer.js', import.meta.url));
