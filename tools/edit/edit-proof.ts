// Proof before write (editing rule 5): the edited bytes are read back with the model loader and
// compared with what was read. Any difference the request does not explain stops the save.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, type YAMLMap } from 'yaml';
import { relative, sep } from 'node:path';
import { byCodePoint } from '../model/code-point-order.js';
import { composeModelText, type ComposedFile } from '../model/compose-file.js';
import { isObject } from '../model/compose-document.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { KIND_OF_SECTION, entityName } from '../model/entity.js';
import { modelFromFiles } from '../model/load-model.js';
import { decodeModelBytes } from '../model/model-text.js';
import type { Model } from '../model/model.js';
import { parseLock } from '../verify/lock-file.js';
import { fileComments } from './cst-comments.js';
import { EditError } from './edit-error.js';
import { parseEditable, type EditableFile } from './editable-file.js';
import { findEntityNode } from './entity-node.js';
import { isBlankLine, lineEndAfter, lineStart } from './line-endings.js';
import type { ModelSnapshot } from './model-snapshot.js';
import { fieldLines, itemLines, keyStart, removableLines, startsLine } from './node-extent.js';
import type { EditPlan, FileChange } from './plan-edit.js';
import { sortedEdits, type TextEdit } from './text-edit.js';
import { unknownKeys } from './unknown-keys.js';

/** A proven edit: the model as it will load after the write. */
export interface ProvenEdit {
  after: Model;
}

/** Checks a plan against the snapshot it was made from; throws `proof-failed` with every reason found. */
export function proveEdit(snapshot: ModelSnapshot, plan: EditPlan): ProvenEdit {
  const reasons: string[] = [];
  for (const change of plan.files) {
    if (change.role !== 'model' || !change.after) continue;
    const decoded = decodeModelBytes(change.path, change.after);
    if (!decoded.ok) {
      reasons.push(`${change.path}: the edited bytes are not UTF-8 text`);
      continue;
    }
    const read = snapshot.files.get(change.path);
    if (read?.text !== undefined) {
      if (decoded.bom !== read.bom) reasons.push(`${change.path}: the byte order mark would change`);
      checkFileEdit(snapshot, plan, change, read.text, decoded.text, reasons);
      if (!isDeepStrictEqual(skeletons(read.text), skeletons(decoded.text)))
        reasons.push(
          `${change.path}: content outside the entities (custom keys, non-entity items) would change`,
        );
    }
  }
  const after = modelAfter(snapshot, plan);
  checkEntities(snapshot.model, after, plan, reasons);
  checkConfig(snapshot.model, after, reasons);
  checkNewErrors(snapshot.model, after, plan, reasons);
  checkLock(plan, reasons);
  if (reasons.length > 0) {
    throw new EditError(
      'proof-failed',
      `nothing was written: the edit would not change the model exactly as asked: ${reasons.join('; ')}`,
      { reasons, file: plan.entity.file },
    );
  }
  return { after };
}

/**
 * A file's documents with every entity taken out: what must stay the same when only entities change
 * (custom top-level keys, config, project, list items that are no entities). Single-object documents
 * and emptied sections count as nothing.
 */
function skeletons(text: string): unknown[] {
  const out: unknown[] = [];
  for (const value of parseEditable('', text).values) {
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

/** The model loaded from the edited texts, files in the loader's order. */
function modelAfter(snapshot: ModelSnapshot, plan: EditPlan): Model {
  const changes = new Map(plan.files.filter((f) => f.role === 'model').map((f) => [f.path, f]));
  const entries: { path: string; composed: ComposedFile }[] = [];
  snapshot.listing.files.forEach((path, i) => {
    const change = changes.get(path);
    if (!change) entries.push({ path, composed: snapshot.composed[i]! });
    else if (change.after) entries.push({ path, composed: composeAfter(change) });
  });
  for (const change of changes.values())
    if (!change.before && change.after) entries.push({ path: change.path, composed: composeAfter(change) });
  if (snapshot.isDirectory) {
    const rel = (p: string) => relative(snapshot.modelPath, p).split(sep).join('/');
    entries.sort((a, b) => byCodePoint(rel(a.path), rel(b.path)));
  }
  const listing = { ...snapshot.listing, files: entries.map((e) => e.path) };
  return modelFromFiles(
    snapshot.modelPath,
    listing,
    entries.map((e) => e.composed),
  );
}

function composeAfter(change: FileChange): ComposedFile {
  return composeModelText(change.path, decodeModelBytes(change.path, change.after!));
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
  const comments = fileComments(before);
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

/** Every entity as expected: requested ones changed exactly as asked, all others identical. */
function checkEntities(before: Model, after: Model, plan: EditPlan, reasons: string[]): void {
  const accounted = new Set<string>();
  const compare = (id: string, kind: string, data: Record<string, unknown>, file: string, why: string) => {
    accounted.add(id);
    const got = after.byId.get(id);
    if (!got) return reasons.push(`${why} ${id} would be missing`);
    if (got.kind !== kind) return reasons.push(`${id} would be a ${got.kind}, not a ${kind}`);
    if (got.file !== file) return reasons.push(`${id} would move from ${file} to ${got.file}`);
    if (!isDeepStrictEqual(got.data, data)) {
      const fields = [...new Set([...Object.keys(got.data), ...Object.keys(data)])].filter(
        (k) => !isDeepStrictEqual(got.data[k], data[k]),
      );
      reasons.push(`${why} ${id} would differ in ${fields.map((f) => `"${f}"`).join(', ')} (${got.file})`);
    }
  };
  for (const entity of before.entities) {
    const expected = plan.changes.get(entity.id);
    if (expected === null) {
      if (after.byId.has(entity.id) && !plan.created.some((c) => c.id === entity.id))
        reasons.push(`deleted ${entity.id} would still be in ${after.byId.get(entity.id)!.file}`);
      continue;
    }
    if (expected) {
      compare(expected.id, expected.kind, expected.data, expected.file, 'the changed entity');
      if (expected.kind !== entity.kind) reasons.push(`${entity.id} would change its kind`);
      const lost = unknownKeys(entity.kind, entity.form, entity.data).filter((k) => !(k in expected.data));
      if (lost.length > 0) reasons.push(`the custom key(s) ${lost.join(', ')} of ${entity.id} would be lost`);
    } else compare(entity.id, entity.kind, entity.data, entity.file, 'the untouched entity');
  }
  for (const created of plan.created)
    compare(created.id, created.kind, created.data, created.file, 'the new entity');
  for (const entity of after.entities)
    if (!accounted.has(entity.id))
      reasons.push(`an entity ${entity.id} would appear in ${entity.file} unasked`);
}

/** Configuration and project metadata unchanged. */
function checkConfig(before: Model, after: Model, reasons: string[]): void {
  if (!isDeepStrictEqual(before.config, after.config)) reasons.push('the configuration would change');
  const sources = (m: Model) =>
    Object.fromEntries(Object.entries(m.configSources).map(([k, v]) => [k, v.file]));
  if (!isDeepStrictEqual(sources(before), sources(after)))
    reasons.push('config keys would move between files');
  if (!isDeepStrictEqual(before.project, after.project)) reasons.push('project metadata would change');
  if (!isDeepStrictEqual(before.meta, after.meta)) reasons.push('meta data would change');
  if (before.schemaVersion !== after.schemaVersion) reasons.push('schema_version would change');
}

/** No loader error the model did not have before (counted per rule, entity and file; positions ignored). */
function checkNewErrors(before: Model, after: Model, plan: EditPlan, reasons: string[]): void {
  const rename = (id: string | undefined) =>
    id !== undefined && plan.renamed?.from === id ? plan.renamed.to : id;
  const key = (d: Diagnostic, id: string | undefined) => `${d.rule}\u0000${id ?? ''}\u0000${d.file ?? ''}`;
  const counts = new Map<string, number>();
  for (const d of before.diagnostics)
    if (d.severity === 'error')
      counts.set(key(d, rename(d.entity)), (counts.get(key(d, rename(d.entity))) ?? 0) + 1);
  for (const d of after.diagnostics) {
    if (d.severity !== 'error') continue;
    const k = key(d, d.entity);
    const left = counts.get(k) ?? 0;
    if (left > 0) counts.set(k, left - 1);
    else reasons.push(`new error ${d.rule} at ${d.file ?? '?'}:${d.line ?? '?'}: ${d.message}`);
  }
}

/** The lock reads back with exactly the expected entries. */
function checkLock(plan: EditPlan, reasons: string[]): void {
  const change = plan.files.find((f) => f.role === 'lock');
  if (!change || !plan.lock) return;
  const parsed = parseLock(change.path, change.after!.toString('utf8'));
  if (parsed.diagnostics.length > 0) {
    reasons.push(
      `${change.path}: the rewritten lock would not read back (${parsed.diagnostics[0]!.message})`,
    );
    return;
  }
  const keyOf = (e: { target: string; path: string; owner: string }) =>
    `${e.target}\u0000${e.path}\u0000${e.owner}`;
  const got = parsed.entries.map(keyOf).sort();
  // Targets compare normalized on both sides.
  const want = parseLock(change.path, change.before!.toString('utf8'))
    .entries.filter((e) => !(plan.request.op === 'delete' && e.owner === plan.request.id))
    .map((e) => (plan.renamed && e.owner === plan.renamed.from ? { ...e, owner: plan.renamed.to } : e))
    .map(keyOf)
    .sort();
  if (!isDeepStrictEqual(got, want))
    reasons.push(`${change.path}: the lock entries would not change exactly as asked`);
}

function lineNumber(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
