// Case selectors (docs/decisions/0018-escapes-in-selectors.md).
import { describe, expect, it } from 'vitest';
import { parseSelector, selectorProblem, selectorsOverlap, selects } from '../../tools/model/selectors.js';

// In these tables `\\*` is the two characters backslash and star as written in a model file.

describe('selectorProblem', () => {
  it.each([
    'Foo/bar',
    'Foo/*',
    '*',
    'a\\*',
    'a\\\\',
    'a\\\\*',
    '\\*\\*',
    'Rate test: 0.1 to 999.9 [mL/h]',
    'größer_als/😀',
    'a\u00a0b', // inner no-break space: odd but a possible case name
  ])('%j is fine', (text) => {
    expect(selectorProblem(text)).toBeUndefined();
  });

  it.each([
    ['', 'selector is empty'],
    [' ', 'selector is empty'],
    ['\t\n', 'selector is empty'],
    [' a', 'selector has leading or trailing whitespace (case paths never do)'],
    ['a ', 'selector has leading or trailing whitespace (case paths never do)'],
    ['\ta', 'selector has leading or trailing whitespace (case paths never do)'],
    ['a\n', 'selector has leading or trailing whitespace (case paths never do)'],
    ['\u00a0a', 'selector has leading or trailing whitespace (case paths never do)'],
    ['a\u2003', 'selector has leading or trailing whitespace (case paths never do)'],
    ['a\u0000b', 'selector contains a control character'],
    ['a\tb', 'selector contains a control character'],
    ['a\u001fb', 'selector contains a control character'],
    ['a\u007fb', 'selector contains a control character'],
    ['a\u0085b', 'selector contains a control character'], // C1 controls are Cc, as in labels
    ['a\u009fb', 'selector contains a control character'],
    ['a\\qb', 'backslash at column 2 escapes nothing; write \\* for a literal star or \\\\ for a backslash'],
    ['\\a', 'backslash at column 1 escapes nothing; write \\* for a literal star or \\\\ for a backslash'],
    ['ab\\', 'backslash at column 3 escapes nothing; write \\* for a literal star or \\\\ for a backslash'],
    [
      'a\\\\\\',
      'backslash at column 4 escapes nothing; write \\* for a literal star or \\\\ for a backslash',
    ],
    [
      'a\\\\\\b',
      'backslash at column 4 escapes nothing; write \\* for a literal star or \\\\ for a backslash',
    ],
  ])('%j: %s', (text, problem) => {
    expect(selectorProblem(text)).toBe(problem);
  });
});

describe('parseSelector', () => {
  const STAR = -1;
  const cp = (s: string) => [...s].map((c) => c.codePointAt(0)!);

  it.each<[string, number[], boolean, string | undefined]>([
    ['Foo/bar', cp('Foo/bar'), false, 'Foo/bar'],
    ['Foo/*', [...cp('Foo/'), STAR], true, undefined],
    ['*', [STAR], true, undefined],
    ['**', [STAR, STAR], true, undefined],
    ['a\\*', cp('a*'), false, 'a*'],
    ['\\*\\*', cp('**'), false, '**'],
    ['a\\\\', cp('a\\'), false, 'a\\'],
    ['a\\\\*', [...cp('a\\'), STAR], true, undefined],
    ['\\**', [...cp('*'), STAR], true, undefined],
    ['😀x', cp('😀x'), false, '😀x'],
    ['😀*', [...cp('😀'), STAR], true, undefined],
    ['*😀\\*', [STAR, ...cp('😀*')], true, undefined],
  ])('%j', (text, tokens, glob, literal) => {
    const s = parseSelector(text);
    // A literal is matched by its path alone: it keeps no tokens.
    expect(s).toEqual(literal === undefined ? { text, tokens, glob } : { text, tokens: [], glob, literal });
    if (literal !== undefined) expect(cp(literal)).toEqual(tokens);
  });
});

describe('selects', () => {
  it.each<[string, string, boolean]>([
    ['Foo/bar', 'Foo/bar', true],
    ['Foo/bar', 'Foo/ba', false],
    ['Foo/bar', 'foo/bar', false],
    ['Foo/*', 'Foo/', true],
    ['Foo/*', 'Foo/bar', true],
    ['Foo/*', 'Foo/bar/baz', true], // a star crosses "/"
    ['Foo/*', 'Foo', false],
    ['Foo/*', 'xFoo/bar', false],
    ['*', '', true],
    ['*', 'anything at all', true],
    ['a*b', 'ab', true],
    ['a*b', 'a\nb', true],
    ['a*b', 'abc', false],
    ['*/low', 'Rate/low', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
    ['a\\**', 'a*x', true],
    ['a\\**', 'ax', false],
    ['a\\\\*', 'a\\x', true],
    ['a\\\\*', 'ax', false],
    // regular-expression syntax in a selector is plain text
    ['a.b*', 'a.bc', true],
    ['a.b*', 'axbc', false],
    ['a?*', 'ab', false],
    ['a+*', 'a+', true],
    ['[ab]*', 'a', false],
    ['[ab]*', '[ab]x', true],
    ['(x)|*', '(x)|y', true],
    ['^$*', '^$', true],
    ['{1}/*', '{1}/a', true],
    ['😀*', '😀x', true],
    ['*😀', 'x😀', true],
    ['*😀', 'x😁', false],
  ])('%j selects %j: %s', (selector, casePath, expected) => {
    expect(selects(parseSelector(selector), casePath)).toBe(expected);
  });

  it('matches star-heavy selectors without exponential backtracking', () => {
    // With a backtracking RegExp the first of these took about a minute.
    const start = Date.now();
    expect(selects(parseSelector(`${'*a'.repeat(10)}*b`), `${'a'.repeat(40)}c`)).toBe(false);
    expect(selects(parseSelector(`${'a*'.repeat(300)}b`), `${'a'.repeat(300)}b`)).toBe(true);
    expect(selects(parseSelector(`${'*a'.repeat(300)}*b`), `${'a'.repeat(2000)}c`)).toBe(false);
    expect(Date.now() - start).toBeLessThan(2000);
  });
});

describe('selectorsOverlap', () => {
  it.each<[string, string, boolean]>([
    ['Foo/bar', 'Foo/bar', true],
    ['Foo/bar', 'Foo/baz', false],
    ['Foo/*', 'Foo/bar', true],
    ['Foo/*', 'Bar/foo', false],
    ['Foo/*', '*/bar', true],
    ['Foo/*', '*', true],
    ['a*', 'b*', false],
    ['*x', '*y', false],
    ['a*', '*b', true],
    ['a*b', 'a*c', false],
    ['a*b*', '*c*', true],
    ['ab*', '*ba', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['a*a', 'a*', true],
    ['**', 'x', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'a\\*', true],
    ['a\\*', 'ab', false],
    ['a\\*', 'a\\**', true],
    ['a\\*b*', 'a\\*', false],
    ['a\\\\', 'a\\\\', true],
    ['a\\\\*', 'a*\\\\', true],
    ['a\\\\*', 'a\\*', false],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(selectorsOverlap(parseSelector(a), parseSelector(b))).toBe(expected);
    expect(selectorsOverlap(parseSelector(b), parseSelector(a))).toBe(expected);
  });

  it('decides long selectors without deep recursion', () => {
    const a = parseSelector(`${'a*'.repeat(500)}b`);
    const b = parseSelector(`${'*a'.repeat(500)}c`);
    expect(selectorsOverlap(a, b)).toBe(false);
    expect(selectorsOverlap(a, parseSelector(`${'*a'.repeat(500)}*b`))).toBe(true);
    expect(selectorsOverlap(a, parseSelector(`${'a'.repeat(500)}b`))).toBe(true);
  });
});

// Brute-force cross-check. Case paths are strings over {a, b, *, \}: a case path may contain a literal
// star or backslash, which selectors write as \* and \\. Two selectors with c1 and c2 non-star tokens
// that overlap have a common case path of at most c1 + c2 characters (a character matched by stars on
// both sides can be dropped), so strings up to length 6 decide pairs with at most 6 such tokens.
describe('selectorsOverlap against brute force', () => {
  const ALPHABET = ['a', 'b', '*', '\\'];
  const TOKENS = ['a', 'b', '*', '\\*', '\\\\']; // as written: char, char, glob star, literal star, backslash
  const MAX_LENGTH = 6;

  const strings: string[] = [''];
  for (let i = 0; strings[i]!.length < MAX_LENGTH; i++)
    for (const c of ALPHABET) strings.push(strings[i] + c);

  /** A selector's meaning rebuilt independently of tools/model/selectors.ts: a RegExp. */
  function reference(tokens: string[]): RegExp {
    const source = tokens.map((t) => (t === '*' ? '[^]*' : t === 'a' || t === 'b' ? t : `\\${t.slice(-1)}`));
    return new RegExp(`^${source.join('')}$`);
  }
  const chars = (tokens: string[]) => tokens.filter((t) => t !== '*').length;

  /** Which of `strings` a selector selects, by `selects` and by the reference, which must agree. */
  function selected(tokens: string[]): boolean[] {
    const re = reference(tokens);
    const selector = parseSelector(tokens.join(''));
    return strings.map((s) => {
      const expected = re.test(s);
      if (selects(selector, s) !== expected) {
        throw new Error(
          `selects(${JSON.stringify(tokens.join(''))}, ${JSON.stringify(s)}) should be ${expected}`,
        );
      }
      return expected;
    });
  }

  it('agrees on every pair of selectors of up to three tokens', () => {
    const patterns: string[][] = [];
    const grow = (prefix: string[]) => {
      if (prefix.length > 0) patterns.push(prefix);
      if (prefix.length < 3) for (const t of TOKENS) grow([...prefix, t]);
    };
    grow([]);
    expect(patterns).toHaveLength(5 + 25 + 125);
    const sets = patterns.map(selected);
    const mismatches: string[] = [];
    for (let i = 0; i < patterns.length; i++) {
      for (let j = 0; j < patterns.length; j++) {
        const expected = sets[i]!.some((hit, k) => hit && sets[j]![k]);
        const a = patterns[i]!.join('');
        const b = patterns[j]!.join('');
        if (selectorsOverlap(parseSelector(a), parseSelector(b)) !== expected) {
          mismatches.push(`${JSON.stringify(a)} ~ ${JSON.stringify(b)} should be ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees on random longer selectors with at most six non-star tokens between them', () => {
    let seed = 0x5eed;
    const random = () => {
      // mulberry32: deterministic, so a failure can be reproduced
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pattern = (): string[] => {
      const length = 1 + Math.floor(random() * 7);
      return Array.from({ length }, () =>
        random() < 0.45 ? '*' : TOKENS.filter((t) => t !== '*')[Math.floor(random() * 4)]!,
      );
    };
    const mismatches: string[] = [];
    let checked = 0;
    while (checked < 600) {
      const p = pattern();
      const q = pattern();
      if (chars(p) + chars(q) > MAX_LENGTH) continue;
      checked++;
      const rp = reference(p);
      const rq = reference(q);
      const expected = strings.some((s) => rp.test(s) && rq.test(s));
      const a = p.join('');
      const b = q.join('');
      if (selectorsOverlap(parseSelector(a), parseSelector(b)) !== expected) {
        mismatches.push(`${JSON.stringify(a)} ~ ${JSON.stringify(b)} should be ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
