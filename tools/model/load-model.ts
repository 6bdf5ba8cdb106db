import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCheckedJson } from './checked-json.js';
import type { ComposedFile } from './compose-file.js';
import { byCodePoint } from './code-point-order.js';
import { startComposeModelFiles } from './compose-pool.js';
import { COMPOSED_MODEL } from './composed-model-shape.js';
import type { Diagnostic } from './diagnostic.js';
import { listModelFiles, type ModelFileList } from './model-files.js';
import type { Model } from './model.js';
import {
  fileDocumentsPart,
  fileEntitiesPart,
  idTable,
  modelFromParts,
  verificationLockFilesNamed,
} from './model-parts.js';
import { resolveConfig } from './resolve-config.js';
import { withReviewStampsFile } from './read-review-stamps.js';

/** Loads a model file or directory: read → parse → compose → merge → check ids and references. */
export async function loadModel(path: string): Promise<Model> {
  return (await startLoadModel(path)).model;
}

/** A model load under way: whether worker threads compose it, and the model to come. */
export interface ModelLoad {
  onWorkers: boolean;
  model: Promise<Model>;
}

/** Lists a model's files and starts composing them: a large model's workers run when this resolves. */
export function startLoadModel(path: string): Promise<ModelLoad> {
  const listing = listModelFiles(path);
  const started = startComposeModelFiles(listing.files);
  // The review stamps beside the model are part of what a model load reads (docs/change-control.md).
  const model = started.results.then((files) => withReviewStampsFile(modelFromFiles(path, listing, files)));
  // A promise all the same: modelAndEvidence (tools/verify/inputs.ts) also takes loaders that read first.
  return Promise.resolve({ onWorkers: started.workers > 0, model });
}

/**
 * A model read and composed but not yet assembled: plain data, written as JSON by Bazel's rr_model
 * action so later actions assemble the model without parsing YAML again.
 */
export interface ComposedModel {
  root: string;
  /** the listing's own findings (unreadable folders) */
  diagnostics: Diagnostic[];
  unreadable: boolean;
  files: ComposedFile[];
}

/** Reads the composed model that `rr bazel model` wrote (model.json) and assembles it. */
export async function readComposedModel(path: string): Promise<Model> {
  // The text is no local: the 9 MB string can go while the model is assembled.
  const composed = parseCheckedJson(
    await readFile(path, 'utf8'),
    path,
    COMPOSED_MODEL,
    'build it again (rr bazel model writes it)',
  );
  return modelOf(composed);
}

/** Lists and composes a model file or directory. */
export async function composeModel(path: string): Promise<ComposedModel> {
  const listing = listModelFiles(path);
  return composeListed(path, listing);
}

/** Composes the given model files (Bazel srcs) as one model whose root is `root`, in code-point order. */
export async function composeModelFileList(root: string, files: string[]): Promise<ComposedModel> {
  // The order a directory load uses, so ids, diagnostics and reports come out the same either way.
  const sorted = [...new Set(files)].sort(byCodePoint);
  return composeListed(root, { files: sorted, diagnostics: [], unreadable: false });
}

async function composeListed(root: string, listing: ModelFileList): Promise<ComposedModel> {
  const files = await startComposeModelFiles(listing.files).results;
  return { root, diagnostics: listing.diagnostics, unreadable: listing.unreadable, files };
}

/** Builds the model from a listing and its composed files; the editor reads bytes itself. */
export function modelFromFiles(path: string, listing: ModelFileList, composed: ComposedFile[]): Model {
  return modelOf({
    root: path,
    diagnostics: listing.diagnostics,
    unreadable: listing.unreadable,
    files: composed,
  });
}

/** Merges composed files into the model and checks ids and references. */
export function modelOf(composedModel: ComposedModel): Model {
  const { root, files: composed } = composedModel;
  // The sets_lock file is no model file whatever its name: none of its findings count.
  const lockFiles = verificationLockFilesNamed(composed);
  const documents = composed
    .filter((result) => lockFiles.size === 0 || !lockFiles.has(resolve(result.file)))
    .map(fileDocumentsPart);
  const resolved = resolveConfig(documents.flatMap((part) => part.configBlocks));
  const ids = idTable(documents);
  const byFile = new Map(documents.map((part) => [part.file, part]));
  const entities = documents.map((part) =>
    fileEntitiesPart(part, ids, resolved.config, (owner) => byFile.get(owner.file)!.entities[owner.index]!),
  );
  return modelFromParts(
    { root, diagnostics: composedModel.diagnostics, unreadable: composedModel.unreadable },
    documents,
    resolved,
    entities,
  );
}
