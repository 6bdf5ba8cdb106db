// SPDX-License-Identifier: AGPL-3.0-or-later
// The version of the code that makes cached geometry: a hash over the geometry layer's own files (the
// readers, the split and the part format, compiled or not) and KiCad's extraction script. A cache entry
// is stored under this key, so a changed extractor never serves what an older one extracted.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeDigest } from 'rules-rr/core/model/code-digest.js';
import { PART_FILE_VERSION } from './geometry-part-file.js';
import { GEOMETRY_INDEX_SCHEMA } from './geometry-parts.js';
import { pcbnewExtractScript } from './pcbnew-extractor.js';

let codeHash: string | undefined;

/** A hash of the geometry layer's code files and the pcbnew script (computed once per process). */
function geometryCodeHash(): string {
  codeHash ??= codeFilesHash(dirname(fileURLToPath(import.meta.url)), [pcbnewExtractScript()]);
  return codeHash;
}

/** A hash over the code files (.js, .ts, .py) of a folder and some more files (missing: an installation without the pcbnew script). */
export function codeFilesHash(folder: string, more: string[]): string {
  return codeDigest(`${GEOMETRY_INDEX_SCHEMA} ${PART_FILE_VERSION}`, [folder], {
    extensions: ['.js', '.ts', '.py'],
    files: more,
  });
}

/** The cache key of geometry made by this code with the named extractor (16 hex digits). */
export function geometryCacheKey(extractorId: string): string {
  return createHash('sha256').update(`${geometryCodeHash()}\n${extractorId}`).digest('hex').slice(0, 16);
}
