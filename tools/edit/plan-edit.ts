// Plans an edit: which bytes of which files change, and what the model must look like afterwards.
// Nothing is written here; edit-proof.ts checks the plan and transaction.ts writes it.
import type { YAMLMap } from 'yaml';
import { isObject } from '../model/compose-document.js';
import {
  ENTITY_KINDS,
  SECTION_OF_KIND,
  entityName,
  positionOf,
  type Entity,
  type EntityKind,
} from '../model/entity.js';
import { showValue } from '../model/schema-values.js';
import type { VerificationLockCase } from '../verify/verification-lock-update.js';
import { editEntityFields } from './cst-edit.js';
import { EditError, placeOf } from './edit-error.js';
import type { EditRequest } from './edit-request.js';
import { assertEditableEntity } from './editable-layout.js';
import { isJsonFile, lineOf, type EditableFile } from './editable-file.js';
import { deleteEntityEdits, type EntityRemoval } from './entity-delete.js';
import { insertEntityEdits } from './entity-insert.js';
import { findEntityNode } from './entity-node.js';
import { parentOf } from '../model/entity-parent.js';
import { newEntityTarget } from './entity-placement.js';
import {
  describeReference,
  referencesTo,
  withReferenceRemoved,
  withReferenceRenamed,
} from './entity-references.js';
import { editableEntityLines, carryStyleOver } from './editable-region.js';
import {
  editedFile,
  loadedText,
  newModelFile,
  openEditable,
  openJsonEditable,
  type FileChange,
} from './file-change.js';
import { appendTo } from '../model/multi-map.js';
import { editJsonEntityFields } from './json-edit.js';
import { findJsonEntity } from './json-entity.js';
import { deleteJsonEntityEdits } from './json-entity-delete.js';
import { insertJsonEntityEdits } from './json-entity-insert.js';
import type { JsonFile } from './json-file.js';
import { lineNumberAt } from './line-endings.js';
import { planVerificationLockEdit, type VerificationLockEdit } from './verification-lock-edit.js';
import type { ModelSnapshot } from './model-snapshot.js';
import type { LinkReview } from '../change-control/link-reviews.js';
import { dropFromReviewStamps, planClearSuspect, renameInReviewStamps } from './review-stamps-edit.js';
import { assertNewId, entityAtVersion } from './request-checks.js';
import type { TextEdit } from './text-edit.js';
import { unknownKeys } from './unknown-keys.js';

export type { FileChange } from './file-change.js';

/** An entity as the edit must leave it. */
export interface ExpectedEntity {
  id: string;
  kind: EntityKind;
  data: Record<string, unknown>;
  file: string;
}

/** What an edit will write and what the model must look like afterwards. */
export interface EditPlan {
  request: EditRequest;
  /** the entity the request is about, as it will be (new id after a rename; file it was in after a delete) */
  entity: { id: string; kind: EntityKind; file: string };
  files: FileChange[];
  /** entities the edit changes, by id before the edit: their expected state, or null when deleted */
  changes: Map<string, ExpectedEntity | null>;
  created: ExpectedEntity[];
  renamed?: { from: string; to: string };
  verificationLock?: VerificationLockEdit;
  /** lock entries dropped with a deleted entity */
  unlocked: VerificationLockCase[];
  /** the links a clear-suspect request marks reviewed */
  cleared?: LinkReview[];
}

/** Plans a create, update, rename or delete over a snapshot; throws EditError when it is refused. */
export function planEdit(snapshot: ModelSnapshot, request: EditRequest): EditPlan {
  const planner = new Planner(snapshot);
  switch (request.op) {
    case 'create':
      return planner.create(request);
    case 'update':
      return planner.update(request);
    case 'rename':
      return planner.rename(request);
    case 'delete':
      return planner.remove(request);
    case 'update-many':
      return planner.updateMany(request);
    case 'clear-suspect':
      return planner.clearSuspect(request);
    default:
      throw new EditError(
        'bad-request',
        `unknown edit operation "${String((request as { op?: unknown }).op)}"`,
      );
  }
}

class Planner {
  private readonly parsed = new Map<string, EditableFile>();
  private readonly parsedJson = new Map<string, JsonFile>();
  private readonly changes = new Map<string, ExpectedEntity | null>();

  constructor(private readonly snapshot: ModelSnapshot) {}

  create(request: Extract<EditRequest, { op: 'create' }>): EditPlan {
    const { model } = this.snapshot;
    const kind = request.kind;
    if (!ENTITY_KINDS.includes(kind))
      throw new EditError(
        'bad-request',
        `unknown kind "${String(kind)}"; use one of ${ENTITY_KINDS.join(', ')}`,
      );
    if (!isObject(request.data))
      throw new EditError('bad-request', 'the entity data must be an object of fields');
    const given = request.id ?? request.data.id;
    if (given !== undefined && typeof given !== 'string')
      throw new EditError('bad-request', 'the id must be a string');
    if (given !== undefined) assertNewId(model, kind, given);
    if (request.file !== undefined && typeof request.file !== 'string')
      throw new EditError('bad-request', 'the file must be a path');
    const rest: Record<string, unknown> = { ...request.data };
    delete rest.kind;
    delete rest.id;
    const parent = parentOf(kind, rest);
    const placement = newEntityTarget(this.snapshot, kind, {
      ...(parent !== undefined ? { parent } : {}),
      ...(request.file !== undefined ? { file: request.file } : {}),
      ...(given !== undefined ? { id: given } : {}),
    });
    const id = placement.id;
    const after = placement.after ?? undefined;
    const data = { id, ...rest };
    const expected: ExpectedEntity = { id, kind, data, file: placement.file };
    const files: FileChange[] = [];
    if (placement.newFile) {
      files.push(
        newModelFile(
          this.snapshot,
          placement.file,
          placement.form === 'single' ? { kind, ...data } : sectionDoc(kind, data),
        ),
      );
    } else if (isJsonFile(placement.file)) {
      const file = this.editableJson(placement.file);
      files.push(editedFile(this.snapshot, file, insertJsonEntityEdits(file, kind, data, after)));
    } else {
      const file = this.editable(placement.file);
      files.push(editedFile(this.snapshot, file, insertEntityEdits(file, kind, data, after)));
    }
    return {
      request,
      entity: { id, kind, file: placement.file },
      files,
      changes: this.changes,
      created: [expected],
      unlocked: [],
    };
  }

  /** A clear writes only the review stamps (and .gitattributes when it starts stamping). */
  clearSuspect(request: Extract<EditRequest, { op: 'clear-suspect' }>): EditPlan {
    const { files, cleared } = planClearSuspect(this.snapshot, request);
    const first = cleared[0]?.link;
    return {
      request,
      entity: first
        ? { id: first.parent.id, kind: first.parent.kind, file: first.parent.file }
        : { id: '', kind: 'requirement', file: files[0]!.path },
      files,
      changes: this.changes,
      created: [],
      unlocked: [],
      cleared,
    };
  }

  update(request: Extract<EditRequest, { op: 'update' }>): EditPlan {
    const entity = this.updateEntity(request.id, request.data, request.version);
    return this.finish(request, { id: entity.id, kind: entity.kind, file: entity.file });
  }

  updateMany(request: Extract<EditRequest, { op: 'update-many' }>): EditPlan {
    const updates = Array.isArray(request.updates) ? request.updates : [];
    const relock = Array.isArray(request.relock) ? request.relock : [];
    if (updates.length === 0 && relock.length === 0)
      throw new EditError('bad-request', 'update-many needs at least one update or lock entry');
    const seen = new Set<string>();
    const entities = updates.map((u) => {
      if (seen.has(u.id)) throw new EditError('bad-request', `${u.id} is updated twice in one request`);
      seen.add(u.id);
      return this.updateEntity(u.id, u.data, u.version);
    });
    const lock =
      relock.length > 0 ? planVerificationLockEdit(this.snapshot.verificationLock, { relock }) : undefined;
    const first = entities[0];
    const result = first
      ? { id: first.id, kind: first.kind, file: first.file }
      : { id: '', kind: 'requirement' as const, file: this.snapshot.verificationLock?.path ?? '' };
    return this.finish(request, result, lock);
  }

  /** Checks one entity's update against the snapshot and records what it must look like. */
  private updateEntity(id: string, fieldsIn: unknown, version: string): Entity {
    const entity = entityAtVersion(this.snapshot.model, id, version);
    if (!isObject(fieldsIn))
      throw new EditError('bad-request', 'the entity data must be an object of fields');
    const { kind, id: newId, ...fields } = fieldsIn;
    if (kind !== undefined && kind !== entity.kind)
      throw new EditError(
        'bad-request',
        `${entityName(entity)} cannot change its kind to ${showValue(kind)}; create a new entity instead`,
      );
    if (newId !== undefined && newId !== entity.id)
      throw new EditError(
        'bad-request',
        `${entityName(entity)}: an update cannot change the id; rename it instead`,
      );
    const data: Record<string, unknown> = { id: entity.id, ...fields };
    // Custom keys the form does not show are kept: no unknown key is lost (docs/editing.md).
    for (const key of unknownKeys(entity.kind, entity.form, entity.data))
      if (!(key in data)) data[key] = entity.data[key];
    this.expect(entity, data);
    return entity;
  }

  rename(request: Extract<EditRequest, { op: 'rename' }>): EditPlan {
    const entity = entityAtVersion(this.snapshot.model, request.id, request.version);
    const to = request.newId;
    if (typeof to !== 'string') throw new EditError('bad-request', 'the new id must be a string');
    if (to === entity.id)
      throw new EditError('bad-request', `${entityName(entity)} already has the id "${to}"`);
    assertNewId(this.snapshot.model, entity.kind, to);
    this.expect(entity, { ...entity.data, id: to }, to);
    for (const ref of referencesTo(this.snapshot.model, entity.id)) {
      const current = this.changes.get(ref.entity.id);
      const data = current ? current.data : ref.entity.data;
      this.expect(ref.entity, withReferenceRenamed(data, ref.field, entity.id, to), current?.id);
    }
    const lock = planVerificationLockEdit(this.snapshot.verificationLock, {
      rename: { from: entity.id, to },
    });
    const plan = this.finish(request, { id: to, kind: entity.kind, file: entity.file }, lock);
    plan.files.push(...renameInReviewStamps(this.snapshot, entity.id, to));
    plan.renamed = { from: entity.id, to };
    return plan;
  }

  remove(request: Extract<EditRequest, { op: 'delete' }>): EditPlan {
    const entity = entityAtVersion(this.snapshot.model, request.id, request.version);
    const refs = referencesTo(this.snapshot.model, entity.id).filter((r) => r.entity.id !== entity.id);
    if (refs.length > 0 && !request.force) {
      const referrers = refs.map((r) => describeReference(r, entity.id));
      const at = positionOf(entity);
      throw new EditError(
        'still-referenced',
        `${placeOf(at.file, at.line)}${entityName(entity)} is still referred to by ${referrers.join('; ')}; delete with force to remove those references too`,
        { file: at.file, line: at.line, referrers },
      );
    }
    this.changes.set(entity.id, null);
    for (const ref of refs) {
      const current = this.changes.get(ref.entity.id);
      this.expect(
        ref.entity,
        withReferenceRemoved(current ? current.data : ref.entity.data, ref.field, entity.id),
      );
    }
    const lock = planVerificationLockEdit(this.snapshot.verificationLock, { drop: entity.id });
    const plan = this.finish(request, { id: entity.id, kind: entity.kind, file: entity.file }, lock);
    plan.files.push(...dropFromReviewStamps(this.snapshot, entity.id));
    return plan;
  }

  private expect(entity: Entity, data: Record<string, unknown>, id = entity.id): void {
    this.changes.set(entity.id, { id, kind: entity.kind, data, file: entity.file });
  }

  /** Turns the expected entity changes into file edits. */
  private finish(request: EditRequest, result: EditPlan['entity'], lock?: VerificationLockEdit): EditPlan {
    const byFile = new Map<string, [Entity, ExpectedEntity | null][]>();
    for (const [id, expected] of this.changes) {
      const before = this.snapshot.model.byId.get(id)!;
      appendTo(byFile, before.file, [before, expected] as [Entity, ExpectedEntity | null]);
    }
    const files: FileChange[] = [];
    for (const [path, changes] of byFile) {
      const edits: TextEdit[] = [];
      let removed = false;
      // One entity updated in a YAML file: its list item is parsed alone when it can stand for it.
      const [only] = changes;
      const yaml = isJsonFile(path)
        ? undefined
        : ((changes.length === 1 && only![1] !== null
            ? editableEntityLines(path, loadedText(this.snapshot, path), only![0])
            : undefined) ?? this.editable(path));
      for (const [before, expected] of changes) {
        const change = yaml
          ? this.yamlEntityChange(yaml, before, expected)
          : this.jsonEntityChange(before, expected);
        if (change.removeFile) removed = true;
        else edits.push(...change.edits);
      }
      const read = this.snapshot.files.get(path)!;
      if (removed) files.push({ path, before: read.bytes!, edits: [], role: 'model' });
      else if (edits.length > 0) {
        files.push(editedFile(this.snapshot, yaml ?? this.editableJson(path), edits));
        if (yaml) carryStyleOver(yaml, edits);
      }
    }
    if (lock)
      files.push({
        path: lock.path,
        before: lock.before,
        after: lock.after,
        edits: [],
        role: 'verification-lock',
      });
    return {
      request,
      entity: result,
      files,
      changes: this.changes,
      created: [],
      verificationLock: lock,
      unlocked: lock?.unlocked ?? [],
    };
  }

  /** The edits of one entity in a YAML file: its changed fields, or its removal. */
  private yamlEntityChange(
    file: EditableFile,
    before: Entity,
    expected: ExpectedEntity | null,
  ): EntityRemoval {
    const at = findEntityNode(file, before.kind, before.id);
    if (!at) throw new Error(`planner: ${before.id} not found in ${before.file}`);
    if (expected === null) return deleteEntityEdits(file, at, before.id);
    assertEditableEntity(file, before.kind, before.id, at);
    const line = lineOf(file, at.node.range?.[0] ?? 0);
    // The style is worked out only when new text is rendered (a list item dropped renders none).
    const scope = {
      file: file.path,
      text: file.text,
      get style() {
        return file.style;
      },
      entity: before.id,
      line,
    };
    return {
      removeFile: false,
      edits: editEntityFields(scope, at.node as YAMLMap, at.data, expected.data),
    };
  }

  /** The edits of one entity in a JSON file: its changed fields, or its removal. */
  private jsonEntityChange(before: Entity, expected: ExpectedEntity | null): EntityRemoval {
    const file = this.editableJson(before.file);
    const at = findJsonEntity(file, before.kind, before.id);
    if (!at) throw new Error(`planner: ${before.id} not found in ${before.file}`);
    if (expected === null) return deleteJsonEntityEdits(at, before.id);
    const line = lineNumberAt(file.text, at.node.offset);
    const scope = { file: file.path, text: file.text, style: file.style, entity: before.id, line };
    return { removeFile: false, edits: editJsonEntityFields(scope, at.node, at.data, expected.data) };
  }

  /** A JSON model file parsed for editing (parsed once per plan). */
  private editableJson(path: string): JsonFile {
    const file = this.parsedJson.get(path) ?? openJsonEditable(this.snapshot, path);
    this.parsedJson.set(path, file);
    return file;
  }

  /** A model file parsed for editing (parsed once per plan). */
  private editable(path: string): EditableFile {
    const file = this.parsed.get(path) ?? openEditable(this.snapshot, path);
    this.parsed.set(path, file);
    return file;
  }
}

function sectionDoc(kind: EntityKind, data: Record<string, unknown>): Record<string, unknown> {
  return { [SECTION_OF_KIND[kind]]: [data] };
}
