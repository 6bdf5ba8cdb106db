// SPDX-License-Identifier: AGPL-3.0-or-later
/** A least-recently-used map with a fixed capacity: the reader's only store of parsed event bodies. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The value for a key, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores a value, dropping the least recently used one beyond capacity. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  /** Drops a key. */
  delete(key: K): void {
    this.map.delete(key);
  }

  /** The values held, least recently used first. */
  values(): IterableIterator<V> {
    return this.map.values();
  }

  /** How many values are held. */
  get size(): number {
    return this.map.size;
  }
}
