// The text half of the proof: bytes outside the edited ranges are identical, every range that
// replaces text lies inside the field or entity it claims to change (and that field really changes),
// comments go only with what changes, and nothing outside the entities changes.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, type YAMLMap } from 'yaml';
import { isObject } from '../model/compose-document.js';
import { KIND_OF_SECTION, entityName } from '../model/entity.js';
import { parseEditable, type EditableFile } from './editable-file.js';
import { findEntityNode } from './entity-node.js';
import type { FileChange } from './file-change.js';
import { isBlankLine, lineEndAfter, lineStart } from './line-endings.js';
import type { ModelSnapshot } from './model-snapshot.js';
import { fieldLines, itemLines, keyStart, removableLines, startsLine } from './node-extent.js';
import type { EditPlan } from './plan-edit.js';
import { sortedEdits, type TextEdit } from './text-edit.js';

/** Checks one edited model file's text; each problem is pushed to `reasons` with file and line. */
export function checkEditedText(
  snapshot: ModelSnapshot,
  plan: EditPlan,
  change: FileChange,
  before: string,
  after: string,
  reasons: string[],
): void {
  checkFileEdit(snapshot, plan, change, before, after, reasons);
  if (!isDeepStrictEqual(skeletons(change.path, before), skeletons(change.path, after)))
    reasons.push(`${change.path}: content outside the entities (custom keys, non-entity items) would change`);
}

/**
 * A file's documents with every entity taken out: what must stay the same when only entities change
 * (custom top-level keys, config, project, list items that are no entities). Single-object documents
 * and emptied sections count as nothing.
 */
function skeletons(path: string, text: string): unknown[] {
  const out: unknown[] = [];
  for (const value of parseEditable(path, text).values) {
    if (value === null || value === undefined || (isObject(value) && 'kind' in value)) continue;
    if (!isObject(value)) {
      out.push(value);
      continue;
    }
    const rest: Record<string, unknown> = { ...value };
    for (const section of Object.keys(KIND_OF_SECTION)) {
      const items = rest[section];
      if (!Array.isArray(items)) continue;
      const others = items.filter((item) => !(isObject(item) && typeof item.id === 'string'));
      if (others.length > 0) rest[section] = others;
      else delete rest[section];
    }
    out.push(rest);
  }
  return out;
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
        `${change.path}:${lineNumber(before, from + i)}: bytes outside the edited ranges would change`,
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
  const file = parseEditable(change.path, before);
  const comments = file.comments();
  for (const edit of edits) {
    if (edit.start === edit.end) continue; // a pure insertion loses nothing
    if (edit.action === 'add-entity' || edit.action === 'add-section') {
      // A new entity may only replace the empty value of its section (`requirements: []`).
      if (!/^\s*(\[\s*\]|~|null)?$/.test(before.slice(edit.start, edit.end)))
        reasons.push(
          `${change.path}:${lineNumber(before, edit.start)}: adding ${edit.entity} would overwrite text`,
        );
      continue;
    }
    const extent = ownExtent(snapshot, plan, file, edit);
    if (typeof extent === 'string') {
      reasons.push(`${change.path}:${lineNumber(before, edit.start)}: ${extent}`);
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
          `${change.path}:${lineNumber(before, c.offset)}: the comment "${c.source}" would be lost`,
        );
    }
  }
}

/** The range an edit may rewrite: its field's lines, or its deleted entity's lines; a string says why not. */
function ownExtent(
  snapshot: ModelSnapshot,
  plan: EditPlan,
  file: EditableFile,
  edit: TextEdit,
): [number, number] | string {
  const entity = snapshot.model.byId.get(edit.entity);
  if (!entity) return `a change is attributed to "${edit.entity}", which is no entity of the model`;
  const expected = plan.changes.get(edit.entity);
  if (expected === undefined)
    return `${entityName(entity)} would change although the request does not change it`;
  const at = findEntityNode(file, entity.kind, entity.id);
  if (!at) return `${entityName(entity)} is not where the model says`;
  let extent: [number, number];
  if (edit.action === 'delete-entity') {
    if (expected !== null) return `${entityName(entity)} would be deleted although the request keeps it`;
    if (at.section) {
      extent = itemLines(file.text, at.section.seq, at.section.index);
      // with the blank lines that separated it from its siblings
      while (extent[0] > 0 && isBlankLine(file.text, extent[0] - 1))
        extent[0] = lineStart(file.text, extent[0] - 1);
      while (extent[1] < file.text.length && isBlankLine(file.text, extent[1]))
        extent[1] = lineEndAfter(file.text, extent[1]);
    } else {
      extent = [at.docIndex === 0 ? 0 : file.docs[at.docIndex - 1]!.range[2], at.doc.range[2]];
      if (at.docIndex === file.docs.length - 1) extent[1] = file.text.length;
    }
  } else {
    if (expected === null)
      return `${entityName(entity)} is deleted, yet one of its fields would be rewritten`;
    const field = edit.field;
    if (field === undefined || !isMap(at.node)) return `a change of ${entityName(entity)} names no field`;
    if (isDeepStrictEqual(entity.data[field], expected.data[field]))
      return `the field "${field}" of ${entityName(entity)} would be rewritten although it does not change`;
    const pairs = (at.node as YAMLMap).items;
    const index = pairs.findIndex((p) => isScalar(p.key) && p.key.value === field);
    if (index < 0) return `the field "${field}" of ${entityName(entity)} is not in the file`;
    extent = fieldLines(file.text, pairs[index]!);
    // A first field sharing its line with "- " is removed up to the next field, which moves up.
    const next = pairs[index + 1];
    if (!startsLine(file.text, keyStart(pairs[index]!)) && next)
      extent[1] = Math.max(extent[1], keyStart(next));
  }
  extent = removableLines(file.text, extent);
  if (edit.start < extent[0] || edit.end > extent[1])
    return `a change of ${entityName(entity)}${edit.field ? ` (${edit.field})` : ''} reaches outside it`;
  return extent;
}

function lineNumber(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
