// Finding annotations in one file's text: languages, custom patterns, id lists, known ids, positions.
import { describe, expect, it } from 'vitest';
import { annotationsOfFile } from '../../tools/sources/annotations-of-file.js';
import { DEFAULT_PATTERNS } from './temp-tree.js';

/** The [id, verb, line, column] of each annotation the default patterns find in a text. */
function found(text: string, patterns = DEFAULT_PATTERNS, knownIds?: Set<string>) {
  return annotationsOfFile('f', text, patterns, { knownIds }).annotations.map((a) => [
    a.id,
    a.verb,
    a.line,
    a.column,
  ]);
}

describe('annotationsOfFile with the default patterns', () => {
  it('finds annotations in the comments of every language', () => {
    const cases: [string, string][] = [
      ['TypeScript', "it('stops', () => {}); // @verifies REQ-1"],
      ['Python', 'def test_stop():  # @verifies REQ-1'],
      ['Python docstring', '    """@verifies REQ-1"""'],
      ['C++', '/* @implements REQ-1 */ void stop();'],
      ['Go', '// @verifies REQ-1\nfunc TestStop(t *testing.T) {'],
      ['Starlark', 'py_test(name = "stop")  # @verifies REQ-1'],
      ['SQL', '-- @verifies REQ-1'],
      ['JSDoc', ' * @implements REQ-1'],
    ];
    for (const [language, text] of cases) {
      const ids = annotationsOfFile('f', text, DEFAULT_PATTERNS).annotations.map((a) => a.id);
      expect(ids, language).toEqual(['REQ-1']);
    }
  });

  it('takes the verb from the pattern', () => {
    expect(found('// @verifies REQ-1\n// @implements REQ-2')).toEqual([
      ['REQ-1', 'verifies', 1, 14],
      ['REQ-2', 'implements', 2, 16],
    ]);
  });

  it('gives 1-based lines and columns of the id, counting UTF-16 code units', () => {
    expect(found('\n\n    @verifies REQ-7')).toEqual([['REQ-7', 'verifies', 3, 15]]);
    // '😀' is two code units; 'é' is one.
    expect(found('// é😀 @verifies REQ-1')).toEqual([['REQ-1', 'verifies', 1, 18]]);
  });

  it('handles CRLF line ends and keeps the trimmed line as text', () => {
    const result = annotationsOfFile('f', 'x\r\n  // @verifies REQ-1  \r\ny\r\n', DEFAULT_PATTERNS);
    expect(result.annotations).toEqual([
      { id: 'REQ-1', verb: 'verifies', file: 'f', line: 2, column: 16, text: '// @verifies REQ-1' },
    ]);
  });

  it('finds several annotations on one line, in column order', () => {
    expect(found('// @implements REQ-2 @verifies REQ-1')).toEqual([
      ['REQ-2', 'implements', 1, 16],
      ['REQ-1', 'verifies', 1, 32],
    ]);
  });

  it('does not take a similar word, a non-id or an id on the next line', () => {
    expect(found('// @verified REQ-1')).toEqual([]);
    expect(found('// @verifies: REQ-1')).toEqual([]);
    expect(found('class A @implements {Runnable}')).toEqual([]);
    expect(found('// @verifies 42')).toEqual([]);
    expect(found('// @verifies\n// REQ-1')).toEqual([]);
    expect(found('// @Verifies REQ-1')).toEqual([]);
  });
});

describe('custom patterns', () => {
  it('finds `Verifies: {id}` and `[req:{id}]`', () => {
    const patterns = ['Verifies: {id}', '[req:{id}]'];
    expect(found('# Verifies: REQ-1\nassert x  # [req:REQ-2]', patterns)).toEqual([
      ['REQ-1', 'verifies', 1, 13],
      ['REQ-2', 'req', 2, 18],
    ]);
  });

  it('no longer finds the default patterns when they are not configured', () => {
    expect(found('// @verifies REQ-1', ['Verifies: {id}'])).toEqual([]);
  });

  it('ignores a pattern without {id}, using the others', () => {
    expect(found('// @verifies REQ-1 Tests: REQ-2', ['Tests:', '@verifies {id}'])).toEqual([
      ['REQ-1', 'verifies', 1, 14],
    ]);
  });

  it('gives one annotation where two patterns match the same text', () => {
    expect(found('// @verifies REQ-1', ['@verifies {id}', 'verifies {id}'])).toEqual([
      ['REQ-1', 'verifies', 1, 14],
    ]);
  });
});

describe('multi-id annotations', () => {
  it('record one annotation per id and raise multi-verifies-annotation at the annotation', () => {
    const result = annotationsOfFile(
      'test/pump.test.ts',
      'x\n  // @verifies REQ-1, REQ-2 REQ-3',
      DEFAULT_PATTERNS,
    );
    expect(result.annotations.map((a) => [a.id, a.line, a.column])).toEqual([
      ['REQ-1', 2, 16],
      ['REQ-2', 2, 23],
      ['REQ-3', 2, 29],
    ]);
    expect(result.diagnostics).toEqual([
      {
        rule: 'multi-verifies-annotation',
        severity: 'warning',
        message:
          'annotation "@verifies REQ-1, REQ-2 REQ-3" in test/pump.test.ts names 3 ids (REQ-1, REQ-2, REQ-3); one annotation names one id: split it into one annotation per id, or move the test so that each test verifies one entity',
        file: 'test/pump.test.ts',
        line: 2,
        column: 6,
      },
    ]);
  });

  it('applies to custom patterns too', () => {
    const result = annotationsOfFile('f', '# [req:REQ-1,REQ-2]', ['[req:{id}]']);
    expect(result.annotations.map((a) => a.id)).toEqual(['REQ-1', 'REQ-2']);
    expect(result.diagnostics.map((d) => [d.rule, d.column])).toEqual([['multi-verifies-annotation', 3]]);
  });

  it('is not raised for one id per annotation, several annotations on a line, or a repeated id', () => {
    for (const text of [
      '// @verifies REQ-1\n// @verifies REQ-2',
      '// @verifies REQ-1 @implements REQ-2',
      '// @verifies REQ-1, REQ-1',
    ]) {
      expect(annotationsOfFile('f', text, DEFAULT_PATTERNS).diagnostics, text).toEqual([]);
    }
    expect(found('// @verifies REQ-1, REQ-1')).toEqual([['REQ-1', 'verifies', 1, 14]]);
  });

  it('without known ids, does not read prose after the id as more ids', () => {
    const result = annotationsOfFile('f', '// @verifies REQ-1 when the pump stops.', DEFAULT_PATTERNS);
    expect(result.annotations.map((a) => a.id)).toEqual(['REQ-1']);
    expect(result.diagnostics).toEqual([]);
  });

  it('with known ids, finds known ids among prose and quotes only up to the last one', () => {
    const known = new Set(['REQ-1', 'REQ-2']);
    const result = annotationsOfFile('f', '// @verifies REQ-1 and REQ-2 for now', DEFAULT_PATTERNS, {
      knownIds: known,
    });
    expect(result.annotations.map((a) => a.id)).toEqual(['REQ-1', 'REQ-2']);
    expect(result.diagnostics[0]!.message).toMatch(
      /^annotation "@verifies REQ-1 and REQ-2" in f names 2 ids/,
    );
  });
});

describe('known ids', () => {
  const known = new Set(['REQ-1', 'Pump']);

  it('ignores a token that is not a known id', () => {
    expect(found('class Foo // @implements Runnable', DEFAULT_PATTERNS, known)).toEqual([]);
    expect(found('// @verifies REQ-99', DEFAULT_PATTERNS, known)).toEqual([]);
  });

  it('keeps known ids, of any shape the id token allows', () => {
    expect(found('// @verifies REQ-1\n// @implements Pump', DEFAULT_PATTERNS, known)).toEqual([
      ['REQ-1', 'verifies', 1, 14],
      ['Pump', 'implements', 2, 16],
    ]);
  });

  it('keeps the known ids of a list and drops the others, so one known id is not multi-id', () => {
    const result = annotationsOfFile('f', '// @verifies REQ-99, REQ-1', DEFAULT_PATTERNS, {
      knownIds: known,
    });
    expect(result.annotations.map((a) => [a.id, a.column])).toEqual([['REQ-1', 22]]);
    expect(result.diagnostics).toEqual([]);
  });

  it('without known ids, every match counts', () => {
    expect(found('class Foo // @implements Runnable')).toEqual([['Runnable', 'implements', 1, 26]]);
  });
});
