// SPDX-License-Identifier: AGPL-3.0-or-later
// Every third-party library served to a browser ships with its full licence text. The viewer's page
// loads its libraries unmodified: the assembled page (rr's ui/build-ui.mjs, with viewer/ui/ui-build.json)
// copies the files the page reaches from node_modules into vendor/<package>/, byte for byte, beside the
// package's licence file, lists them in third-party.json (read by the About dialog), and points the page's
// import map at them.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { viewerRoot } from '../viewer-root.js';

const DIST = join(viewerRoot, 'dist/ui');

/** Builds the pages when a single run of this file finds them missing (npm test builds first). */
function buildPages(): void {
  if (!existsSync(join(DIST, 'third-party.json')))
    execFileSync(
      process.execPath,
      [join(repoRoot, 'ui/build-ui.mjs'), '--app', 'ui', '--name', 'viewer', '--out', 'dist/ui'],
      { cwd: viewerRoot, stdio: 'ignore' },
    );
}

interface Library {
  name: string;
  version: string;
  license: string;
  licenseFile: string;
  files: string[];
}

function vendoredFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? vendoredFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}

describe('third-party libraries of the viewer page', () => {
  let libraries: Library[];

  beforeAll(() => {
    buildPages();
    libraries = (JSON.parse(readFileSync(join(DIST, 'third-party.json'), 'utf8')) as { libraries: Library[] })
      .libraries;
  }, 120_000);

  it('lists lit (with the packages it is made of), three and elkjs, with versions and licences', () => {
    const names = libraries.map((l) => l.name);
    expect(names).toEqual(
      expect.arrayContaining(['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'three', 'elkjs']),
    );
    // elkjs is loaded by URL, not imported: its API script and the web worker the schematic is laid out in.
    expect(libraries.find((l) => l.name === 'elkjs')).toMatchObject({
      licenseFile: 'vendor/elkjs/LICENSE.md',
      files: ['vendor/elkjs/lib/elk-api.js', 'vendor/elkjs/lib/elk-worker.min.js'],
    });
    for (const l of libraries) {
      const pkg = JSON.parse(
        readFileSync(join(repoRoot, 'node_modules', l.name, 'package.json'), 'utf8'),
      ) as {
        version: string;
        license: string;
      };
      expect(l, l.name).toMatchObject({ version: pkg.version, license: pkg.license });
    }
  });

  it('serves each library’s files and licence text exactly as the package has them', () => {
    for (const l of libraries) {
      expect(l.licenseFile, l.name).toMatch(new RegExp(`^vendor/${l.name}/(LICEN[CS]E|COPYING)`, 'i'));
      for (const file of [l.licenseFile, ...l.files]) {
        const inPackage = join(repoRoot, 'node_modules', file.replace(/^vendor\//, ''));
        expect(readFileSync(join(DIST, file)).equals(readFileSync(inPackage)), file).toBe(true);
      }
      expect(readFileSync(join(DIST, l.licenseFile), 'utf8').length, l.name).toBeGreaterThan(500);
    }
  });

  it('has nothing in vendor/ that the list does not name, and no package without its licence', () => {
    const listed = new Set(libraries.flatMap((l) => [l.licenseFile, ...l.files]));
    const present = vendoredFiles(join(DIST, 'vendor')).map((f) => `vendor/${f.split('\\').join('/')}`);
    expect(present.filter((f) => !listed.has(f))).toEqual([]);
  });

  it('bundles no third-party code into the page’s own script, and maps every import into vendor/', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      imports: Record<string, string>;
    };
    expect(Object.keys(map.imports)).toEqual(expect.arrayContaining(['lit', 'three']));
    for (const [specifier, target] of Object.entries(map.imports)) {
      expect(target, specifier).toMatch(/^\.\/vendor\//);
      expect(existsSync(join(DIST, target)), target).toBe(true);
    }
    const own = readFileSync(join(DIST, 'viewer.js'), 'utf8');
    expect(own).not.toContain('Copyright 2017 Google LLC'); // lit's licence header
    expect(existsSync(join(DIST, 'viewer.js.LEGAL.txt'))).toBe(false);
  });
});
