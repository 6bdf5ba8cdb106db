// The model's assembly in parts (docs/incremental.md): what each composed file gives on its own, the
// table of ids over all files, what each file's entities give once the ids and the config are known, and
// their union. modelOf (load-model.ts) puts the parts together in one go; the incremental engine keeps
// each part as a query, so an edit of one file makes that file's parts again and only unites the rest.
import { dirname, resolve } from 'node:path';
import type { SourcedObject } from './compose-document.js';
import type { ComposedFile } from './compose-file.js';
import { idMatchesPattern, type Config } from './config.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import { KIND_WORDS, positionOf, type Entity, type EntityKind } from './entity.js';
import { CURRENT_SCHEMA_VERSION, type Model } from './model.js';
import { checkReferences } from './references.js';
import type { ResolvedConfig } from './resolve-config.js';

/** What one composed file gives the model on its own, before ids are compared across files. */
export interface FileDocumentsPart {
  file: string;
  /** the file could be read: it is one of the model's files even when it does not parse */
  counts: boolean;
  unreadable: boolean;
  /** the file's own findings (reading, parsing) */
  fileDiagnostics: Diagnostic[];
  /** its documents' findings, schema_version's included, in document order */
  documentDiagnostics: Diagnostic[];
  configBlocks: SourcedObject[];
  project: Record<string, unknown>;
  meta: Record<string, unknown>;
  /** the highest schema_version its documents name (CURRENT_SCHEMA_VERSION at least) */
  schemaVersion: number;
  /** every entity its documents hold, duplicates included, in order */
  entities: Entity[];
}

/** The part of one composed file. */
export function fileDocumentsPart(result: ComposedFile): FileDocumentsPart {
  const part: FileDocumentsPart = {
    file: result.file,
    // A file that could be read counts as part of the model even when it does not parse.
    counts: !result.diagnostics.some((d) => d.rule === 'read-error'),
    unreadable: result.unreadable,
    fileDiagnostics: result.diagnostics,
    documentDiagnostics: [],
    configBlocks: [],
    project: {},
    meta: {},
    schemaVersion: CURRENT_SCHEMA_VERSION,
    entities: [],
  };
  for (const doc of result.documents) {
    part.documentDiagnostics.push(...doc.diagnostics);
    if (doc.config) part.configBlocks.push(doc.config);
    if (doc.project) Object.assign(part.project, doc.project.value);
    if (doc.meta) Object.assign(part.meta, doc.meta.value);
    if (doc.schemaVersion && Number.isInteger(doc.schemaVersion.value)) {
      const v = doc.schemaVersion.value as number;
      if (v > CURRENT_SCHEMA_VERSION) {
        part.documentDiagnostics.push(
          diagnostic(
            'unsupported-schema-version',
            'error',
            `schema_version ${v} is newer than this rr reads (${CURRENT_SCHEMA_VERSION}); upgrade rr`,
            { file: doc.file, line: doc.schemaVersion.line, column: doc.schemaVersion.column },
          ),
        );
      }
      part.schemaVersion = Math.max(part.schemaVersion, v);
    }
    part.entities.push(...doc.entities);
  }
  return part;
}

/** Absolute paths of the files config.sets_lock names, each relative to the file that sets it. */
export function verificationLockFilesNamed(composed: readonly ComposedFile[]): Set<string> {
  const lockFiles = new Set<string>();
  for (const result of composed) {
    for (const doc of result.documents) {
      const lock = doc.config?.value.sets_lock;
      if (typeof lock === 'string' && lock.length > 0) lockFiles.add(resolve(dirname(result.file), lock));
    }
  }
  return lockFiles;
}

/** Where the entity that owns an id is: the first one in load order with that id. */
export interface IdOwner {
  file: string;
  /** its place among its file's entities (FileDocumentsPart.entities) */
  index: number;
  kind: EntityKind;
}

/** Every id of the model, in load order, with its owner; the later entities with an id are duplicates. */
export type IdTable = ReadonlyMap<string, IdOwner>;

/** The id table of the model's files (their entities in load order). */
export function idTable(files: readonly Pick<FileDocumentsPart, 'file' | 'entities'>[]): IdTable {
  const owners = new Map<string, IdOwner>();
  for (const { file, entities } of files)
    entities.forEach((e, index) => {
      if (!owners.has(e.id)) owners.set(e.id, { file, index, kind: e.kind });
    });
  return owners;
}

/** What one file's entities give once the ids and the config are known. */
export interface FileEntitiesPart {
  /** its entities that own their ids (duplicates left out), in order */
  entities: Entity[];
  /** duplicate-id and bad-id, in entity order */
  idDiagnostics: Diagnostic[];
  /** dangling-reference and wrong-reference-kind */
  referenceDiagnostics: Diagnostic[];
}

/**
 * The entities part of one file. `ownerOf` gives the entity that owns an id (another file's too): a
 * duplicate's message says where it is.
 */
export function fileEntitiesPart(
  part: Pick<FileDocumentsPart, 'file' | 'entities'>,
  ids: IdTable,
  config: Config,
  ownerOf: (owner: IdOwner) => Entity,
): FileEntitiesPart {
  const entities: Entity[] = [];
  const idDiagnostics: Diagnostic[] = [];
  part.entities.forEach((entity, index) => {
    const owner = ids.get(entity.id);
    if (owner && (owner.file !== part.file || owner.index !== index)) {
      const first = owner.file === part.file ? part.entities[owner.index]! : ownerOf(owner);
      const at = positionOf(first);
      idDiagnostics.push(
        diagnostic(
          'duplicate-id',
          'error',
          `id "${entity.id}" is already used by a ${KIND_WORDS[first.kind]} at ${at.file}:${at.line}; give one of them a new id`,
          positionOf(entity, 'id'),
          entity.id,
        ),
      );
      return;
    }
    entities.push(entity);
    if (!idMatchesPattern(config, entity.kind, entity.id)) {
      idDiagnostics.push(
        diagnostic(
          'bad-id',
          'error',
          `id "${entity.id}" does not match config.id_pattern "${config.id_pattern}" with prefix "${config.prefixes[entity.kind]}" for a ${KIND_WORDS[entity.kind]}`,
          positionOf(entity, 'id'),
          entity.id,
        ),
      );
    }
  });
  return { entities, idDiagnostics, referenceDiagnostics: checkReferences(entities, ids, config) };
}

/** The model's listing, as the parts are united with it. */
export interface ListingPart {
  root: string;
  /** the listing's own findings (unreadable folders) */
  diagnostics: readonly Diagnostic[];
  unreadable: boolean;
}

/**
 * The model from its parts, in load order: `documents[i]` and `entities[i]` are the same file's (lock
 * files left out). Diagnostics come in the order a load finds them: files, documents, config, ids,
 * references. `byId`, when given, must map exactly the parts' entities in that order (the incremental
 * engine's, made of per-file parts); else it is built.
 */
export function modelFromParts(
  listing: ListingPart,
  documents: readonly FileDocumentsPart[],
  resolved: ResolvedConfig,
  entities: readonly FileEntitiesPart[],
  byId?: Map<string, Entity>,
): Model {
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  let unreadable = listing.unreadable;
  const files: string[] = [];
  const project: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  let schemaVersion = CURRENT_SCHEMA_VERSION;
  for (const part of documents) {
    diagnostics.push(...part.fileDiagnostics);
    if (part.unreadable) unreadable = true;
    if (part.counts) files.push(part.file);
    Object.assign(project, part.project);
    Object.assign(meta, part.meta);
    schemaVersion = Math.max(schemaVersion, part.schemaVersion);
  }
  for (const part of documents) diagnostics.push(...part.documentDiagnostics);
  diagnostics.push(...resolved.diagnostics);
  for (const part of entities) diagnostics.push(...part.idDiagnostics);
  for (const part of entities) diagnostics.push(...part.referenceDiagnostics);
  const all: Entity[] = [];
  for (const part of entities) all.push(...part.entities);
  return {
    root: listing.root,
    files,
    entities: all,
    byId: byId ?? byIdOf(all),
    config: resolved.config,
    configSources: resolved.sources,
    project,
    meta,
    schemaVersion,
    diagnostics,
    unreadable,
  };
}

function byIdOf(entities: readonly Entity[]): Map<string, Entity> {
  const byId = new Map<string, Entity>();
  for (const e of entities) byId.set(e.id, e);
  return byId;
}
