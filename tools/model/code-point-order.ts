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
 * Sorts `items` in place by string keys (the first key, then the next on a tie) in code-point order.
 * When no key holds a unit at or above U+D800 the engine's own string comparison gives the same order,
 * several times faster.
 */
export function sortByCodePointKey<T>(items: T[], ...keys: ((item: T) => string)[]): T[] {
  const compare = items.some((item) => keys.some((key) => ORDER_DIFFERS.test(key(item))))
    ? byCodePoint
    : (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return items.sort((a, b) => {
    for (const key of keys) {
      const order = compare(key(a), key(b));
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** Sorts strings in place in code-point order (the engine's own sort when no unit is at or above U+D800). */
export function sortByCodePoint(strings: string[]): string[] {
  return strings.some((s) => ORDER_DIFFERS.test(s)) ? strings.sort(byCodePoint) : strings.sort();
}
