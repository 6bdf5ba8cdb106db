import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseCheckedJson } from './checked-json.js';
import type { ComposedDocument, SourcedObject } from './compose-document.js';
import type { ComposedFile } from './compose-file.js';
import { byCodePoint } from './code-point-order.js';
import { startComposeModelFiles } from './compose-pool.js';
import { COMPOSED_MODEL } from './composed-model-shape.js';
import { idMatchesPattern } from './config.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import { KIND_WORDS, positionOf, type Entity } from './entity.js';
import { listModelFiles, type ModelFileList } from './model-files.js';
import { CURRENT_SCHEMA_VERSION, type Model } from './model.js';
import { checkReferences } from './references.js';
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
  const diagnostics: Diagnostic[] = [...composedModel.diagnostics];
  let unreadable = composedModel.unreadable;
  // The sets_lock file is no model file whatever its name: none of its findings count.
  const lockFiles = verificationLockFilesNamed(composed);
  const documents: ComposedDocument[] = [];
  const files: string[] = [];
  for (const result of composed) {
    if (lockFiles.size > 0 && lockFiles.has(resolve(result.file))) continue;
    diagnostics.push(...result.diagnostics);
    if (result.unreadable) unreadable = true;
    // A file that could be read counts as part of the model even when it does not parse.
    if (!result.diagnostics.some((d) => d.rule === 'read-error')) files.push(result.file);
    documents.push(...result.documents);
  }
  return assembleModel(root, files, documents, diagnostics, unreadable);
}

/** Builds the model from composed documents; exported so the editor can check edited text in memory. */
export function assembleModel(
  root: string,
  files: string[],
  documents: ComposedDocument[],
  diagnostics: Diagnostic[],
  unreadable: boolean,
): Model {
  const out = [...diagnostics];
  const configBlocks: SourcedObject[] = [];
  const project: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  let schemaVersion = CURRENT_SCHEMA_VERSION;
  for (const doc of documents) {
    out.push(...doc.diagnostics);
    if (doc.config) configBlocks.push(doc.config);
    if (doc.project) Object.assign(project, doc.project.value);
    if (doc.meta) Object.assign(meta, doc.meta.value);
    if (doc.schemaVersion && Number.isInteger(doc.schemaVersion.value)) {
      const v = doc.schemaVersion.value as number;
      if (v > CURRENT_SCHEMA_VERSION) {
        out.push(
          diagnostic(
            'unsupported-schema-version',
            'error',
            `schema_version ${v} is newer than this rr reads (${CURRENT_SCHEMA_VERSION}); upgrade rr`,
            { file: doc.file, line: doc.schemaVersion.line, column: doc.schemaVersion.column },
          ),
        );
      }
      schemaVersion = Math.max(schemaVersion, v);
    }
  }
  const resolved = resolveConfig(configBlocks);
  out.push(...resolved.diagnostics);

  const entities: Entity[] = [];
  const byId = new Map<string, Entity>();
  for (const doc of documents) {
    for (const entity of doc.entities) {
      const first = byId.get(entity.id);
      if (first) {
        const at = positionOf(first);
        out.push(
          diagnostic(
            'duplicate-id',
            'error',
            `id "${entity.id}" is already used by a ${KIND_WORDS[first.kind]} at ${at.file}:${at.line}; give one of them a new id`,
            positionOf(entity, 'id'),
            entity.id,
          ),
        );
        continue;
      }
      byId.set(entity.id, entity);
      entities.push(entity);
      if (!idMatchesPattern(resolved.config, entity.kind, entity.id)) {
        out.push(
          diagnostic(
            'bad-id',
            'error',
            `id "${entity.id}" does not match config.id_pattern "${resolved.config.id_pattern}" with prefix "${resolved.config.prefixes[entity.kind]}" for a ${KIND_WORDS[entity.kind]}`,
            positionOf(entity, 'id'),
            entity.id,
          ),
        );
      }
    }
  }
  out.push(...checkReferences(entities, byId, resolved.config));
  return {
    root,
    files,
    entities,
    byId,
    config: resolved.config,
    configSources: resolved.sources,
    project,
    meta,
    schemaVersion,
    diagnostics: out,
    unreadable,
  };
}

/** Absolute paths of the files config.sets_lock names, each relative to the file that sets it. */
function verificationLockFilesNamed(composed: ComposedFile[]): Set<string> {
  const lockFiles = new Set<string>();
  for (const result of composed) {
    for (const doc of result.documents) {
      const lock = doc.config?.value.sets_lock;
      if (typeof lock === 'string' && lock.length > 0) lockFiles.add(resolve(dirname(result.file), lock));
    }
  }
  return lockFiles;
}
