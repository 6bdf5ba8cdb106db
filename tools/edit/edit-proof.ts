// Proof before write (docs/editing.md): the edited bytes are read back with the model loader and
// compared with what was read. Any difference the request does not explain stops the save.
import { relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { byCodePoint } from '../model/code-point-order.js';
import { composeModelTextWithValues, type ComposedFile } from '../model/compose-file.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { modelFromFiles } from '../model/load-model.js';
import { decodeModelBytes, type ModelText } from '../model/model-text.js';
import type { Model } from '../model/model.js';
import { parseVerificationLock } from '../verify/verification-lock-file.js';
import { withReviewStamps } from '../model/read-review-stamps.js';
import { parseReviewStamps } from '../model/review-stamps.js';
import { checkReviewStamps } from './review-stamps-proof.js';
import { EditError } from './edit-error.js';
import { applyVerificationLockChange, type VerificationLockChange } from './verification-lock-edit.js';
import { filesAfter, type ModelSnapshot, type SnapshotFiles } from './model-snapshot.js';
import { rememberSkeletons, skeletonsOf, skeletonsOfText } from './skeleton-proof.js';
import type { EditPlan } from './plan-edit.js';
import { checkEditedText } from './text-proof.js';
import { unknownKeys } from './unknown-keys.js';

/** A proven edit: the model as it will load after the write, and the files it is assembled from. */
export interface ProvenEdit {
  after: Model;
  /** the files after the edit: the model files in load order, each one composed (what `after` was built from) */
  files: SnapshotFiles;
}

/**
 * Assembles the model from the files an edit leaves, the review stamps on it: by default the loader's
 * assembly (modelFromFiles); the editor gives its incremental engine, which assembles what changed only
 * and answers as the loader does (docs/incremental.md).
 */
export type AssembleModel = (files: SnapshotFiles) => Model;

/**
 * Checks a plan against the snapshot it was made from; throws `proof-failed` with every reason found.
 * Each edited file is decoded and read back with the loader once: what the model after the edit is
 * assembled from, and what the text half of the proof compares outside the entities.
 */
export function proveEdit(snapshot: ModelSnapshot, plan: EditPlan, assemble?: AssembleModel): ProvenEdit {
  const reasons: string[] = [];
  const decoded = new Map<string, ModelText>();
  const readBack = new Map<string, ComposedFile>();
  for (const change of plan.files) {
    if (change.role !== 'model' || !change.after) continue;
    const text = decodeModelBytes(change.path, change.after);
    decoded.set(change.path, text);
    const { composed, values } = composeModelTextWithValues(change.path, text);
    readBack.set(change.path, composed);
    if (!text.ok) {
      reasons.push(`${change.path}: the edited bytes are not UTF-8 text`);
      continue;
    }
    const read = snapshot.files.get(change.path);
    if (read?.text !== undefined) {
      if (text.bom !== read.bom) reasons.push(`${change.path}: the byte order mark would change`);
      checkEditedText(snapshot, plan, change, read.text, text.text, reasons);
      const skeletons = skeletonsOf(values);
      if (!isDeepStrictEqual(skeletonsOfText(change.path, read.text), skeletons))
        reasons.push(
          `${change.path}: content outside the entities (custom keys, non-entity items) would change`,
        );
      rememberSkeletons(change.path, text.text, skeletons);
    }
  }
  const files = modelFilesAfter(snapshot, plan, readBack, decoded);
  const after = (assemble ?? ((f: SnapshotFiles) => loaderAssembly(snapshot, plan, f)))(files);
  checkEntities(snapshot.model, after, plan, reasons);
  checkConfig(snapshot.model, after, reasons);
  checkNewErrors(snapshot.model, after, plan, reasons);
  checkVerificationLock(plan, reasons);
  checkReviewStamps(snapshot, after, plan, reasons);
  if (reasons.length > 0) {
    throw new EditError(
      'proof-failed',
      `nothing was written: the edit would not change the model exactly as asked: ${reasons.join('; ')}`,
      { reasons, file: plan.entity.file },
    );
  }
  return { after, files };
}

/** The files after the edit: the model files in the loader's order, each composed (edited ones read back). */
function modelFilesAfter(
  snapshot: ModelSnapshot,
  plan: EditPlan,
  readBack: ReadonlyMap<string, ComposedFile>,
  decoded: ReadonlyMap<string, ModelText>,
): SnapshotFiles {
  const changes = new Map(plan.files.filter((f) => f.role === 'model').map((f) => [f.path, f]));
  const entries: { path: string; composed: ComposedFile }[] = [];
  snapshot.listing.files.forEach((path, i) => {
    const change = changes.get(path);
    if (!change) entries.push({ path, composed: snapshot.composed[i]! });
    else if (change.after) entries.push({ path, composed: readBack.get(path)! });
  });
  for (const change of changes.values())
    if (!change.before && change.after)
      entries.push({ path: change.path, composed: readBack.get(change.path)! });
  if (snapshot.isDirectory) {
    const rel = (p: string) => relative(snapshot.modelPath, p).split(sep).join('/');
    entries.sort((a, b) => byCodePoint(rel(a.path), rel(b.path)));
  }
  const listing = { ...snapshot.listing, files: entries.map((e) => e.path) };
  return filesAfter(
    snapshot,
    plan,
    listing,
    entries.map((e) => e.composed),
    decoded,
  );
}

/** The loader's assembly of the files after the edit, with the review stamps as the edit leaves them. */
function loaderAssembly(snapshot: ModelSnapshot, plan: EditPlan, files: SnapshotFiles): Model {
  const after = modelFromFiles(snapshot.modelPath, files.listing, files.composed);
  // The stamps as the edit leaves them: rewritten, or as they were.
  const stamps = plan.files.find((f) => f.role === 'review-stamps' && f.path === snapshot.reviewStamps?.path);
  return withReviewStamps(
    after,
    stamps?.after ? parseReviewStamps(stamps.path, stamps.after.toString('utf8')) : snapshot.model.reviewed,
  );
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

/** The change the request asks of the verification lock, independently of how the planner wrote it. */
function verificationLockChangeOf(plan: EditPlan): VerificationLockChange {
  const request = plan.request;
  if (request.op === 'delete') return { drop: request.id };
  if (request.op === 'update-many') return { relock: request.relock ?? [] };
  if (plan.renamed) return { rename: plan.renamed };
  return { relock: [] };
}

/** The verification lock reads back with exactly the expected entries. */
function checkVerificationLock(plan: EditPlan, reasons: string[]): void {
  const change = plan.files.find((f) => f.role === 'verification-lock');
  if (!change || !plan.verificationLock) return;
  const parsed = parseVerificationLock(change.path, change.after!.toString('utf8'));
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
  const want = applyVerificationLockChange(
    parseVerificationLock(change.path, change.before!.toString('utf8')).entries,
    verificationLockChangeOf(plan),
  )
    .map(keyOf)
    .sort();
  if (!isDeepStrictEqual(got, want))
    reasons.push(`${change.path}: the lock entries would not change exactly as asked`);
}
