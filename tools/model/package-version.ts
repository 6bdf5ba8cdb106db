// rr's own version and licence, as its package.json states them (shown by the CLI, the editor and the viewer).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-paths.js';

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
