// SPDX-License-Identifier: AGPL-3.0-or-later
// The digest of the code a persistent live index depends on: this folder (facts, summaries, the index
// format) and the telemetry folder with the event schema (what counts as an event). An index written by
// other code is rebuilt, never trusted: a changed fold or check could give other summaries.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveEventSchema } from '../telemetry/event-schema.js';

let digest: string | undefined;

/** The hex sha256 of the code and schema that make an index's facts (computed once per process). */
export function indexCodeDigest(): string {
  if (digest !== undefined) return digest;
  const hash = createHash('sha256').update('rr live index code\0');
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, join(here, '..', 'telemetry')]) {
    for (const name of readdirSync(dir).sort()) {
      if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        hash
          .update(name)
          .update('\0')
          .update(readFileSync(join(dir, name)));
    }
  }
  hash.update(JSON.stringify(liveEventSchema()));
  digest = hash.digest('hex');
  return digest;
}
