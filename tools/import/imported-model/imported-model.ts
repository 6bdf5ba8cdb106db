// What every importer produces before anything is written: entities grouped into the files they will
// be written to, the project block, and the report of what was read, mapped and not kept.
import type { EntityKind } from '../../model/entity.js';
import type { ImportReport } from './import-report.js';

/** One entity as imported: rr field names and values as a model file holds them. */
export interface ImportedEntity {
  kind: EntityKind;
  id: string;
  /** every field but `id`; the writer puts them in rr's usual order */
  fields: Record<string, unknown>;
  /** where it came from, as the report names it: `docs/mutex.sdoc:17` */
  source: string;
}

/** One model file to write: a sections document at `path` (relative, `/`-separated, `.yaml`). */
export interface ImportedFile {
  path: string;
  /** the first comment line of the file: where its entities came from */
  origin: string;
  entities: ImportedEntity[];
}

/** An import ready to be written. */
export interface ImportedModel {
  files: ImportedFile[];
  project: Record<string, unknown>;
  report: ImportReport;
  /**
   * Ids the source gave items the import left out (inactive, non-normative, skipped): written to
   * config.retired_ids so that no new entity takes one of them (docs/import-export.md).
   */
  leftOutIds?: string[];
}

/** Every entity of an import in file order. */
export function importedEntities(model: { files: ImportedFile[] }): ImportedEntity[] {
  return model.files.flatMap((f) => f.entities);
}

/** Adds an entity under its id; a second entity with an id already taken is reported and left out. */
export function addEntity(
  byId: Map<string, ImportedEntity>,
  entity: ImportedEntity,
  report: ImportReport,
): boolean {
  const first = byId.get(entity.id);
  if (first !== undefined) {
    report.lose(
      'items whose id is already taken (the first is kept)',
      entity.source,
      `${entity.id} (first at ${first.source})`,
    );
    return false;
  }
  byId.set(entity.id, entity);
  return true;
}
