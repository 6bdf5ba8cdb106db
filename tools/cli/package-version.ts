import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../model/package-paths.js';

/** rr's version from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
