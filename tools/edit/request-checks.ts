// Checks of a request against the model as read: the entity exists at the version the client saw,
// and a new id is free and well-formed.
import { idMatchesPattern } from '../model/config.js';
import { KIND_WORDS, entityName, positionOf, type Entity, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { EditError, placeOf } from './edit-error.js';
import { entityVersion } from './entity-version.js';

/** The entity a request names, if its version is still the one the client read (else `stale-version`). */
export function entityAtVersion(model: Model, id: string, version: string): Entity {
  const entity = model.byId.get(id);
  if (!entity) throw new EditError('unknown-entity', `no entity has the id "${id}"; reload the model`);
  const now = entityVersion(entity);
  if (version !== now) {
    const at = positionOf(entity);
    throw new EditError(
      'stale-version',
      `${placeOf(at.file, at.line)}${entityName(entity)} changed since it was loaded (version ${String(version)}, now ${now}); reload it and apply your change again`,
      { file: at.file, line: at.line },
    );
  }
  return entity;
}

/** Refuses an id for a new or renamed entity that is taken, blank, or not in the project's format. */
export function assertNewId(model: Model, kind: EntityKind, id: string): void {
  if (id.trim() === '' || id !== id.trim())
    throw new EditError('bad-id', `"${id}" is no id: ids are non-empty and have no surrounding spaces`);
  const holder = model.byId.get(id);
  if (holder) {
    const at = positionOf(holder);
    throw new EditError(
      'bad-id',
      `the id "${id}" is already used by ${entityName(holder)} at ${at.file}:${at.line}; choose another`,
    );
  }
  if (!idMatchesPattern(model.config, kind, id))
    throw new EditError(
      'bad-id',
      `"${id}" does not match config.id_pattern "${model.config.id_pattern ?? ''}" with prefix "${model.config.prefixes[kind]}" for a ${KIND_WORDS[kind]}`,
    );
}
