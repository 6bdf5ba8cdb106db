/** Orders strings by Unicode code point, as their UTF-8 bytes sort, so output is the same everywhere. */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

// UTF-16 puts surrogate pairs (code points above U+FFFF) before U+E000–U+FFFF; moving the surrogates
// above that range restores code-point order without decoding.
function rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

// UTF-16 order differs from code-point order only where a surrogate meets a unit in U+E000–U+FFFF.
const ORDER_DIFFERS = /[\uD800-\uFFFF]/;

/**
 * Sorts `items` in place by a string key in code-point order. When no key holds a unit at or above
 * U+D800 the engine's own string comparison gives the same order, several times faster.
 */
export function sortByCodePointKey<T>(items: T[], key: (item: T) => string): T[] {
  if (items.some((item) => ORDER_DIFFERS.test(key(item)))) {
    return items.sort((a, b) => byCodePoint(key(a), key(b)));
  }
  return items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
