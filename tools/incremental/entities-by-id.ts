import type { Entity } from '../model/entity.js';
import type { IdTable } from '../model/model-parts.js';
import { MapView } from './map-view.js';

/**
 * A revision's entities by id, read through the id table (each id's owner: its file and its place among
 * that file's entities, duplicates included) from the revision's entities of each file. The id table is
 * made again only when an id, owner or kind changes (docs/incremental.md), so a revision builds no Map
 * of every entity, and a file, however small, needs no Map of its own.
 */
export class EntitiesById extends MapView<string, Entity> {
  /** `entitiesOf` holds each file's entities as its documents give them (the owners' places count in it). */
  constructor(
    private readonly ids: IdTable,
    private readonly entitiesOf: ReadonlyMap<string, readonly Entity[]>,
  ) {
    super();
  }

  override get(id: string): Entity | undefined {
    const owner = this.ids.get(id);
    return owner && this.entitiesOf.get(owner.file)![owner.index];
  }

  override has(id: string): boolean {
    return this.ids.has(id);
  }

  override get size(): number {
    return this.ids.size;
  }

  override *entries(): MapIterator<[string, Entity]> {
    for (const [id, owner] of this.ids) yield [id, this.entitiesOf.get(owner.file)![owner.index]!];
  }

  override keys(): MapIterator<string> {
    return this.ids.keys();
  }
}
