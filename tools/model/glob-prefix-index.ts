// Globs indexed by the literal text before their first star, so that finding the globs that may select
// a case path costs a lookup per distinct prefix length, not a test of every glob: a target with
// thousands of glob claims and hundreds of thousands of cases was otherwise tested glob by case.
import { globPrefix, type Selector } from './selectors.js';

/** Values keyed by their glob's prefix; candidates(path) gives those whose prefix starts the path. */
export class GlobPrefixIndex<T> {
  private readonly byPrefix = new Map<string, T[]>();
  /** distinct prefix lengths, ascending */
  private readonly lengths: number[] = [];

  /** Adds `value` under `selector`'s prefix. */
  add(selector: Selector, value: T): void {
    const prefix = globPrefix(selector);
    const list = this.byPrefix.get(prefix);
    if (list) {
      list.push(value);
      return;
    }
    this.byPrefix.set(prefix, [value]);
    const at = this.lengths.findIndex((n) => n >= prefix.length);
    if (at === -1) this.lengths.push(prefix.length);
    else if (this.lengths[at] !== prefix.length) this.lengths.splice(at, 0, prefix.length);
  }

  /** Calls `visit` for every value whose prefix starts `path` (shorter prefixes first, then as added). */
  candidates(path: string, visit: (value: T) => void): void {
    for (const n of this.lengths) {
      if (n > path.length) break;
      const list = this.byPrefix.get(n === path.length ? path : path.slice(0, n));
      if (list) for (const value of list) visit(value);
    }
  }
}
