// Compiling annotation patterns: verbs, literal text, id lists, and patterns that cannot be used.
import { describe, expect, it } from 'vitest';
import {
  compileAnnotationPattern,
  compileAnnotationPatterns,
} from '../../tools/sources/annotation-pattern.js';

function compiled(source: string) {
  const pattern = compileAnnotationPattern(source);
  if (typeof pattern === 'string') throw new Error(pattern);
  return pattern;
}

/** The id lists a pattern matches in a text. */
function lists(source: string, text: string): string[] {
  return [...text.matchAll(compiled(source).regex)].map((m) => m[1]!);
}

describe('compileAnnotationPattern', () => {
  it('takes the word before {id}, without @ and in lower case, as the verb', () => {
    expect(compiled('@verifies {id}').verb).toBe('verifies');
    expect(compiled('@implements {id}').verb).toBe('implements');
    expect(compiled('Verifies: {id}').verb).toBe('verifies');
    expect(compiled('[req:{id}]').verb).toBe('req');
    expect(compiled('@test-for {id}').verb).toBe('test-for');
  });

  it('falls back to the word after {id}, then to "annotates"', () => {
    expect(compiled('{id} is verified here').verb).toBe('is');
    expect(compiled('<<{id}>>').verb).toBe('annotates');
  });

  it('treats regex characters in the pattern as literal text', () => {
    expect(lists('[req:{id}]', 'x [req:REQ-1] y')).toEqual(['REQ-1']);
    expect(lists('[req:{id}]', 'x req:REQ-1 y')).toEqual([]);
    expect(lists('(*{id}*)', '(*REQ-1*) (xREQ-2x)')).toEqual(['REQ-1']);
    expect(lists('$ref {id}', '$ref REQ-1; ref REQ-2')).toEqual(['REQ-1']);
  });

  it('lets a blank in the pattern match one or more blanks or tabs, but not a line break', () => {
    expect(lists('@verifies {id}', '@verifies  REQ-1 @verifies\tREQ-2')).toEqual(['REQ-1', 'REQ-2']);
    expect(lists('@verifies {id}', '@verifiesREQ-1')).toEqual([]);
    expect(lists('@verifies {id}', '@verifies\nREQ-1')).toEqual([]);
  });

  it('makes a pattern that starts with a letter start a word', () => {
    expect(lists('Verifies: {id}', 'Verifies: REQ-1')).toEqual(['REQ-1']);
    expect(lists('Verifies: {id}', '# Verifies: REQ-1')).toEqual(['REQ-1']);
    expect(lists('Verifies: {id}', 'AutoVerifies: REQ-1')).toEqual([]);
    expect(lists('Verifies: {id}', 'verifies: REQ-1')).toEqual([]);
  });

  it('matches an id that starts with a letter and ends with a letter or digit', () => {
    expect(lists('@verifies {id}', '@verifies REQ-1.')).toEqual(['REQ-1']);
    expect(lists('@verifies {id}', '@verifies pump.dose_limit-2')).toEqual(['pump.dose_limit-2']);
    expect(lists('@verifies {id}', '@verifies 12 @verifies -REQ @verifies {Iface}')).toEqual([]);
  });

  it('matches a list of ids separated by commas and/or blanks, on one line', () => {
    expect(lists('@verifies {id}', '@verifies REQ-1, REQ-2,REQ-3 REQ-4')).toEqual([
      'REQ-1, REQ-2,REQ-3 REQ-4',
    ]);
    expect(lists('@verifies {id}', '@verifies REQ-1,\nREQ-2')).toEqual(['REQ-1']);
    expect(lists('[req:{id}]', '[req:REQ-1, REQ-2]')).toEqual(['REQ-1, REQ-2']);
    expect(lists('@verifies {id}', '@verifies REQ-1 @implements REQ-2')).toEqual(['REQ-1']);
  });

  it('makes a pattern that starts with {id} start at the first character of an id', () => {
    expect(lists('{id} (verified)', 'REQ-1 (verified)')).toEqual(['REQ-1']);
    expect(lists('{id} (verified)', 'xREQ-1 (verified) -REQ-2 (verified)')).toEqual(['xREQ-1']);
  });

  it('takes at most 32 ids into one list, however long the line', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `R${i}`);
    expect(lists('@verifies {id}', `@verifies ${ids.join(', ')}`)).toEqual([ids.slice(0, 32).join(', ')]);
    const words = 'Verifies '.repeat(5000);
    expect(lists('Verifies {id} ok', words)).toEqual([]);
  });

  it('anchors on the longest literal piece', () => {
    expect(compiled('@verifies {id}').anchor).toBe('@verifies');
    expect(compiled('[req:{id}]').anchor).toBe('[req:');
  });

  it('rejects a pattern without exactly one {id}, or with nothing besides it', () => {
    expect(compileAnnotationPattern('@verifies')).toMatch(/has no \{id\} placeholder/);
    expect(compileAnnotationPattern('@verifies {id} {id}')).toMatch(/has 2 \{id\} placeholders/);
    expect(compileAnnotationPattern(' {id} ')).toMatch(/would match every word/);
    expect(typeof compileAnnotationPattern('x{id}')).toBe('object');
  });

  it('compiles a list, keeping the usable patterns and the problems of the others', () => {
    const result = compileAnnotationPatterns(['@verifies {id}', 'nothing', '@implements {id}']);
    expect(result.patterns.map((p) => p.verb)).toEqual(['verifies', 'implements']);
    expect(result.problems).toEqual([expect.stringContaining('"nothing"')]);
  });
});
