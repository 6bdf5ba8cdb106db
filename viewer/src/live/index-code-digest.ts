// SPDX-License-Identifier: AGPL-3.0-or-later
// The digest of the code a persistent live index depends on: this folder (facts, summaries, the index
// format) and the telemetry folder with the event schema (what counts as an event). An index written by
// other code is rebuilt, never trusted: a changed fold or check could give other summaries.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeDigest } from 'rules-rr/core/model/code-digest.js';
import { liveEventSchema } from '../telemetry/event-schema.js';

let digest: string | undefined;

/** The hex sha256 of the code and schema that make an index's facts (computed once per process). */
export function indexCodeDigest(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  digest ??= codeDigest(
    `rr live index code\0${JSON.stringify(liveEventSchema())}`,
    [here, join(here, '..', 'telemetry')],
    { extensions: ['.js', '.ts'] },
  );
  return digest;
}
