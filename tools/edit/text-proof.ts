// The text half of the proof: bytes outside the edited ranges are identical, every range that
// replaces text lies inside the field or entity it claims to change (and that field really changes),
// and comments go only with what changes (what lies outside the entities is compared on the loader's
// reading, skeleton-proof.ts). A JSON file has no comments, and must still be strict JSON (the
// loader's check).
import { isDeepStrictEqual } from 'node:util';
import { entityName, type Entity } from '../model/entity.js';
import { isJsonFile, parseEditable, type EditableFile } from './editable-file.js';
import { editableEntityLines } from './editable-region.js';
import type { FileChange } from './file-change.js';
import { jsonOwnExtent } from './json-extent.js';
import { parseJsonEditable } from './json-file.js';
import { lineNumberAt } from './line-endings.js';
import type { ModelSnapshot } from './model-snapshot.js';
import type { EditPlan } from './plan-edit.js';
import { sortedEdits, type TextEdit } from './text-edit.js';
import { yamlOwnExtent } from './yaml-extent.js';

/** A range of the text before the edit, or why there is none. */
type Extent = [number, number] | string;
/** The range an entity (field undefined) or one of its fields may be rewritten in. */
type ExtentOf = (entity: Entity, field: string | undefined) => Extent;

/** Checks one edited model file's text; each problem is pushed to `reasons` with file and line. */
export function checkEditedText(
  snapshot: ModelSnapshot,
  plan: EditPlan,
  change: FileChange,
  before: string,
  after: string,
  reasons: string[],
): void {
  const strict = isJsonFile(change.path) ? strictJsonError(after) : undefined;
  if (strict) reasons.push(`${change.path}: the edited file would not be strict JSON (${strict})`);
  checkFileEdit(snapshot, plan, change, before, after, reasons);
}

/** JSON.parse's complaint about a text, or undefined when it is strict JSON. */
function strictJsonError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Bytes outside the edited ranges are identical; every range that replaces text lies within the field
 * or entity it claims to change, that field really changes, and comments inside it belong to it.
 */
function checkFileEdit(
  snapshot: ModelSnapshot,
  plan: EditPlan,
  change: FileChange,
  before: string,
  after: string,
  reasons: string[],
): void {
  const edits = sortedEdits(change.path, change.edits);
  let from = 0;
  let to = 0;
  for (const edit of [...edits, { start: before.length, end: before.length, text: '' }]) {
    const kept = before.slice(from, edit.start);
    const got = after.slice(to, to + kept.length);
    if (got !== kept) {
      let i = 0;
      while (i < kept.length && kept[i] === got[i]) i++;
      reasons.push(
        `${change.path}:${lineNumberAt(before, from + i)}: bytes outside the edited ranges would change`,
      );
      return;
    }
    to += kept.length + edit.text.length;
    from = edit.end;
  }
  if (to !== after.length) {
    reasons.push(`${change.path}: the file would end differently than planned`);
    return;
  }
  let extentOf: ExtentOf;
  let comments: { offset: number; source: string }[] = [];
  if (isJsonFile(change.path)) {
    const file = parseJsonEditable(change.path, before);
    extentOf = (entity, field) => jsonOwnExtent(file, entity, field);
  } else {
    const file = yamlFileOf(snapshot, change.path, before, edits);
    comments = file.comments();
    extentOf = (entity, field) => yamlOwnExtent(file, entity, field);
  }
  for (const edit of edits) {
    if (edit.start === edit.end) continue; // a pure insertion loses nothing
    if (edit.action === 'add-entity' || edit.action === 'add-section') {
      // A new entity may only replace the empty value of its section (`requirements: []`).
      if (!/^\s*(\[\s*\]|~|null)?$/.test(before.slice(edit.start, edit.end)))
        reasons.push(
          `${change.path}:${lineNumberAt(before, edit.start)}: adding ${edit.entity} would overwrite text`,
        );
      continue;
    }
    const extent = ownExtent(snapshot, plan, extentOf, edit);
    if (typeof extent === 'string') {
      reasons.push(`${change.path}:${lineNumberAt(before, edit.start)}: ${extent}`);
      continue;
    }
    for (const c of comments) {
      if (
        c.offset >= edit.start &&
        c.offset < edit.end &&
        !edit.text.includes(c.source) &&
        (c.offset < extent[0] || c.offset >= extent[1])
      )
        reasons.push(
          `${change.path}:${lineNumberAt(before, c.offset)}: the comment "${c.source}" would be lost`,
        );
    }
  }
}

/**
 * The YAML text before the edit, parsed: when every edit changes fields of one entity inside its list
 * item, that item alone (editable-region.ts, the parse the planner used), else the whole text.
 */
function yamlFileOf(
  snapshot: ModelSnapshot,
  path: string,
  text: string,
  edits: readonly TextEdit[],
): EditableFile {
  const ids = new Set(edits.map((e) => e.entity));
  const fields = edits.every(
    (e) => e.action === 'set-field' || e.action === 'remove-field' || e.action === 'add-field',
  );
  const entity = ids.size === 1 && fields ? snapshot.model.byId.get([...ids][0]!) : undefined;
  const item = entity?.file === path ? editableEntityLines(path, text, entity) : undefined;
  const region = item?.region;
  if (region && edits.every((e) => e.start >= region.start && e.end <= region.end)) return item;
  return parseEditable(path, text);
}

/** The range an edit may rewrite: its field's, or its deleted entity's; a string says why not. */
function ownExtent(snapshot: ModelSnapshot, plan: EditPlan, extentOf: ExtentOf, edit: TextEdit): Extent {
  const entity = snapshot.model.byId.get(edit.entity);
  if (!entity) return `a change is attributed to "${edit.entity}", which is no entity of the model`;
  const expected = plan.changes.get(edit.entity);
  if (expected === undefined)
    return `${entityName(entity)} would change although the request does not change it`;
  let extent: Extent;
  if (edit.action === 'delete-entity') {
    if (expected !== null) return `${entityName(entity)} would be deleted although the request keeps it`;
    extent = extentOf(entity, undefined);
  } else {
    if (expected === null)
      return `${entityName(entity)} is deleted, yet one of its fields would be rewritten`;
    const field = edit.field;
    if (field === undefined) return `a change of ${entityName(entity)} names no field`;
    if (isDeepStrictEqual(entity.data[field], expected.data[field]))
      return `the field "${field}" of ${entityName(entity)} would be rewritten although it does not change`;
    extent = extentOf(entity, field);
  }
  if (typeof extent === 'string') return extent;
  if (edit.start < extent[0] || edit.end > extent[1])
    return `a change of ${entityName(entity)}${edit.field ? ` (${edit.field})` : ''} reaches outside it`;
  return extent;
}
