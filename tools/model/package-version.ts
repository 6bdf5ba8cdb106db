// rr's own version and licence, as its package.json states them (shown by the CLI, the editor and the viewer).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isJsonObject, parseCheckedJson, shapeOf } from './checked-json.js';
import { packageRoot } from './package-paths.js';

export interface PackageFields {
  version?: string;
  license?: string;
}

const PACKAGE_FIELDS = shapeOf<PackageFields>((value) => {
  if (!isJsonObject(value)) return 'is not a JSON object';
  for (const key of ['version', 'license']) {
    const field = value[key];
    if (field !== undefined && typeof field !== 'string') return `"${key}" must be a string`;
  }
  return undefined;
});

function packageJson(): PackageFields {
  return packageFields(join(packageRoot(), 'package.json'));
}

/** The version and licence a package.json states. */
export function packageFields(path: string): PackageFields {
  return parseCheckedJson(
    readFileSync(path, 'utf8'),
    path,
    PACKAGE_FIELDS,
    'the rr installation is damaged; reinstall it',
  );
}

/** rr's version from its package.json. */
export function packageVersion(): string {
  return packageJson().version ?? '0.0.0';
}

/** rr's licence (an SPDX expression) from its package.json. */
export function packageLicense(): string {
  return packageJson().license ?? 'UNLICENSED';
}
