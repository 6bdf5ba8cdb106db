// Front ends sit on top of the engine and beside each other: nothing imports the CLI, only the CLI
// starts the editor's and the viewer's servers, and no engine module imports any front end.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const TOOLS = fileURLToPath(new URL('../../tools/', import.meta.url));

/** Which top folders of tools/ may import each front end. */
const IMPORTERS: Record<string, string[]> = {
  cli: ['cli'],
  editor: ['editor', 'cli'],
  viewer: ['viewer', 'cli'],
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

const topFolder = (path: string) => relative(TOOLS, path).split(/[\\/]/)[0]!;

test('no front end is imported by another or by the engine', async () => {
  const wrong: string[] = [];
  for (const file of await sourceFiles(TOOLS)) {
    const text = await readFile(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = topFolder(resolve(dirname(file), specifier!));
      const importers = IMPORTERS[target];
      if (importers && !importers.includes(topFolder(file)))
        wrong.push(`${relative(TOOLS, file)} imports ${specifier}`);
    }
  }
  expect(wrong).toEqual([]);
});
