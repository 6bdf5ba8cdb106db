import { MapView } from './map-view.js';

/**
 * A read-only Map made of disjoint parts (one per model file), in the parts' order: a key is looked up
 * in the one part that can hold it. The incremental engine (docs/incremental.md) gives each revision's
 * model its entities by id this way: an edit of one file makes that file's part again, and no Map of
 * every entity is built per keystroke. A revision read all over (a first analysis, `rr validate`) looks
 * up many more keys than a keystroke's rules do: once it has looked up a quarter as many as there are
 * entries, the parts are copied into one Map, which answers the rest in one lookup each, so the copy
 * costs no more than a few times the lookups it follows. Writing to it throws (MapView).
 */
export class UnionMap<K, V> extends MapView<K, V> {
  /** the parts as one Map, copied once lookups reach a quarter of the entries */
  private whole: ReadonlyMap<K, V> | undefined;
  /** lookups left before the copy is made */
  private lookupsLeft: number;

  /** `partOf` names the part that holds a key (or would hold it); the parts share no key. */
  constructor(
    private readonly parts: readonly ReadonlyMap<K, V>[],
    private readonly partOf: (key: K) => ReadonlyMap<K, V> | undefined,
  ) {
    super();
    this.lookupsLeft = this.size / 4;
  }

  override get(key: K): V | undefined {
    return (this.whole ?? this.partHolding(key))?.get(key);
  }

  override has(key: K): boolean {
    return (this.whole ?? this.partHolding(key))?.has(key) ?? false;
  }

  private partHolding(key: K): ReadonlyMap<K, V> | undefined {
    if (--this.lookupsLeft >= 0) return this.partOf(key);
    this.whole = new Map(this.entries());
    return this.whole;
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
}
