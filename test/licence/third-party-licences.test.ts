// Every third-party library served to a browser ships with its full licence text. The editor's page
// bundles its libraries into main.js: each bundled package's licence text is copied into
// licences/<package>/, listed in third-party.json and linked from licences.html, which the page links.
// (The viewer's page, which loads its libraries unmodified, has its own test in viewer/test/licence/.)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';

const EDITOR = join(repoRoot, 'dist/ui/editor');

/** Builds the pages when a single run of this file finds them missing (npm test builds first). */
function buildPages(): void {
  if (!existsSync(join(EDITOR, 'third-party.json')))
    execFileSync(process.execPath, [join(repoRoot, 'ui/build-ui.mjs')], { cwd: repoRoot, stdio: 'ignore' });
}

interface Library {
  name: string;
  version: string;
  license: string;
  licenseFile: string;
  files: string[];
}

export function vendoredFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? vendoredFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}

describe('third-party libraries of the editor page', () => {
  let libraries: (Library & { bundled: boolean })[];
  /** The packages whose files went into main.js, from its source map (what esbuild bundled). */
  let bundled: string[];

  beforeAll(() => {
    buildPages();
    libraries = (
      JSON.parse(readFileSync(join(EDITOR, 'third-party.json'), 'utf8')) as {
        libraries: (Library & { bundled: boolean })[];
      }
    ).libraries;
    const map = JSON.parse(readFileSync(join(EDITOR, 'main.js.map'), 'utf8')) as { sources: string[] };
    bundled = [
      ...new Set(
        map.sources.flatMap((source) => {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
          return m ? [m[1]!] : [];
        }),
      ),
    ].sort();
  }, 120_000);

  it('lists every package bundled into main.js, lit among them, with versions and licences', () => {
    expect(bundled).toEqual(
      expect.arrayContaining(['lit', 'lit-html', 'lit-element', '@lit/reactive-element']),
    );
    expect(libraries.map((l) => l.name).sort()).toEqual(bundled);
    for (const l of libraries) {
      const pkg = JSON.parse(
        readFileSync(join(repoRoot, 'node_modules', l.name, 'package.json'), 'utf8'),
      ) as { version: string; license: string };
      expect(l, l.name).toMatchObject({ version: pkg.version, license: pkg.license, bundled: true });
    }
  });

  it('ships each bundled package’s full licence text as the package has it', () => {
    for (const l of libraries) {
      expect(l.licenseFile, l.name).toMatch(new RegExp(`^licences/${l.name}/(LICEN[CS]E|COPYING)`, 'i'));
      const inPackage = join(repoRoot, 'node_modules', l.licenseFile.replace(/^licences\//, ''));
      expect(readFileSync(join(EDITOR, l.licenseFile)).equals(readFileSync(inPackage)), l.name).toBe(true);
      expect(readFileSync(join(EDITOR, l.licenseFile), 'utf8').length, l.name).toBeGreaterThan(500);
    }
    const shipped = vendoredFiles(join(EDITOR, 'licences')).map((f) => `licences/${f.split('\\').join('/')}`);
    expect(shipped.sort()).toEqual(libraries.map((l) => l.licenseFile).sort());
  });

  it('links every licence text from licences.html, which the page’s script links to', () => {
    const page = readFileSync(join(EDITOR, 'licences.html'), 'utf8');
    for (const l of libraries) expect(page, l.name).toContain(`href="${l.licenseFile}"`);
    expect(readFileSync(join(EDITOR, 'main.js'), 'utf8')).toContain('licences.html');
  });
});
