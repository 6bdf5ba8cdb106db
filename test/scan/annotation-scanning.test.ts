// Scanning sources for annotations takes linear time in every layout: one file's text (annotationsOfFile,
// the function scanAnnotations runs on every file that holds a pattern's literal) examines a constant
// number of characters per input character with many annotations, with ids in lists, on long lines
// without annotations, and with thousands of annotations on one line (a minified bundle); and so does a
// whole tree of annotated files. Counted, not timed (test/scan/char-meter.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { annotationsOfFile } from '../../tools/sources/annotations-of-file.js';
import { scanAnnotations } from '../../tools/sources/scan-annotations.js';
import { sourceTree, type Tree } from '../sources/temp-tree.js';
import { uninstallMeter } from './char-meter.js';
import { expectLinear, growth, growthAsync, type Sized } from './linear-growth.js';

afterAll(uninstallMeter);

/** Annotated tests of the smallest input; the largest has eight times as many. */
const BASE = 500;

/** The default patterns and two custom ones, as a config may list them. */
const PATTERNS = ['@verifies {id}', '@implements {id}', 'Verifies: {id}', '[req:{id}]'];

/** A test file of `tests` annotated tests: one annotation a line, some naming several ids. */
function annotatedTests(tests: number, eol = '\n'): string {
  const lines = ["import { describe, expect, it } from 'vitest';", '', "describe('dose', () => {"];
  for (let i = 0; i < tests; i++) {
    lines.push(
      `  // @verifies REQ-DOSE-${i} when the pump is idle`,
      i % 10 === 0
        ? `  /* @verifies REQ-A-${i}, REQ-B-${i} REQ-C-${i} */`
        : `  // Verifies: REQ-RATE-${i % 40}`,
      `  it('computes rate ${i}', () => {`,
      `    expect(rate(${i})).toBe(${i * 2}); // [req:SW-${i}] @implements SW-IMPL-${i}`,
      '  });',
      '',
    );
  }
  lines.push('});', '');
  return lines.join(eol);
}

/** A file of long lines (about 2,000 characters) naming each pattern's literal but holding no annotation. */
function longLines(lines: number): string {
  const out = ['// @verifies: and @implements: need an id; so do Verifies:x and [req: ].'];
  const words = 'rate volume time dose limit occlusion pressure alarm '.repeat(25);
  for (let i = 0; i < lines; i++) {
    const numbers = Array.from({ length: 80 }, (_, j) => (i * 80 + j) % 997).join(', ');
    out.push(`const table${i} = [${numbers}]; // ${words}`);
  }
  out.push('');
  return out.join('\n');
}

/** One line holding `count` annotations, as a minified bundle would. */
function oneLine(count: number): string {
  let line = '';
  for (let i = 0; i < count; i++) line += `/*@verifies REQ-${i}*/f${i}();/*[req:SW-${i}]*/g(${i});`;
  return `${line}\n`;
}

const sized = (text: string): Sized<string> => ({ size: text.length, input: text });

/** Finds the annotations of one file's text with PATTERNS. */
const scan = (text: string) => annotationsOfFile('test/dose.test.ts', text, PATTERNS);

describe('scanning one file examines a constant number of characters per input character', () => {
  it('many annotations, one a line, some with several ids', () => {
    const found = scan(annotatedTests(20));
    expect(found.annotations.length).toBe(20 * 4 + 2 * 2);
    expect(found.diagnostics.length).toBe(2);
    expectLinear(
      'many annotations',
      growth((k) => sized(annotatedTests(k * BASE)), scan),
      12,
    );
  });

  it('many annotations with CRLF line ends and known ids', () => {
    const known = new Set<string>();
    for (let i = 0; i < 8 * BASE; i += 2) known.add(`REQ-DOSE-${i}`).add(`SW-${i}`).add(`REQ-A-${i}`);
    const withKnown = (text: string) =>
      annotationsOfFile('test/dose.test.ts', text, PATTERNS, { knownIds: known });
    expectLinear(
      'CRLF and known ids',
      growth((k) => sized(annotatedTests(k * BASE, '\r\n')), withKnown),
      12,
    );
  });

  it('long lines without annotations', () => {
    expect(scan(longLines(10)).annotations).toEqual([]);
    expectLinear(
      'long lines',
      growth((k) => sized(longLines((k * BASE) / 5)), scan),
      12,
    );
  });

  it('thousands of annotations on one line', () => {
    const found = scan(oneLine(10));
    expect(found.annotations.map((a) => [a.line, a.column]).slice(0, 2)).toEqual([
      [1, 13],
      [1, 32],
    ]);
    expectLinear(
      'one line',
      growth((k) => sized(oneLine(k * BASE)), scan),
      12,
    );
  });
});

describe('scanning a tree examines a constant number of characters per input character', () => {
  it('many annotated files', async () => {
    const tree = async (k: number): Promise<Sized<string>> => {
      const files: Tree = {};
      let size = 0;
      for (let f = 0; f < k * 25; f++) {
        const text = f % 5 === 4 ? longLines(2) : annotatedTests(20);
        files[`pkg${f % 7}/dose_${f}.test.ts`] = text;
        size += text.length;
      }
      return { size, input: await sourceTree(files) };
    };
    const g = await growthAsync(tree, (root) => scanAnnotations(root, PATTERNS));
    expectLinear('a tree', g, 12);
  });
});

describe('a file of more annotations than a call takes arguments', () => {
  it('is scanned whole', async () => {
    const count = 150_000; // 1.95 MB, under the 2 MiB a source file may have
    const root = await sourceTree({ 'big.txt': '@verifies A1\n'.repeat(count) });
    const found = await scanAnnotations(root, PATTERNS);
    expect(found.annotations.length).toBe(count);
    expect(found.byEntity.get('A1')?.length).toBe(count);
  });
});
