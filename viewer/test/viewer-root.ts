// SPDX-License-Identifier: AGPL-3.0-or-later
import { fileURLToPath } from 'node:url';

/** The viewer package's folder (viewer/ of the repository): its dist/, schemas/, examples/ and docs/. */
export const viewerRoot = fileURLToPath(new URL('..', import.meta.url));
