import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The rr package directory (holding schemas/), found from this module whether run from tools/ or dist/. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'schemas', 'model.schema.json'))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('rr: cannot find its schemas/ folder; the installation is incomplete');
    dir = parent;
  }
  root = dir;
  return dir;
}

/** Absolute path of a bundled JSON Schema by file name. */
export function schemaPath(name: string): string {
  return join(packageRoot(), 'schemas', name);
}
