// rules_js reads only pnpm-lock.yaml (lockfile v9); npm reads package-lock.json. Both must pin the same
// packages, for both packages of the workspace (rr at the root, the viewer in viewer/), or Bazel builds
// rr with other dependencies than `npm ci` does. Regenerate with `npm run pnpm-lock` after changing
// dependencies. The viewer's dependency on rr is the root itself in both (npm's overrides and pnpm's
// overrides link it).
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
    // The packages of the workspace themselves ('' and viewer) are no installed packages.
    if (!path.includes('node_modules/') || entry.link || !entry.version) continue;
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

  it("records each package.json's dependency ranges, the link to rr as the override says", () => {
    const overrides = (manifest.pnpm as unknown as { overrides: Record<string, string> }).overrides;
    for (const [importer, file] of [
      ['.', 'package.json'],
      ['viewer', 'viewer/package.json'],
    ] as const) {
      const own = JSON.parse(read(file)) as Record<string, Record<string, string> | undefined>;
      const locked = pnpm.importers[importer]!;
      for (const field of ['dependencies', 'devDependencies'] as const) {
        const declared = Object.fromEntries(
          Object.entries(own[field] ?? {}).map(([n, range]) => [
            n,
            // pnpm records an overridden dependency by the override, relative to the importer's folder
            n in overrides ? `link:${importer === '.' ? '.' : '..'}` : range,
          ]),
        );
        const specifiers = Object.fromEntries(
          Object.entries(locked[field] ?? {}).map(([n, d]) => [n, d.specifier]),
        );
        expect(specifiers, `${importer} ${field}`).toEqual(declared);
      }
    }
  });
});
