// The viewer's compiled modules, which its package ships (viewer/dist/src/), keep the licence header of
// their sources. TypeScript drops the comments that lead a statement it erases: a header followed
// directly by `import type …` or an interface vanishes from the .js. A blank line after the header makes
// it a comment of the file's own, which TypeScript keeps. test/packaging/packed-packages-cli.test.ts
// checks the packed files themselves; this finds the same fault in seconds, naming the source.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';

const AGPL = 'SPDX-License-Identifier: AGPL-3.0-or-later';

/** The TypeScript sources under a folder of the repository, as '/'-paths from its root. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The first lines of what TypeScript emits for a source, as the viewer's build does (ES2022 modules). */
function compiledHead(source: string): string {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return outputText.split('\n', 3).join('\n');
}

describe('licence headers in compiled code', () => {
  it('finds a header that TypeScript drops with the type-only import after it', () => {
    const dropped = `// ${AGPL}\n// What this file is.\nimport type { A } from './a.js';\nexport const b = (a: A) => a;\n`;
    expect(compiledHead(dropped)).not.toContain(AGPL);
    expect(compiledHead(dropped.replace('.\nimport', '.\n\nimport'))).toContain(AGPL);
  });

  it('keeps the AGPL header of every viewer module in its compiled JavaScript', () => {
    const sources = sourcesUnder('viewer/src');
    expect(sources.length).toBeGreaterThan(100);
    const lost = sources.filter(
      (path) => !compiledHead(readFileSync(join(repoRoot, path), 'utf8')).includes(AGPL),
    );
    // Fix: a blank line between the header comment and the first statement.
    expect(lost).toEqual([]);
  });
});
