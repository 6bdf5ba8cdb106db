import { resolve } from 'node:path';
import type { Claim } from '../model/claims.js';
import type { SourcedObject } from '../model/compose-document.js';
import type { ComposedFile } from '../model/compose-file.js';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { ModelFileList } from '../model/model-files.js';
import {
  fileDocumentsPart,
  fileEntitiesPart,
  idTable,
  modelFromParts,
  verificationLockFilesNamed,
  type FileDocumentsPart,
  type FileEntitiesPart,
  type IdOwner,
  type IdTable,
} from '../model/model-parts.js';
import { resolveConfig, type ResolvedConfig } from '../model/resolve-config.js';
import { traceIndex, TraceShape } from '../trace/trace-index.js';
import { claimsByTarget } from '../validate/claim-overlaps.js';
import { claimsOfEntities, type EntityClaims, type RuleContext } from '../validate/rule-context.js';
import type { DerivedQuery, QueryDatabase } from './query-database.js';
import { EntitiesById } from './entities-by-id.js';
import { fileUnits, sameUnits } from './file-units.js';
import { memoByObject } from './object-memo.js';
import { SealedMap } from './sealed-map.js';
import { UnionMap } from './union-map.js';

/** The model of one revision with its indexes: what every later query reads. */
export interface Assembled {
  model: Model;
  ctx: RuleContext;
  /** file → its entities in the model (duplicates left out), in load order */
  entitiesByFile: Map<string, Entity[]>;
  /** unit key → the unit's entities and their claims (the unit's part of ctx.claims) */
  claimsByUnit: Map<string, UnitClaims>;
}

/** One unit's entities (duplicates left out) and their claims, in order, by entity id and by target. */
export interface UnitClaims extends EntityClaims {
  entities: Entity[];
  /** target label → the unit's claims on it, in order (made when first asked for) */
  byTarget(): Map<string, Claim[]>;
}

/** The model's files in units (file-units.ts), each unit by its key (its first file). */
export interface Units {
  units: string[][];
  byKey: Map<string, string[]>;
}

/** What the assembly reads of the engine's other queries. */
export interface AssemblySources {
  root: () => string;
  listing: () => ModelFileList;
  composed: (file: string) => ComposedFile;
  /** every file's ids, kinds, statuses, trace links and config values (model-fingerprints.ts) */
  linkFacts: () => unknown;
  /** a file's text length (tracked): what unit it falls in */
  size: (file: string) => number;
  /** files at least this long are units of their own (file-units.ts) */
  unitAloneBytes: () => number;
}

/** The model's files (lock files left out) and the owner of each id. */
interface Identity {
  files: string[];
  ids: IdTable;
}

/** One unit's entities part: each file's, and the unit's entities with their claims. */
interface UnitPart extends UnitClaims {
  /** the unit's files' parts, in order */
  parts: FileEntitiesPart[];
}

const ONE = '';
const sameJson = <V>(a: V, b: V): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The model's assembly as queries (docs/incremental.md), the parts of tools/model/model-parts.ts kept
 * one per unit of files (a file, or a run of small files): an edit of one file makes its unit's parts
 * again and unites them with the others' (arrays and maps of references, no rule or check run again).
 * What every file shares is read through narrow queries that cut off: the id table and the trace
 * links' shape (from the link facts), the resolved config (from the config blocks).
 */
export function assemblyQueries(
  db: QueryDatabase,
  from: AssemblySources,
): {
  assembled: DerivedQuery<string, Assembled>;
  resolvedConfig: DerivedQuery<string, ResolvedConfig>;
  units: DerivedQuery<string, Units>;
  unitFiles: DerivedQuery<string, string[]>;
} {
  // A file's documents part is a function of its composed file alone: kept per composed file, read
  // through the (tracked) `composed` query.
  const documentsPart = memoByObject(fileDocumentsPart);
  const documents = { get: (file: string): FileDocumentsPart => documentsPart(from.composed(file)) };

  // Every file's config blocks in load order: what the resolved config is made of, cut off here so
  // that an edit of no config block leaves the config and all that reads it green.
  const configBlocks = db.derived<string, SourcedObject[]>(
    'configBlocks',
    () => identity.get(ONE).files.flatMap((f) => documents.get(f).configBlocks),
    sameJson,
  );

  // Ids, kinds, entity order and sets_lock are all in the link facts; what else of the files is read
  // here is read untracked.
  const identity = db.derived<string, Identity>(
    'identity',
    () => {
      const listing = from.listing();
      from.linkFacts();
      return db.untracked(() => {
        const lockFiles = verificationLockFilesNamed(listing.files.map((f) => from.composed(f)));
        const files = listing.files.filter((f) => lockFiles.size === 0 || !lockFiles.has(resolve(f)));
        return { files, ids: idTable(files.map((f) => documents.get(f))) };
      });
    },
    sameIdentity,
  );

  const resolvedConfig = db.derived<string, ResolvedConfig>(
    'resolvedConfig',
    () => resolveConfig(configBlocks.get(ONE)),
    sameJson,
  );

  // The model's files in units: unchanged unless a file comes, goes, or grows past the size of a unit.
  const units = db.derived<string, Units>(
    'units',
    () => {
      const list = fileUnits(identity.get(ONE).files, from.size, from.unitAloneBytes());
      return { units: list, byKey: new Map(list.map((u) => [u[0]!, u])) };
    },
    (a, b) => sameUnits(a.units, b.units),
  );

  // One unit's files (none once the unit is gone): what a unit's queries read of the grouping.
  const unitFiles = db.derived<string, string[]>(
    'unitFiles',
    (key) => units.get(ONE).byKey.get(key) ?? [],
    (a, b) => sameUnits([a], [b]),
  );

  const entities = db.derived<string, UnitPart>('entitiesPart', (key) => {
    const { ids } = identity.get(ONE);
    const { config } = resolvedConfig.get(ONE);
    // A duplicate's message names where its owner is: that file's entities are read (tracked) then.
    const parts = unitFiles
      .get(key)
      .map((file) =>
        fileEntitiesPart(
          documents.get(file),
          ids,
          config,
          (owner) => documents.get(owner.file).entities[owner.index]!,
        ),
      );
    const own = parts.length === 1 ? parts[0]!.entities : parts.flatMap((p) => p.entities);
    const { claims, claimsByEntity } = claimsOfEntities(own, config);
    let byTarget: Map<string, Claim[]> | undefined;
    return {
      parts,
      entities: own,
      claims,
      claimsByEntity,
      byTarget: () => (byTarget ??= claimsByTarget(claims)),
    };
  });

  // Each file's entities as its documents give them, where the id table places each owner.
  const documentsOf = (files: readonly string[]) =>
    new Map(files.map((f) => [f, documents.get(f).entities] as const));

  // The links by id: they change only with the link facts; the entities are read untracked.
  const traceShape = db.derived<string, TraceShape>('traceShape', () => {
    const { files, ids } = identity.get(ONE);
    from.linkFacts();
    return db.untracked(() => {
      const owners: Entity[] = [];
      for (const unit of units.get(ONE).units)
        for (const e of entities.get(unit[0]!).entities) owners.push(e);
      return new TraceShape({ entities: owners, byId: new EntitiesById(ids, documentsOf(files)) });
    });
  });

  const assembled = db.derived<string, Assembled>('assembled', () => {
    const listing = from.listing();
    const { files, ids } = identity.get(ONE);
    const unitParts = units.get(ONE).units.map((u) => [u, entities.get(u[0]!)] as const);
    // The files' parts in load order: the units are runs of the files in that order.
    const parts = unitParts.flatMap(([, part]) => part.parts);
    const byId = new EntitiesById(ids, documentsOf(files));
    const claimsByEntity = unitedClaims(unitParts, ids);
    const model = modelFromParts(
      { root: from.root(), diagnostics: listing.diagnostics, unreadable: listing.unreadable },
      files.map((f) => documents.get(f)),
      resolvedConfig.get(ONE),
      parts,
      byId,
    );
    const claims: Claim[] = [];
    for (const [, part] of unitParts) claims.push(...part.claims);
    const entitiesByFile = new Map(files.map((f, i) => [f, parts[i]!.entities]));
    const claimsByUnit = new Map<string, UnitClaims>(unitParts.map(([u, part]) => [u[0]!, part]));
    const ctx: RuleContext = { model, claims, claimsByEntity, trace: traceIndex(model, traceShape.get(ONE)) };
    return { model, ctx, entitiesByFile, claimsByUnit };
  });
  return { assembled, resolvedConfig, units, unitFiles };
}

/**
 * The model's claims by entity id: the units' own united (a revision builds no Map of every claim), or,
 * for a model of one unit, a sealed copy of its own (a plain Map's lookups).
 */
function unitedClaims(
  unitParts: readonly (readonly [readonly string[], UnitPart])[],
  ids: IdTable,
): Map<string, Claim[]> {
  if (unitParts.length === 1) {
    const own = unitParts[0]![1].claimsByEntity;
    return new SealedMap((set) => own.forEach((list, id) => set(id, list)));
  }
  const partOfFile = new Map<string, UnitPart>();
  for (const [files, part] of unitParts) for (const f of files) partOfFile.set(f, part);
  return new UnionMap(
    unitParts.map(([, part]) => part.claimsByEntity),
    (id) => {
      const owner = ids.get(id);
      return owner && partOfFile.get(owner.file)?.claimsByEntity;
    },
  );
}

function sameIdentity(a: Identity, b: Identity): boolean {
  if (a.files.length !== b.files.length || a.files.some((f, i) => b.files[i] !== f)) return false;
  if (a.ids.size !== b.ids.size) return false;
  const other = b.ids.entries();
  for (const [id, owner] of a.ids) {
    const [otherId, o] = other.next().value as [string, IdOwner];
    if (id !== otherId || owner.file !== o.file || owner.index !== o.index || owner.kind !== o.kind)
      return false;
  }
  return true;
}
