// rules_js reads only pnpm-lock.yaml (lockfile v9); npm reads package-lock.json. Both must pin the same
// packages, or Bazel builds rr with other dependencies than `npm ci` does. Regenerate with
// `npm run pnpm-lock` after changing dependencies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../cli/run-cli.js';

interface NpmLock {
  packages: Record<string, { version?: string; link?: boolean }>;
}

interface PnpmLock {
  lockfileVersion: string;
  importers: Record<string, Record<string, Record<string, { specifier: string; version: string }>>>;
  packages: Record<string, unknown>;
}

const read = (name: string) => readFileSync(join(repoRoot, name), 'utf8');

/** name@version of every package npm installs (nested copies included). */
function npmPackages(lock: NpmLock): Set<string> {
  const out = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.link || !entry.version) continue;
    out.add(`${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`);
  }
  return out;
}

describe('pnpm-lock.yaml', () => {
  const npm = JSON.parse(read('package-lock.json')) as NpmLock;
  const pnpm = parse(read('pnpm-lock.yaml')) as PnpmLock;
  const manifest = JSON.parse(read('package.json')) as Record<string, Record<string, string> | undefined>;

  it('is lockfile v9, the only version rules_js reads', () => {
    expect(pnpm.lockfileVersion).toBe('9.0');
  });

  it('pins exactly the packages package-lock.json pins', () => {
    const fromPnpm = new Set(Object.keys(pnpm.packages));
    const fromNpm = npmPackages(npm);
    expect(
      [...fromNpm].filter((p) => !fromPnpm.has(p)),
      'in package-lock.json only',
    ).toEqual([]);
    expect(
      [...fromPnpm].filter((p) => !fromNpm.has(p)),
      'in pnpm-lock.yaml only',
    ).toEqual([]);
  });

  it("records package.json's dependency ranges", () => {
    const root = pnpm.importers['.']!;
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const declared = manifest[field] ?? {};
      const locked = Object.fromEntries(Object.entries(root[field] ?? {}).map(([n, d]) => [n, d.specifier]));
      expect(locked, field).toEqual(declared);
    }
  });
});
