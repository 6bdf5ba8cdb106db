import type { EntityKind } from '../model/entity.js';
import type { LinkRelation } from '../model/review-stamps.js';

/** Create an entity; without `id` it gets the next free id in the project's id format. */
export interface CreateRequest {
  op: 'create';
  kind: EntityKind;
  /** the entity's fields (`kind` excluded); `id` here or in `id` */
  data: Record<string, unknown>;
  id?: string;
  /**
   * the file to write it to (absolute): one of the files that can take the kind; default beside its
   * parent (docs/editing.md, "Where new entities go")
   */
  file?: string;
}

/**
 * Change an entity's fields. `data` is the entity's new field set: a known field left out is removed,
 * an unknown (custom) key left out is kept, so a form that does not show custom keys never drops them.
 * `id` in data, if present, must equal the entity's id (renaming is its own request).
 */
export interface UpdateRequest {
  op: 'update';
  id: string;
  data: Record<string, unknown>;
  /** the version the client read (see entity-version.ts); a newer entity is a stale-version conflict */
  version: string;
}

/** Give an entity a new id; every reference in the model and its lock entries follow. */
export interface RenameRequest {
  op: 'rename';
  id: string;
  newId: string;
  version: string;
}

/** Delete an entity; with `force`, references to it are removed too. Its lock entries are dropped. */
export interface DeleteRequest {
  op: 'delete';
  id: string;
  force?: boolean;
  version: string;
}

/** A lock entry to set to an owner, or to drop (owner null), in the same write as a model edit. */
export interface Relock {
  /** the normalized target label */
  target: string;
  path: string;
  owner: string | null;
}

/**
 * Change several entities at once and re-lock cases in the same write: what moving a test case to
 * another owner takes (the claims that gave it up and the one that gains it, and its lock entry).
 */
export interface UpdateManyRequest {
  op: 'update-many';
  updates: { id: string; data: Record<string, unknown>; version: string }[];
  /** lock entries to change; ignored when the model configures no verification lock */
  relock?: Relock[];
}

/**
 * Mark suspect links as reviewed (docs/change-control.md): each stamped with its parent's normative
 * fields as they are now, by the reviewer, at the time given. Writes only the review stamps.
 */
export interface ClearSuspectRequest {
  op: 'clear-suspect';
  /** the links to clear */
  links?: { parent: string; link: LinkRelation; child: string }[];
  /** every suspect link (every link when the model is not stamped yet: this starts stamping) */
  all?: boolean;
  /** the suspect links of this child (an id or a set's target label), to the parents given or all */
  child?: string;
  parents?: string[];
  /** the reviewer, "Name <mail>" */
  by: string;
  /** when, an ISO 8601 UTC time */
  at: string;
}

/** One edit of the model, as the editor API receives it. */
export type EditRequest =
  CreateRequest | UpdateRequest | RenameRequest | DeleteRequest | UpdateManyRequest | ClearSuspectRequest;
