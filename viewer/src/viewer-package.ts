// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer package's own folder: its schemas/, examples/, built page (dist/ui) and command-line
// script, found from this module whether it runs from src/ (tests) or dist/src/ (the build).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFile } from 'rules-rr/core/model/bundled-schema.js';
import { packageFields } from 'rules-rr/core/model/package-version.js';

/** The viewer package's name, as rr looks it up to run `rr view`. */
export const VIEWER_PACKAGE = 'rules-rr-viewer';

let root: string | undefined;

/** The viewer package folder (the one whose package.json names rules-rr-viewer). */
export function viewerPackageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === VIEWER_PACKAGE
    )
      return (root = dir);
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('rr viewer: cannot find its package folder; the installation is incomplete');
    dir = parent;
  }
}

/** One of the viewer's JSON Schemas (schemas/ of the viewer package), as parsed JSON. */
export function viewerSchema(name: string): Record<string, unknown> {
  return schemaFile(join(viewerPackageRoot(), 'schemas', name));
}

/** The viewer's version and licence, as its package.json states them. */
export function viewerPackageFields(): { version: string; license: string } {
  const fields = packageFields(join(viewerPackageRoot(), 'package.json'));
  return { version: fields.version ?? '0.0.0', license: fields.license ?? 'AGPL-3.0-or-later' };
}
