// The viewer (tools/viewer/, ui/viewer/) is AGPL-3.0-or-later and the rest of rr Apache-2.0
// (docs/decisions.md): both folders hold the AGPL's text, every file in them says its licence, the
// package's licence expression names both, and no Apache-2.0 module imports the viewer's code (the
// viewer may use rr's modules, never the other way round), except the `rr` program's entry, which
// puts the CLI together.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/cli/run-cli.js';

const AGPL = 'SPDX-License-Identifier: AGPL-3.0-or-later';
const VIEWER_DIRS = ['tools/viewer', 'ui/viewer'];
/** Where the `rr` program is put together from all its commands, the viewer's among them. */
const COMPOSITION = ['tools/cli/main.ts'];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Whether a file is under the viewer's licence: in its folders, or saying so in its first lines. */
function isAgpl(path: string): boolean {
  if (VIEWER_DIRS.some((d) => path.startsWith(`${d}/`))) return true;
  return readFileSync(join(repoRoot, path), 'utf8')
    .split('\n', 3)
    .some((l) => l.includes(AGPL));
}

/** The repository paths of the relative imports of a TypeScript file (.js specifiers name .ts sources). */
function importsOf(path: string): string[] {
  const text = readFileSync(join(repoRoot, path), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g))
    out.push(relative(repoRoot, resolve(join(repoRoot, dirname(path)), m[1]!)).replace(/\.js$/, '.ts'));
  return out;
}

describe('the viewer’s licence', () => {
  it('puts the full AGPL-3.0 text in tools/viewer/ and ui/viewer/, and Apache-2.0 at the top', () => {
    for (const dir of VIEWER_DIRS) {
      const text = readFileSync(join(repoRoot, dir, 'LICENSE'), 'utf8');
      expect(text, dir).toContain('GNU AFFERO GENERAL PUBLIC LICENSE');
      expect(text, dir).toContain('Version 3, 19 November 2007');
      expect(text, dir).toContain('13. Remote Network Interaction; Use with the GNU General Public License.');
      expect(text, dir).toContain('END OF TERMS AND CONDITIONS');
    }
    expect(readFileSync(join(repoRoot, 'LICENSE'), 'utf8')).toContain('Apache License');
  });

  it('has an SPDX header in every file of the viewer’s folders', () => {
    const files = VIEWER_DIRS.flatMap(filesUnder).filter((f) => !/(LICENSE|\.json)$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const without = files.filter(
      (f) =>
        !readFileSync(join(repoRoot, f), 'utf8')
          .split('\n', 3)
          .some((l) => l.includes(AGPL)),
    );
    expect(without).toEqual([]);
  });

  it('names both licences in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('Apache-2.0 AND AGPL-3.0-or-later');
  });

  it('never lets an Apache-2.0 module import the viewer’s code', () => {
    const sources = ['tools', 'ui', 'bench', 'bin']
      .flatMap(filesUnder)
      .filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.endsWith('.d.ts') && !COMPOSITION.includes(f));
    const apache = sources.filter((f) => !isAgpl(f));
    expect(apache.length).toBeGreaterThan(100);
    const crossings: string[] = [];
    for (const file of apache)
      for (const target of importsOf(file)) {
        let exists = false;
        try {
          exists = statSync(join(repoRoot, target)).isFile();
        } catch {
          // a specifier this check does not resolve (a folder, a generated file): not the viewer's
        }
        if (exists && isAgpl(target)) crossings.push(`${file} imports ${target}`);
      }
    expect(crossings).toEqual([]);
  });

  it('finds an import of the viewer’s code from an Apache-2.0 module when there is one', () => {
    // The check above would pass vacuously if importsOf found nothing; the CLI's entry does import
    // the viewer's commands.
    expect(importsOf('tools/cli/main.ts')).toContain('tools/cli/view-command.ts');
    expect(isAgpl('tools/cli/view-command.ts')).toBe(true);
  });
});
