// The model compared field by field between two versions (docs/api.md, GET /api/diff): entities added,
// removed and changed (each changed field with its old and new value), and changes of the
// configuration, project and meta data. Formatting and comments do not count; only what loads.
import { isDeepStrictEqual } from 'node:util';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';

/** One field that differs. */
export interface FieldChange {
  field: string;
  /** null when the field is absent on that side */
  from: unknown;
  to: unknown;
}

/** An entity present on one side only. */
export interface EntitySide {
  id: string;
  kind: string;
  file: string;
  data: Record<string, unknown>;
}

/** An entity present on both sides with different content or place. */
export interface EntityChange {
  id: string;
  kind: string;
  file: string;
  fields: FieldChange[];
  /** the file it moved from, when it moved */
  moved_from?: string;
}

/** What differs between two models. */
export interface ModelDiff {
  added: EntitySide[];
  removed: EntitySide[];
  changed: EntityChange[];
  config: FieldChange[];
  project: FieldChange[];
  meta: FieldChange[];
  schema_version: FieldChange[];
  /** true when nothing differs */
  same: boolean;
}

/** Compares two models; `place` turns a file path into how the API shows it. */
export function semanticDiff(from: Model, to: Model, place: (file: string) => string = (f) => f): ModelDiff {
  const side = (e: Entity): EntitySide => ({ id: e.id, kind: e.kind, file: place(e.file), data: e.data });
  const added = to.entities.filter((e) => !from.byId.has(e.id)).map(side);
  const removed = from.entities.filter((e) => !to.byId.has(e.id)).map(side);
  const changed: EntityChange[] = [];
  for (const after of to.entities) {
    const before = from.byId.get(after.id);
    if (!before) continue;
    const fields = fieldChanges({ kind: before.kind, ...before.data }, { kind: after.kind, ...after.data });
    const moved = place(before.file) !== place(after.file);
    if (fields.length === 0 && !moved) continue;
    const change: EntityChange = { id: after.id, kind: after.kind, file: place(after.file), fields };
    if (moved) change.moved_from = place(before.file);
    changed.push(change);
  }
  const diff: ModelDiff = {
    added,
    removed,
    changed,
    config: fieldChanges(
      from.config as unknown as Record<string, unknown>,
      to.config as unknown as Record<string, unknown>,
    ),
    project: fieldChanges(from.project, to.project),
    meta: fieldChanges(from.meta, to.meta),
    schema_version:
      from.schemaVersion === to.schemaVersion
        ? []
        : [{ field: 'schema_version', from: from.schemaVersion, to: to.schemaVersion }],
    same: false,
  };
  diff.same =
    added.length +
      removed.length +
      changed.length +
      diff.config.length +
      diff.project.length +
      diff.meta.length +
      diff.schema_version.length ===
    0;
  return diff;
}

/** Fields that differ, in the order of the newer side, then fields only the older side has. */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys
    .filter((k) => !isDeepStrictEqual(before[k], after[k]))
    .map((k) => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));
}
