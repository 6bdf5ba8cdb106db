// Two packages, two licences (docs/decisions/0203-two-packages-two-licences.md): rr (the repository root, package rules-rr) is
// Apache-2.0 and the live viewer (viewer/, package rules-rr-viewer) AGPL-3.0-or-later. Each package
// says its licence, the viewer's folder holds the AGPL's text and every file of it says its licence, no
// file outside it is under the AGPL, and no Apache-2.0 file imports the viewer's code: the viewer may use
// rr's modules, never the other way round. rr runs the viewer's commands by looking its package up by
// name at run time (tools/cli/viewer-plugin.ts), which is no import of its code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';

const AGPL = 'SPDX-License-Identifier: AGPL-3.0-or-later';
/** Files a licence header cannot go in: data, texts, and example inputs that must stay byte-exact. */
const NO_HEADER = /(LICENSE|\.json|\.md|\.yaml|\.ato|\.kicad_\w+|\.svg|\.gitignore)$/;

/** The files under a folder of the repository, as '/'-paths from its root (no build output, no modules). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git'].includes(entry.name) || entry.name.startsWith('bazel-')) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

const headerOf = (path: string) => readFileSync(join(repoRoot, path), 'utf8').split('\n', 3).join('\n');

/** The repository paths the relative imports of a source file name (.js specifiers name .ts sources). */
export function relativeImports(path: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g))
    out.push(relative(repoRoot, resolve(join(repoRoot, dirname(path)), m[1]!)).replace(/\.js$/, '.ts'));
  return out;
}

/** The package specifiers a source file imports (`import … from 'x'`, `import('x')`). */
function packageImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]!);
}

const sources = filesUnder('').filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && !f.endsWith('.d.ts'));
const viewerFiles = sources.filter((f) => f.startsWith('viewer/'));
const apacheFiles = sources.filter((f) => !f.startsWith('viewer/'));

/** The crossings from Apache-2.0 files into the viewer's code in some files' texts. */
function crossings(files: { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { path, text } of files) {
    for (const target of relativeImports(path, text)) {
      let exists = false;
      try {
        exists = statSync(join(repoRoot, target)).isFile();
      } catch {
        // a specifier this check does not resolve (a folder, a generated file): checked below by prefix
      }
      if (target.startsWith('viewer/') || (exists && headerOf(target).includes(AGPL)))
        out.push(`${path} imports ${target}`);
    }
    for (const specifier of packageImports(text))
      if (specifier === 'rules-rr-viewer' || specifier.startsWith('rules-rr-viewer/'))
        out.push(`${path} imports ${specifier}`);
  }
  return out;
}

describe('two packages, two licences', () => {
  it('each package states its own licence, and the viewer holds the AGPL text', () => {
    const rr = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { license: string };
    const viewer = JSON.parse(readFileSync(join(repoRoot, 'viewer/package.json'), 'utf8')) as {
      license: string;
    };
    expect(rr.license).toBe('Apache-2.0');
    expect(viewer.license).toBe('AGPL-3.0-or-later');
    const text = readFileSync(join(repoRoot, 'viewer/LICENSE'), 'utf8');
    expect(text).toContain('GNU AFFERO GENERAL PUBLIC LICENSE');
    expect(text).toContain('Version 3, 19 November 2007');
    expect(text).toContain('13. Remote Network Interaction; Use with the GNU General Public License.');
    expect(text).toContain('END OF TERMS AND CONDITIONS');
    expect(readFileSync(join(repoRoot, 'LICENSE'), 'utf8')).toContain('Apache License');
  });

  it('puts an AGPL header on every file of the viewer, and on no file outside it', () => {
    const viewer = filesUnder('viewer').filter(
      (f) => !NO_HEADER.test(f) && !f.startsWith('viewer/examples/'),
    );
    expect(viewer.length).toBeGreaterThan(300);
    expect(viewer.filter((f) => !headerOf(f).includes(AGPL))).toEqual([]);
    const outside = filesUnder('')
      .filter((f) => !f.startsWith('viewer/') && /\.(ts|mts|mjs|js|css|html|py|bzl|sh)$/.test(f))
      .filter((f) => headerOf(f).includes(AGPL));
    expect(outside).toEqual([]);
  });

  it('never lets an Apache-2.0 file import the viewer’s code', () => {
    expect(apacheFiles.length).toBeGreaterThan(500);
    expect(viewerFiles.length).toBeGreaterThan(300);
    const found = crossings(
      apacheFiles.map((path) => ({ path, text: readFileSync(join(repoRoot, path), 'utf8') })),
    );
    expect(found).toEqual([]);
  });

  it('finds a crossing when there is one, by path and by package name', () => {
    // The check above would pass vacuously if it found no imports at all.
    // (Written in pieces, so that this file itself holds no such import.)
    const from = 'fr' + 'om';
    const planted = [
      {
        path: 'tools/cli/planted.ts',
        text: `import { runView } ${from} '../../viewer/src/cli/view-run.js';\n`,
      },
      { path: 'tools/cli/planted-2.ts', text: `const cli = await import${'('}'rules-rr-viewer/cli');\n` },
    ];
    expect(crossings(planted)).toEqual([
      'tools/cli/planted.ts imports viewer/src/cli/view-run.ts',
      'tools/cli/planted-2.ts imports rules-rr-viewer/cli',
    ]);
  });

  it('lets the viewer use rr’s modules through the package, not by path', () => {
    const byPath = viewerFiles
      .filter((f) => f.startsWith('viewer/src/') || f.startsWith('viewer/bench/'))
      .flatMap((path) =>
        relativeImports(path, readFileSync(join(repoRoot, path), 'utf8'))
          .filter((target) => !target.startsWith('viewer/'))
          .map((target) => `${path} imports ${target}`),
      );
    expect(byPath).toEqual([]);
  });
});
