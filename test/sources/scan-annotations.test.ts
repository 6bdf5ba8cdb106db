// Scanning a source tree: what is read, what is found, and the order of the results.
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanAnnotations } from '../../tools/sources/scan-annotations.js';
import { MAX_SOURCE_BYTES } from '../../tools/sources/source-bytes.js';
import { DEFAULT_PATTERNS, sourceTree, type Tree } from './temp-tree.js';

async function scan(tree: Tree, patterns = DEFAULT_PATTERNS, knownIds?: Set<string>) {
  return scanAnnotations(await sourceTree(tree), patterns, { knownIds });
}

/** Where each annotation was found, as `file:line:column id`. */
function places(result: Awaited<ReturnType<typeof scan>>): string[] {
  return result.annotations.map((a) => `${a.file}:${a.line}:${a.column} ${a.id}`);
}

const POLYGLOT: Tree = {
  'pump/dose_test.ts': "// @verifies REQ-1\nit('doses', () => {});\n",
  'pump/dose_test.py': 'def test_dose():\n    # @verifies REQ-1\n    pass\n',
  'pump/dose.cc': '/* @implements REQ-2 */\nvoid Dose() {}\n',
  'pump/dose_test.go': 'package pump\n\n// @verifies REQ-3\nfunc TestDose(t *testing.T) {}\n',
  'pump/BUILD.bazel': 'py_test(\n    name = "dose_test",  # @verifies REQ-4\n)\n',
  'README.md': 'Nothing here.\n',
};

describe('scanAnnotations', () => {
  it('finds annotations in every language, sorted by file, line and column', async () => {
    const result = await scan(POLYGLOT);
    expect(places(result)).toEqual([
      'pump/BUILD.bazel:2:38 REQ-4',
      'pump/dose.cc:1:16 REQ-2',
      'pump/dose_test.go:3:14 REQ-3',
      'pump/dose_test.py:2:17 REQ-1',
      'pump/dose_test.ts:1:14 REQ-1',
    ]);
    expect(result.annotations[1]).toEqual({
      id: 'REQ-2',
      verb: 'implements',
      file: 'pump/dose.cc',
      line: 1,
      column: 16,
      text: '/* @implements REQ-2 */',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.filesScanned).toBe(6);
  });

  it('groups annotations by entity, ids in code-point order', async () => {
    const result = await scan(POLYGLOT);
    expect([...result.byEntity.keys()]).toEqual(['REQ-1', 'REQ-2', 'REQ-3', 'REQ-4']);
    expect(result.byEntity.get('REQ-1')!.map((a) => a.file)).toEqual([
      'pump/dose_test.py',
      'pump/dose_test.ts',
    ]);
    expect(result.byEntity.get('REQ-9')).toBeUndefined();
  });

  it('gives the same result on every run, whatever order reads finish in', async () => {
    const tree: Tree = {};
    for (let i = 0; i < 150; i++) {
      // Sizes vary so that reads finish out of order.
      tree[`pkg${i % 7}/f${i}.ts`] = `${'x'.repeat((i * 7919) % 50_000)}\n// @verifies REQ-${i % 11}\n`;
    }
    const root = await sourceTree(tree);
    const first = await scanAnnotations(root, DEFAULT_PATTERNS);
    expect(first.annotations).toHaveLength(150);
    const files = first.annotations.map((a) => a.file);
    expect(files).toEqual([...files].sort());
    for (let run = 0; run < 3; run++) expect(await scanAnnotations(root, DEFAULT_PATTERNS)).toEqual(first);
  });

  it('uses custom patterns', async () => {
    const result = await scan(
      { 'a.py': '# Verifies: REQ-1\n# @verifies REQ-2\n', 'b.c': 'x(); // [req:REQ-3]\n' },
      ['Verifies: {id}', '[req:{id}]'],
    );
    expect(result.annotations.map((a) => [a.id, a.verb, a.file])).toEqual([
      ['REQ-1', 'verifies', 'a.py'],
      ['REQ-3', 'req', 'b.c'],
    ]);
  });

  it('finds a file that holds only the second pattern (the prefilter looks for every pattern)', async () => {
    const result = await scan({ 'a.ts': '// @implements REQ-1\n' });
    expect(places(result)).toEqual(['a.ts:1:16 REQ-1']);
  });

  it('reports multi-id annotations and still records one annotation per id', async () => {
    const result = await scan({
      'a_test.ts': '\n// @verifies REQ-1, REQ-2\n',
      'b_test.ts': '// @verifies REQ-3\n',
    });
    expect(places(result)).toEqual(['a_test.ts:2:14 REQ-1', 'a_test.ts:2:21 REQ-2', 'b_test.ts:1:14 REQ-3']);
    expect(result.diagnostics.map((d) => [d.rule, d.severity, d.file, d.line, d.column])).toEqual([
      ['multi-verifies-annotation', 'warning', 'a_test.ts', 2, 4],
    ]);
    expect(result.diagnostics[0]!.message).toContain('a_test.ts names 2 ids (REQ-1, REQ-2)');
    expect([...result.byEntity.keys()]).toEqual(['REQ-1', 'REQ-2', 'REQ-3']);
  });

  it('with known ids, ignores tokens that are not ids of the model', async () => {
    const result = await scan(
      { 'a.java': 'class A { // @implements Runnable\n// @verifies REQ-1, REQ-404\n}' },
      DEFAULT_PATTERNS,
      new Set(['REQ-1']),
    );
    expect(places(result)).toEqual(['a.java:2:14 REQ-1']);
    expect(result.diagnostics).toEqual([]);
  });

  it('honours .gitignore files at every level', async () => {
    const result = await scan({
      '.gitignore': 'build/\n*.gen.ts\n',
      'build/a.ts': '// @verifies REQ-1',
      'src/b.gen.ts': '// @verifies REQ-2',
      'src/.gitignore': '!keep.gen.ts\nfixtures/\n',
      'src/keep.gen.ts': '// @verifies REQ-3',
      'src/fixtures/c.ts': '// @verifies REQ-4',
      'src/d.ts': '// @verifies REQ-5',
    });
    expect(places(result)).toEqual(['src/d.ts:1:14 REQ-5', 'src/keep.gen.ts:1:14 REQ-3']);
  });

  it('skips .git, node_modules, bazel-* and symbolic links to directories', async () => {
    const result = await scan({
      '.git/COMMIT_EDITMSG': '@verifies REQ-1',
      'node_modules/lib/index.js': '// @verifies REQ-2',
      'bazel-out/k8-fastbuild/bin/a.ts': '// @verifies REQ-3',
      'src/a.ts': '// @verifies REQ-4',
      'bazel-src': { symlinkTo: 'src' },
      mirror: { symlinkTo: 'src' },
    });
    expect(places(result)).toEqual(['src/a.ts:1:14 REQ-4']);
    expect(result.filesScanned).toBe(1);
  });

  it('skips binary and oversized files without a diagnostic, and does not count them', async () => {
    const result = await scan({
      'image.png': Buffer.concat([
        Buffer.from([0x89, 0x50, 0x00, 0x0a]),
        Buffer.from('// @verifies REQ-1\n'),
      ]),
      'big.ts': `// @verifies REQ-2\n${'x'.repeat(MAX_SOURCE_BYTES)}`,
      'ok.ts': '// @verifies REQ-3\n',
    });
    expect(places(result)).toEqual(['ok.ts:1:14 REQ-3']);
    expect(result.diagnostics).toEqual([]);
    expect(result.filesScanned).toBe(1);
  });

  it('reads invalid UTF-8 without failing, columns counting each bad byte as one U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' @verifies REQ-1\n')]);
    const result = await scan({ 'latin1.c': bytes });
    expect(places(result)).toEqual(['latin1.c:1:15 REQ-1']);
    expect(result.annotations[0]!.text).toBe('\uFFFD\uFFFD\uFFFD @verifies REQ-1');
  });

  it('drops a UTF-8 byte order mark before counting columns', async () => {
    const result = await scan({ 'bom.ts': '\uFEFF// @verifies REQ-1\n' });
    expect(places(result)).toEqual(['bom.ts:1:14 REQ-1']);
  });

  it('counts files without annotations as scanned', async () => {
    const result = await scan({ 'a.ts': 'no annotations', 'b.ts': 'an email a@b.c', 'c.ts': '' });
    expect(result).toEqual({ annotations: [], byEntity: new Map(), diagnostics: [], filesScanned: 3 });
  });

  it('reports a pattern without {id} as bad-config and scans with the others', async () => {
    const result = await scan({ 'a.ts': '// @verifies REQ-1\n// Tests: REQ-2' }, [
      'Tests:',
      '@verifies {id}',
    ]);
    expect(places(result)).toEqual(['a.ts:1:14 REQ-1']);
    expect(result.diagnostics).toEqual([
      {
        rule: 'bad-config',
        severity: 'error',
        message: expect.stringContaining('annotation pattern "Tests:" has no {id} placeholder'),
      },
    ]);
  });

  it('reports a root that is missing or not a directory as read-error', async () => {
    const root = await sourceTree({ 'a.ts': '' });
    for (const [path, reason] of [
      [join(root, 'missing'), 'cannot read source root: no such file or directory'],
      [join(root, 'a.ts'), 'source root is not a directory'],
    ] as const) {
      const result = await scanAnnotations(path, DEFAULT_PATTERNS);
      expect(result.filesScanned).toBe(0);
      expect(result.diagnostics).toEqual([
        { rule: 'read-error', severity: 'error', message: expect.stringContaining(reason), file: path },
      ]);
    }
  });

  it.skipIf(process.getuid?.() === 0)(
    'warns about a file or directory it cannot read and goes on',
    async () => {
      const root = await sourceTree({
        'a.ts': '// @verifies REQ-1',
        'b.ts': '// @verifies REQ-2',
        'c/d.ts': '',
      });
      await chmod(join(root, 'a.ts'), 0o000);
      await chmod(join(root, 'c'), 0o000);
      try {
        const result = await scanAnnotations(root, DEFAULT_PATTERNS);
        expect(places(result)).toEqual(['b.ts:1:14 REQ-2']);
        expect(result.diagnostics.map((d) => [d.rule, d.severity, d.file])).toEqual([
          ['read-error', 'warning', 'a.ts'],
          ['read-error', 'warning', 'c'],
        ]);
      } finally {
        await chmod(join(root, 'c'), 0o755);
      }
    },
  );

  it('reads .gitignore afresh on every scan', async () => {
    const root = await sourceTree({ '.gitignore': 'gen/\n', 'gen/a.ts': '// @verifies REQ-1' });
    expect((await scanAnnotations(root, DEFAULT_PATTERNS)).annotations).toEqual([]);
    await writeFile(join(root, '.gitignore'), '');
    expect(places(await scanAnnotations(root, DEFAULT_PATTERNS))).toEqual(['gen/a.ts:1:14 REQ-1']);
  });
});
