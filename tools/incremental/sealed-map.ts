/**
 * A Map that cannot be changed once made: a file's entities and claims by id in the incremental engine
 * (docs/incremental.md), which a model of one file hands to its readers as they are. Lookups are the
 * Map's own (no function of rr's in between, as a UnionMap of many files has); writing throws, as a
 * model's indexes do not change.
 */
export class SealedMap<K, V> extends Map<K, V> {
  private readonly sealed: boolean;

  /** A Map of what `fill` sets (in its order), sealed when it returns. */
  constructor(fill: (set: (key: K, value: V) => void) => void) {
    super();
    fill((key, value) => super.set(key, value));
    this.sealed = true;
  }

  override set(key: K, value: V): this {
    if (this.sealed) throw new Error('a model’s index does not change');
    return super.set(key, value);
  }

  override delete(): boolean {
    throw new Error('a model’s index does not change');
  }

  override clear(): void {
    throw new Error('a model’s index does not change');
  }
}
