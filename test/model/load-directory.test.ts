// Which files a model directory holds and in what order they load (docs/model-files.md).
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../tools/model/config.js';
import { loadModel } from '../../tools/model/load-model.js';
import { ids, lines, load, modelDir, onlyDiagnostic } from './temp-model.js';

const isRoot = process.getuid?.() === 0;

/** A single-object requirement file with the given id. */
function requirement(id: string): string {
  return lines('kind: requirement', `id: ${id}`, `title: ${id}`);
}

/** Text that is an error wherever rr would read it. */
const BROKEN = 'requirements: [\n';

describe('directory loading', () => {
  it('reads files recursively in code-point order of their relative paths', async () => {
    const { dir, model } = await load({
      'b.yaml': requirement('B'),
      'a/z.yml': requirement('A-Z'),
      'a.yaml': requirement('A'),
      'A.json': '{"kind": "requirement", "id": "CAPITAL-A", "title": "t"}\n',
      'a-b.yaml': requirement('A-B'),
      'a0.yaml': requirement('A0'),
      'a/b/c.yaml': requirement('A-B-C'),
    });
    // '-' (2D) < '.' (2E) < '/' (2F) < '0' (30) < 'A' (41) ... capitals before lower case
    expect(model.files).toEqual(
      ['A.json', 'a-b.yaml', 'a.yaml', 'a/b/c.yaml', 'a/z.yml', 'a0.yaml', 'b.yaml'].map((f) => join(dir, f)),
    );
    expect(ids(model)).toEqual(['CAPITAL-A', 'A-B', 'A', 'A-B-C', 'A-Z', 'A0', 'B']);
    expect(model.diagnostics).toEqual([]);
    expect(model.unreadable).toBe(false);
  });

  it('orders by code point, not by UTF-16 code unit, beyond the BMP', async () => {
    // U+FF5A sorts before U+1F600 by code point; as UTF-16 (D83D DE00) the emoji would come first.
    const { dir, model } = await load({
      '\u{1F600}.yaml': requirement('EMOJI'),
      '\uFF5A.yaml': requirement('FULLWIDTH-Z'),
      'z.yaml': requirement('Z'),
    });
    expect(model.files).toEqual(['z.yaml', '\uFF5A.yaml', '\u{1F600}.yaml'].map((f) => join(dir, f)));
    expect(ids(model)).toEqual(['Z', 'FULLWIDTH-Z', 'EMOJI']);
  });

  it('keeps the order of entities inside a file and across files', async () => {
    const { model } = await load({
      '1.yaml': lines(
        'requirements:',
        '  - {id: R3, title: t}',
        '  - {id: R1, title: t}',
        '  - {id: R2, title: t}',
      ),
      '2.yaml': lines('requirements:', '  - {id: R0, title: t}'),
    });
    expect(ids(model)).toEqual(['R3', 'R1', 'R2', 'R0']);
  });

  it('reads .yaml, .yml and .json in any case and ignores other extensions', async () => {
    const { dir, model } = await load({
      'a.yaml': requirement('YAML'),
      'b.yml': requirement('YML'),
      'c.json': '{"kind": "requirement", "id": "JSON", "title": "t"}',
      'd.YAML': requirement('UPPER'),
      'e.txt': BROKEN,
      'f.md': BROKEN,
      'g.yaml.bak': BROKEN,
      'h.jsonc': BROKEN,
      README: BROKEN,
    });
    expect(model.files).toEqual(['a.yaml', 'b.yml', 'c.json', 'd.YAML'].map((f) => join(dir, f)));
    expect(ids(model)).toEqual(['YAML', 'YML', 'JSON', 'UPPER']);
    expect(model.diagnostics).toEqual([]);
  });

  it('skips hidden files and directories, node_modules, bazel-* and *.lock.* files', async () => {
    const { dir, model } = await load({
      'keep.yaml': requirement('KEEP'),
      'sub/keep.yaml': requirement('SUB'),
      '.hidden.yaml': BROKEN,
      '.git/config.yaml': BROKEN,
      'sub/.cache/x.yaml': BROKEN,
      'node_modules/pkg/model.yaml': BROKEN,
      'sub/node_modules/x.yaml': BROKEN,
      'bazel-out/k8-fastbuild/x.yaml': BROKEN,
      'sub/bazel-bin/x.yaml': BROKEN,
      'sets.lock.json': BROKEN,
      'sets.lock.yaml': BROKEN,
      'sub/verification.lock.yml': BROKEN,
    });
    expect(model.files).toEqual([join(dir, 'keep.yaml'), join(dir, 'sub/keep.yaml')]);
    expect(ids(model)).toEqual(['KEEP', 'SUB']);
    expect(model.diagnostics).toEqual([]);
    expect(model.unreadable).toBe(false);
  });

  it('follows symbolic links to files but not to directories', async () => {
    const dir = await modelDir({ 'model/a.yaml': requirement('A'), 'elsewhere/b.yaml': requirement('B') });
    await symlink(join(dir, 'elsewhere/b.yaml'), join(dir, 'model/linked.yaml'));
    await symlink(join(dir, 'elsewhere'), join(dir, 'model/linked-dir'));
    const model = await loadModel(join(dir, 'model'));
    expect(model.files).toEqual([join(dir, 'model/a.yaml'), join(dir, 'model/linked.yaml')]);
    expect(ids(model)).toEqual(['A', 'B']);
  });

  it('skips the file config.sets_lock names, whatever its name, relative to the file that sets it', async () => {
    const { dir, model } = await load({
      'rr/config.yaml': lines('config:', '  sets_lock: ../locks/verification-sets.json'),
      'locks/verification-sets.json': '{"sets": {"REQ-1": ["//a:b"]}}\n',
      'reqs.yaml': requirement('R1'),
    });
    expect(model.files).toEqual([join(dir, 'reqs.yaml'), join(dir, 'rr/config.yaml')]);
    expect(model.config.sets_lock).toBe('../locks/verification-sets.json');
    expect(model.diagnostics).toEqual([]);
  });

  it.each([
    ['a syntax error', '{"x": [1,}\n'],
    ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xe9, 0x7d])],
  ])('skips the sets_lock file even when it has %s', async (_what, lock) => {
    const { dir, model } = await load({
      'rr.yaml': lines('config:', '  sets_lock: sets.json'),
      'sets.json': lock,
    });
    expect(model.files).toEqual([join(dir, 'rr.yaml')]);
    expect(model.diagnostics).toEqual([]);
    expect(model.unreadable).toBe(false);
  });

  it('loads a single file path', async () => {
    const dir = await modelDir({ 'one.yaml': requirement('ONE'), 'two.yaml': requirement('TWO') });
    const model = await loadModel(join(dir, 'one.yaml'));
    expect(model.root).toBe(join(dir, 'one.yaml'));
    expect(model.files).toEqual([join(dir, 'one.yaml')]);
    expect(ids(model)).toEqual(['ONE']);
    expect(model.diagnostics).toEqual([]);
  });

  it('reports a missing path as a read-error and marks the model unreadable', async () => {
    const dir = await modelDir({});
    const missing = join(dir, 'no-such-model');
    const model = await loadModel(missing);
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'read-error', severity: 'error', file: missing });
    expect(d.message).toMatch(/no such file or directory/);
    expect(model.unreadable).toBe(true);
    expect(model.entities).toEqual([]);
  });

  it('loads an empty directory as an empty model with the default config', async () => {
    const { model } = await load({});
    expect(model.files).toEqual([]);
    expect(model.entities).toEqual([]);
    expect(model.diagnostics).toEqual([]);
    expect(model.unreadable).toBe(false);
    expect(model.config).toEqual(defaultConfig());
  });

  it.skipIf(isRoot)('reports a directory it cannot list and marks the model unreadable', async () => {
    const dir = await modelDir({ 'a.yaml': requirement('A'), 'locked/b.yaml': requirement('B') });
    await chmod(join(dir, 'locked'), 0o000);
    try {
      const model = await loadModel(dir);
      const d = onlyDiagnostic(model);
      expect(d).toMatchObject({ rule: 'read-error', file: join(dir, 'locked') });
      expect(d.message).toMatch(/permission denied/);
      expect(ids(model)).toEqual(['A']);
      expect(model.unreadable).toBe(true);
    } finally {
      await chmod(join(dir, 'locked'), 0o755);
    }
  });

  it('does not read a directory named like a model file as a file', async () => {
    const dir = await modelDir({ 'x.yaml/inner.yaml': requirement('INNER') });
    await mkdir(join(dir, 'empty.json'));
    const model = await loadModel(dir);
    expect(model.files).toEqual([join(dir, 'x.yaml/inner.yaml')]);
    expect(ids(model)).toEqual(['INNER']);
    expect(model.diagnostics).toEqual([]);
  });
});
