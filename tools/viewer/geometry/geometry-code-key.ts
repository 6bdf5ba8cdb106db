// SPDX-License-Identifier: AGPL-3.0-or-later
// The version of the code that makes cached geometry: a hash over the geometry layer's own files (the
// readers, the split and the part format, compiled or not) and KiCad's extraction script. A cache entry
// is stored under this key, so a changed extractor never serves what an older one extracted.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PART_FILE_VERSION } from './geometry-part-file.js';
import { GEOMETRY_INDEX_SCHEMA } from './geometry-parts.js';
import { pcbnewExtractScript } from './pcbnew-extractor.js';

const CODE = /\.(?:js|ts|py)$/;
let codeHash: string | undefined;

/** A hash of the geometry layer's code files and the pcbnew script (computed once per process). */
export function geometryCodeHash(): string {
  codeHash ??= codeFilesHash(dirname(fileURLToPath(import.meta.url)), [pcbnewExtractScript()]);
  return codeHash;
}

/** A hash over the code files (.js, .ts, .py) of a folder and some more files, by name and content. */
export function codeFilesHash(folder: string, more: string[]): string {
  const files = readdirSync(folder)
    .filter((name) => CODE.test(name) && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => join(folder, name));
  const hash = createHash('sha256').update(`${GEOMETRY_INDEX_SCHEMA} ${PART_FILE_VERSION}\n`);
  for (const file of [...files, ...more]) {
    hash.update(`${basename(file)}\n`);
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('missing'); // an installation without the pcbnew script
    }
  }
  return hash.digest('hex');
}

/** The cache key of geometry made by this code with the named extractor (16 hex digits). */
export function geometryCacheKey(extractorId: string): string {
  return createHash('sha256').update(`${geometryCodeHash()}\n${extractorId}`).digest('hex').slice(0, 16);
}
