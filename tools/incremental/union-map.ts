/**
 * A read-only Map made of disjoint parts (one per model file), in the parts' order: a key is looked up
 * in the one part that can hold it. The incremental engine (docs/incremental.md) gives each revision's
 * model its entities by id this way: an edit of one file makes that file's part again, and no Map of
 * every entity is built per keystroke. Writing to it throws: a model's indexes do not change.
 */
export class UnionMap<K, V> extends Map<K, V> {
  /** `partOf` names the part that holds a key (or would hold it); the parts share no key. */
  constructor(
    private readonly parts: readonly ReadonlyMap<K, V>[],
    private readonly partOf: (key: K) => ReadonlyMap<K, V> | undefined,
  ) {
    super();
  }

  override get(key: K): V | undefined {
    return this.partOf(key)?.get(key);
  }

  override has(key: K): boolean {
    return this.partOf(key)?.has(key) ?? false;
  }

  override get size(): number {
    let size = 0;
    for (const part of this.parts) size += part.size;
    return size;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const part of this.parts) yield* part.entries();
  }

  override *keys(): MapIterator<K> {
    for (const part of this.parts) yield* part.keys();
  }

  override *values(): MapIterator<V> {
    for (const part of this.parts) yield* part.values();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(each: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) each.call(thisArg, value, key, this);
  }

  override set(): this {
    throw new Error('a model’s index does not change');
  }

  override delete(): boolean {
    throw new Error('a model’s index does not change');
  }

  override clear(): void {
    throw new Error('a model’s index does not change');
  }
}
