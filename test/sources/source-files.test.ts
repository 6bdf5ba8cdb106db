// Which files the scanner reads: .gitignore at every level, the directories it always skips, links.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSourceFiles } from '../../tools/sources/source-files.js';
import { sourceTree, type Tree } from './temp-tree.js';

async function listed(tree: Tree): Promise<string[]> {
  const result = await listSourceFiles(await sourceTree(tree));
  expect(result.diagnostics).toEqual([]);
  return result.files;
}

describe('listSourceFiles', () => {
  it('lists every file below the root, in code-point order, with /-separated paths', async () => {
    expect(
      await listed({
        'b.ts': '',
        'a/z.ts': '',
        'a/b/c.py': '',
        'B.go': '',
        'a.ts': '',
        '𝔸.ts': '',
        'ﬀ.ts': '',
      }),
    ).toEqual(['B.go', 'a.ts', 'a/b/c.py', 'a/z.ts', 'b.ts', 'ﬀ.ts', '𝔸.ts']);
  });

  it('honours the root .gitignore: file globs, directory patterns and anchored paths', async () => {
    expect(
      await listed({
        '.gitignore': '*.log\nbuild/\n/only-root.ts\n',
        'a.ts': '',
        'x.log': '',
        'src/y.log': '',
        'build/out.ts': '',
        'src/build/out.ts': '',
        'only-root.ts': '',
        'src/only-root.ts': '',
      }),
    ).toEqual(['.gitignore', 'a.ts', 'src/only-root.ts']);
  });

  it('matches a directory pattern like `build/` only against directories', async () => {
    expect(await listed({ '.gitignore': 'build/\n', build: 'a file named build' })).toEqual([
      '.gitignore',
      'build',
    ]);
  });

  it('re-includes a file with a negation (`!keep.ts`)', async () => {
    expect(
      await listed({ '.gitignore': '*.ts\n!keep.ts\n', 'keep.ts': '', 'drop.ts': '', 'sub/keep.ts': '' }),
    ).toEqual(['.gitignore', 'keep.ts', 'sub/keep.ts']);
  });

  it('applies a nested .gitignore to its own directory only, relative to it', async () => {
    expect(
      await listed({
        'gen.ts': '',
        'lib/.gitignore': 'gen.ts\n/top.ts\nout/\n',
        'lib/gen.ts': '',
        'lib/deep/gen.ts': '',
        'lib/top.ts': '',
        'lib/deep/top.ts': '',
        'lib/out/a.ts': '',
        'other/out/a.ts': '',
      }),
    ).toEqual(['gen.ts', 'lib/.gitignore', 'lib/deep/top.ts', 'other/out/a.ts']);
  });

  it("lets a nested negation override the parent's rule, as git does", async () => {
    expect(
      await listed({
        '.gitignore': '*.gen.ts\n',
        'a.gen.ts': '',
        'lib/.gitignore': '!keep.gen.ts\n',
        'lib/keep.gen.ts': '',
        'lib/drop.gen.ts': '',
      }),
    ).toEqual(['.gitignore', 'lib/.gitignore', 'lib/keep.gen.ts']);
  });

  it('cannot re-include a file inside an ignored directory, as git cannot', async () => {
    expect(await listed({ '.gitignore': 'out/\n!out/keep.ts\n', 'out/keep.ts': '', 'a.ts': '' })).toEqual([
      '.gitignore',
      'a.ts',
    ]);
  });

  it('matches .gitignore rules case-sensitively', async () => {
    expect(await listed({ '.gitignore': '*.LOG\n', 'a.log': '', 'b.LOG': '' })).toEqual([
      '.gitignore',
      'a.log',
    ]);
  });

  it('always skips .git and node_modules at any depth, and bazel-* at the root', async () => {
    expect(
      await listed({
        '.git/config': '',
        '.git/hooks/pre-commit': '',
        'sub/.git': 'gitdir: ../.git/modules/sub',
        'node_modules/x/index.js': '',
        'web/node_modules/y/index.js': '',
        'bazel-out/k8-fastbuild/bin/a.ts': '',
        'bazel-testlogs/a/test.xml': '',
        'tools/bazel-lint/a.ts': '',
        '.github/workflows/ci.yml': '',
        'a.ts': '',
      }),
    ).toEqual(['.github/workflows/ci.yml', 'a.ts', 'tools/bazel-lint/a.ts']);
  });

  it('skips symbolic links to directories, and follows links to files', async () => {
    const outside = await sourceTree({ 'far.ts': '', 'dir/in.ts': '' });
    expect(
      await listed({
        'real/a.ts': '',
        loop: { symlinkTo: '.' },
        'linked-dir': { symlinkTo: 'real' },
        'outside-dir': { symlinkTo: join(outside, 'dir') },
        'linked-file.ts': { symlinkTo: 'real/a.ts' },
        'dangling.ts': { symlinkTo: 'missing.ts' },
      }),
    ).toEqual(['linked-file.ts', 'real/a.ts']);
  });

  it('lists nothing for an empty tree', async () => {
    const root = await sourceTree({});
    await mkdir(join(root, 'empty/dir'), { recursive: true });
    expect(await listSourceFiles(root)).toEqual({ files: [], diagnostics: [] });
  });
});
