// A small memory of recent parses by text. A save parses the same file text several times (to plan, to
// check the edited ranges, to compare what lies outside the entities), and the text one save writes is
// where the next save of that file starts; parsing a large file is most of a save's time. Parsed
// results are only read, never changed, so handing the same one out again is safe.

/** Most texts remembered per memo, and the largest text remembered (bigger ones are always parsed). */
const ENTRIES = 6;
const MAX_TEXT = 4 * 1024 * 1024;

/** Wraps a parse of (path, text) so recent results are reused; least recently used entries go first. */
export function memoByText<T>(parse: (path: string, text: string) => T): (path: string, text: string) => T {
  const recent = new Map<string, T>();
  return (path, text) => {
    if (text.length > MAX_TEXT) return parse(path, text);
    const key = `${path}\u0000${text}`;
    const known = recent.get(key);
    if (known !== undefined) {
      recent.delete(key);
      recent.set(key, known);
      return known;
    }
    const parsed = parse(path, text);
    recent.set(key, parsed);
    if (recent.size > ENTRIES) recent.delete(recent.keys().next().value!);
    return parsed;
  };
}
