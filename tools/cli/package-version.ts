import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../model/package-paths.js';

function packageJson(): { version?: string; license?: string } {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version?: string;
    license?: string;
  };
}

/** rr's version from its package.json. */
export function packageVersion(): string {
  return packageJson().version ?? '0.0.0';
}

/** rr's licence (an SPDX expression) from its package.json. */
export function packageLicense(): string {
  return packageJson().license ?? 'UNLICENSED';
}
