/**
 * A read-only Map whose entries live elsewhere (the incremental engine's indexes by id, made of each
 * revision's files without a Map of every entity, docs/incremental.md): a subclass says how to look a
 * key up and how to list the entries; iterating, `forEach` and the rest follow. Writing throws: a model's
 * indexes do not change.
 */
export abstract class MapView<K, V> extends Map<K, V> {
  abstract override get(key: K): V | undefined;
  abstract override has(key: K): boolean;
  abstract override get size(): number;
  abstract override entries(): MapIterator<[K, V]>;

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
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
