// The block reader against the yaml package: wherever the block reader reads a file, both give the same
// documents, value for value, and the same position for every node and every key; and composing either
// gives the same entities, positions and diagnostics (test/model/reader-agreement.ts). Over every YAML file in the repository, a
// generated 10,000-entity model, edits of the example model line by line, and hand-written corner cases.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModel } from '../../bench/validate/generate-model.js';
import { readBlockYaml } from '../../tools/model/block-yaml-reader.js';
import { parseModelText, parseWithBlockReader } from '../../tools/model/parse-documents.js';
import { expectReadAlike } from './reader-agreement.js';

const REPO = join(import.meta.dirname, '..', '..');

/**
 * Whether the block reader reads `text`; when it does, proves it agrees with the yaml package (see
 * expectReadAlike). The loader's parseModelText must take the block reader's road wherever it can: a
 * loader that bypassed it would fail here, not compare yaml with yaml.
 */
function readsAlike(file: string, text: string): boolean {
  const fast = parseWithBlockReader(file, text);
  expect(parseModelText(file, text).reader, `${file}: the reader the loader used`).toBe(
    fast ? 'block' : 'yaml',
  );
  if (fast === undefined) return false;
  expectReadAlike(file, text, fast);
  return true;
}

const repoYaml = execFileSync('git', ['ls-files', '*.yaml', '*.yml'], { cwd: REPO, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && f !== 'pnpm-lock.yaml');

describe('the block reader and the yaml package', () => {
  it('agree on every YAML file in the repository the block reader reads, and it reads the examples', async () => {
    const read: string[] = [];
    for (const file of repoYaml) {
      if (readsAlike(file, await readFile(join(REPO, file), 'utf8'))) read.push(file);
    }
    // The example model is plain block YAML: all of it must take the fast road, or the test proves little.
    const examples = repoYaml.filter((f) => f.startsWith('examples/infusion-pump/'));
    expect(examples.length).toBeGreaterThan(5);
    expect(read).toEqual(expect.arrayContaining(examples));
    expect(read.length).toBeGreaterThan(repoYaml.length / 2);
  });

  describe('on a generated 10,000-entity model', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'rr-block-reader-'));
      await generateModel(dir, 10_000);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reads every file, alike', async () => {
      const names = await readdir(dir);
      expect(names.length).toBeGreaterThan(40);
      for (const name of names) {
        expect(readsAlike(name, await readFile(join(dir, name), 'utf8')), name).toBe(true);
      }
    }, 300_000);
  });

  it('agree or decline on every one-line edit of the example model', async () => {
    const files = ['examples/infusion-pump/user-needs.yaml', 'examples/infusion-pump/risks.yaml'];
    let variants = 0;
    let read = 0;
    for (const file of files) {
      const lines = (await readFile(join(REPO, file), 'utf8')).split('\n');
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        const edits = [
          '', // the line removed
          ` ${line}`, // indented one more
          line.slice(0, Math.ceil(line.length / 2)), // cut in half
          line.replace(/: /, ':  # note\n  '), // value moved to the next line
          line.replace(/^(\s*)- /, '$1-   '), // a wider item indicator
        ];
        for (const edit of edits) {
          const text = [...lines.slice(0, i), edit, ...lines.slice(i + 1)].join('\n');
          variants++;
          if (readsAlike(file, text)) read++;
        }
      }
    }
    expect(variants).toBeGreaterThan(500);
    expect(read).toBeGreaterThan(variants / 4); // most edits stay readable: the comparison is exercised
  }, 300_000);

  const READ = {
    'empty values at the colon, after spaces, before a comment, at the end': 'a:\nb:   \nc: # note\nd: 1\ne:',
    'compact and indented sequences': 'list:\n- a\n- b\nnested:\n  - x: 1\n    y:\n    - 2\n  - z\n',
    'flow lists and empty collections': 'a: []\nb: {}\nc: [ x , "y", \'z\', 3, true, null ]  # c\n',
    'quoted scalars with escapes': 'a: "tab\\tquote\\" \\u00e9"\nb: \'it\'\'s\'\nc: "#not a comment"\n',
    'block scalars, literal and folded, clipped and stripped':
      'a: |\n  one\n    two\n\n  three\n\n\nb: >-\n  folded\n  line\n\n  next\nc: >\n  x\n',
    'several documents with comments': '# head\n---\na: 1\n--- # second\n\n# only a comment\n---\nb: 2\n',
    'numbers, booleans and nulls of the core schema':
      'a: 12\nb: -3\nc: 1.50\nd: True\ne: FALSE\nf: ~\ng: Null\nh: 0\ni: yes\nj: v1.2.3\nk: -1.25\n',
    'plain scalars with colons, hashes and brackets':
      'a: //pkg:target\nb: a#b\nc: x [1], y {2}\nd: -dash\ne: key:value\n',
  };
  for (const [name, text] of Object.entries(READ)) {
    it(`read alike: ${name}`, () => {
      expect(readsAlike('corner.yaml', text)).toBe(true);
    });
  }

  const DECLINED = {
    'an anchor and an alias': 'a: &x 1\nb: *x\n',
    'a merge key': 'base: {}\nc:\n  <<: {}\n',
    'a tag': 'a: !!str 1\n',
    'a tab': 'a:\t1\n',
    'CR line ends': 'a: 1\r\nb: 2\r\n',
    'a multi-line plain scalar': 'a: one\n  two\n',
    'a multi-line quoted scalar': 'a: "one\n  two"\n',
    'a duplicate key': 'a: 1\na: 2\n',
    'a nested mapping on one line': 'a: b: c\n',
    'a hexadecimal and an exponent': 'a: 0x1F\nb: 1e3\n',
    infinity: 'a: .inf\n',
    'a keep-chomping block scalar': 'a: |+\n  x\n\n',
    'a more-indented folded line': 'a: >\n  x\n    y\n',
    'a quoted key': '"a": 1\n',
    'a flow mapping with entries': 'a: {b: 1}\n',
    'a YAML directive': '%YAML 1.2\n---\na: 1\n',
    'a key that is a number': '1: a\n',
    'a bad indentation': 'a:\n    b: 1\n  c: 2\n',
    'a block scalar at the end without a line break': 'a: |\n  x',
  };
  for (const [name, text] of Object.entries(DECLINED)) {
    it(`declined: ${name}`, () => {
      expect(readBlockYaml(text)).toBeUndefined();
      // The file still loads: the yaml package reads it (or reports its error).
      expect(parseModelText('corner.yaml', text).reader).toBe('yaml');
    });
  }
});
