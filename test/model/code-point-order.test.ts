// Path order: code points (UTF-8 byte order), not UTF-16 code units.
import { describe, expect, it } from 'vitest';
import { byCodePoint as compareCodePoints, sortByCodePoint } from '../../tools/model/code-point-order.js';

describe('compareCodePoints', () => {
  it('sorts like the UTF-8 bytes of the strings', () => {
    const words = [
      'b',
      'a/b',
      'a',
      'B',
      '',
      'ab',
      '\uFB00',
      '\u{1D538}',
      '\uE000',
      'é',
      '\u{1F600}',
      'a\u{1D538}',
      'a\uFFFF',
    ];
    const byBytes = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...words].sort(compareCodePoints)).toEqual(byBytes);
  });

  it('puts characters above U+FFFF after U+E000–U+FFFF, unlike `<`', () => {
    expect(compareCodePoints('\u{1D538}', '\uFB00')).toBeGreaterThan(0);
    expect('\u{1D538}' < '\uFB00').toBe(true);
  });

  it('is zero only for equal strings', () => {
    expect(compareCodePoints('a/b', 'a/b')).toBe(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
  });
});

describe('sortByCodePoint', () => {
  const byBytes = (words: string[]) =>
    [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));

  it('sorts like the UTF-8 bytes, with and without characters above U+D800', () => {
    const plain = ['b/c.yaml', 'a.yaml', 'B.yaml', 'a/b.yaml', 'é.yaml', 'ab.yaml'];
    expect(sortByCodePoint([...plain])).toEqual(byBytes(plain));
    const wide = [...plain, '\uFB00.yaml', '\u{1D538}.yaml', '\uE000.yaml'];
    expect(sortByCodePoint([...wide])).toEqual(byBytes(wide));
  });
});
