// `rr import strictdoc`: StrictDoc documents to an rr model. Each `.sdoc` becomes one sections document
// at the same relative path (`.yaml`); section titles become tags; Parent and Child relations become
// refines or satisfies by the kinds at both ends. docs/import-export.md has the mapping tables.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { EntityKind } from '../../model/entity.js';
import { titleFromText } from '../imported-model/derived-title.js';
import { ImportReport } from '../imported-model/import-report.js';
import {
  addEntity,
  type ImportedEntity,
  type ImportedFile,
  type ImportedModel,
} from '../imported-model/imported-model.js';
import type { KindChoice } from '../imported-model/kind-choice.js';
import { applyParentLinks, type ParentLink } from '../imported-model/parent-links.js';
import { rrStatus } from '../imported-model/status-words.js';
import type { SdocField, SdocItem, SdocNode } from './sdoc-syntax.js';
import { readSdocFiles, type SdocFile, type SdocFiles } from './strictdoc-files.js';

/** Options of a StrictDoc import. */
export interface StrictdocImportOptions {
  /** element tag → kind, over the defaults of defaultKind */
  kinds?: Map<string, KindChoice>;
}

/** StrictDoc fields with a place in rr, and that place. */
const FIELD_MAP: Record<string, string> = {
  UID: 'id',
  TITLE: 'title',
  STATEMENT: 'description',
  STATUS: 'status',
  RATIONALE: 'rationale',
  COMMENT: 'notes',
  TAGS: 'tags',
};

/** The kind a StrictDoc element tag becomes unless --kind says otherwise. */
export function defaultKind(tag: string): KindChoice {
  if (/NEED|STAKEHOLDER/.test(tag)) return 'user_need';
  if (/MITIGATION|RISK_CONTROL/.test(tag)) return 'mitigation';
  if (/RISK|HAZARD/.test(tag)) return 'risk';
  if (/TEST/.test(tag)) return 'test_method';
  return 'requirement';
}

/** A node waiting for its id: ids missing in the source are given once every id is known. */
interface Pending {
  entity: ImportedEntity;
  prefix: string;
  file: ImportedFile;
}

/** Reads the StrictDoc documents at `path` into an import. */
export function importStrictdoc(path: string, options: StrictdocImportOptions = {}): ImportedModel {
  return strictdocImport(readSdocFiles(path), path, options);
}

/** The import of StrictDoc documents already read (readSdocFiles) from `path`. */
export function strictdocImport(
  read: SdocFiles,
  path: string,
  options: StrictdocImportOptions = {},
): ImportedModel {
  const { root, files: sdocFiles, grammars } = read;
  const report = new ImportReport('strictdoc', path);
  report.count('documents', sdocFiles.length);
  if (grammars > 0) report.count('grammar files', grammars);
  const state = {
    report,
    kinds: options.kinds ?? new Map<string, KindChoice>(),
    byId: new Map<string, ImportedEntity>(),
    links: [] as ParentLink[],
    pending: [] as Pending[],
    leftOutIds: [] as string[],
  };
  const files: ImportedFile[] = [];
  for (const sdoc of sdocFiles) {
    const title = sdoc.doc.head.find((h) => h.name === 'TITLE')?.value;
    const file: ImportedFile = {
      path: sdoc.name.replace(/\.sdoc$/, '') + '.yaml',
      origin: `Imported by rr from StrictDoc ${sdoc.name}${title ? ` (${title})` : ''}`,
      entities: [],
    };
    files.push(file);
    for (const entry of sdoc.doc.head) {
      if (entry.name === 'TITLE') continue;
      report.lose('document settings', `${sdoc.name}:${entry.line}`, `${entry.name}: ${entry.value}`);
    }
    const prefix = docPrefix(sdoc.doc.head) ?? 'REQ-';
    walk(sdoc.doc.items, { sdoc, file, sections: [], prefix, parent: undefined }, state);
  }
  giveMissingIds(state.pending, state.byId, state.links, report, state.leftOutIds);
  applyParentLinks(state.byId, state.links, report);
  return { files, project: projectOf(root), report, leftOutIds: state.leftOutIds };
}

interface Place {
  sdoc: SdocFile;
  file: ImportedFile;
  sections: string[];
  prefix: string;
  /** the composite node around this one, if any */
  parent: ImportedEntity | undefined;
}

type State = {
  report: ImportReport;
  kinds: Map<string, KindChoice>;
  byId: Map<string, ImportedEntity>;
  links: ParentLink[];
  pending: Pending[];
  /** UIDs of nodes left out ([TEXT], skipped by --kind) */
  leftOutIds: string[];
};

function walk(items: SdocItem[], place: Place, state: State): void {
  for (const item of items) {
    if (item.kind === 'include') continue; // included files are imported on their own
    const at = `${place.sdoc.name}:${item.line}`;
    if (item.tag === 'SECTION') {
      state.report.count('sections');
      const title = fieldValue(item.fields, 'TITLE') ?? '';
      const prefix = docPrefix(item.fields.map((f) => ({ name: f.name, value: f.value }))) ?? place.prefix;
      for (const f of item.fields) {
        if (f.name !== 'TITLE')
          state.report.lose('section fields', `${place.sdoc.name}:${f.line}`, `${f.name}: ${f.value}`);
      }
      if (title !== '') state.report.map('[SECTION] TITLE → tags');
      walk(
        item.children,
        { ...place, sections: title ? [...place.sections, title] : place.sections, prefix },
        state,
      );
      continue;
    }
    if (item.tag === 'TEXT' || item.tag === 'FREETEXT') {
      state.report.count('text nodes');
      state.report.lose(`[${item.tag}] nodes`, at, fieldValue(item.fields, 'STATEMENT') ?? '');
      leaveOut(item, state);
      continue;
    }
    const kind = state.kinds.get(item.tag) ?? defaultKind(item.tag);
    state.report.count(`[${item.tag}] nodes`);
    if (!place.sdoc.elements.some((e) => e.tag === item.tag)) {
      state.report.note(
        `${place.sdoc.name} uses [${item.tag}], which its grammar (${place.sdoc.grammarSource}) does not define`,
      );
    }
    if (kind === 'skip') {
      state.report.lose(`[${item.tag}] nodes left out by --kind`, at, nodeText(item));
      leaveOut(item, state);
      continue;
    }
    const entity = nodeEntity(item, kind, place, state);
    if (entity === undefined) continue;
    walk(item.children, { ...place, parent: entity }, state);
  }
}

function nodeEntity(
  node: SdocNode,
  kind: EntityKind,
  place: Place,
  state: State,
): ImportedEntity | undefined {
  const { report } = state;
  const at = `${place.sdoc.name}:${node.line}`;
  const entity: ImportedEntity = { kind, id: fieldValue(node.fields, 'UID') ?? '', fields: {}, source: at };
  if (node.tag !== 'REQUIREMENT' || kind !== 'requirement') report.map(`[${node.tag}] → ${kind}`);
  const tags: string[] = place.sections.length > 0 ? [place.sections.join(' / ')] : [];
  const notes: string[] = [];
  for (const f of node.fields) {
    const target = FIELD_MAP[f.name];
    const where = entity.id || `${place.sdoc.name}:${f.line}`;
    if (target === undefined) {
      report.lose(`field ${f.name}`, where, f.value);
      continue;
    }
    report.map(`${f.name} → ${target}`);
    if (target === 'id') continue;
    if (target === 'status') {
      const status = rrStatus(f.value);
      if (status === undefined) report.lose('STATUS values with no rr status', where, f.value);
      else entity.fields.status = status;
    } else if (target === 'notes') notes.push(f.value);
    else if (target === 'tags')
      tags.push(
        ...f.value
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      );
    else entity.fields[target] = f.value;
  }
  if (tags.length > 0) entity.fields.tags = [...new Set(tags)];
  if (notes.length > 0) entity.fields.notes = notes;
  for (const relation of node.relations) {
    const value = relation.properties.VALUE ?? '';
    const where = `${place.sdoc.name}:${relation.line}`;
    if (relation.properties.ROLE !== undefined) {
      report.lose('relation roles', where, `${relation.type} ${value}: ROLE ${relation.properties.ROLE}`);
    }
    report.count(`${relation.type} relations`);
    if (relation.type === 'Parent')
      state.links.push({ child: entity.id, parent: value, at: where, how: 'Parent relation' });
    else if (relation.type === 'Child')
      state.links.push({ child: value, parent: entity.id, at: where, how: 'Child relation' });
    else {
      const rest = Object.entries(relation.properties)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      report.lose(`${relation.type} relations`, entity.id || where, rest);
    }
  }
  if (entity.fields.title === undefined) {
    const { description } = entity.fields;
    const title = titleFromText(typeof description === 'string' ? description : '');
    report.lose('titles made up (the node has no TITLE)', entity.id || at, title || '(from the id)');
    entity.fields.title = title;
  }
  place.file.entities.push(entity);
  if (entity.id === '') {
    // A stand-in until every id is known (giveMissingIds); links name it meanwhile.
    entity.id = `${PENDING}${state.pending.length}`;
    state.byId.set(entity.id, entity);
    state.pending.push({ entity, prefix: place.prefix, file: place.file });
  } else if (!addEntity(state.byId, entity, report)) {
    place.file.entities.pop();
    return undefined;
  }
  if (place.parent !== undefined) {
    // A node inside a composite node is its child.
    state.links.push({ child: entity.id, parent: place.parent.id, at, how: 'composite node nesting' });
  }
  return entity;
}

const PENDING = '\u0000pending-';

/** Ids for nodes without a UID: the section's or document's prefix and the next free number. */
function giveMissingIds(
  pending: Pending[],
  byId: Map<string, ImportedEntity>,
  links: ParentLink[],
  report: ImportReport,
  leftOutIds: readonly string[],
): void {
  // A prefix starting like the stand-ins could take a number from one still waiting: checked against
  // every id in use, one node at a time (no StrictDoc prefix starts with a NUL character).
  if (pending.some((p) => p.prefix.startsWith(PENDING.charAt(0)))) {
    giveMissingIdsOneByOne(pending, byId, links, report, leftOutIds);
    return;
  }
  const next = new NextNumbers(pending.map((p) => p.prefix));
  // After every id in use, the left-out nodes' UIDs included: those stay taken. (The stand-ins count
  // for none of these prefixes.)
  for (const id of byId.keys()) next.take(id);
  for (const id of leftOutIds) next.take(id);
  const given = new Map<string, string>();
  for (const { entity, prefix } of pending) {
    const stand = entity.id;
    byId.delete(stand);
    entity.id = `${prefix}${next.after(prefix)}`;
    next.take(entity.id);
    byId.set(entity.id, entity);
    given.set(stand, entity.id);
    report.lose('nodes without UID (given an id)', entity.source, entity.id);
    if (entity.fields.title === '') entity.fields.title = entity.id;
  }
  // Links name stand-ins until now; one pass renames them all.
  for (const link of links) {
    link.child = given.get(link.child) ?? link.child;
    link.parent = given.get(link.parent) ?? link.parent;
  }
  for (const entity of byId.values()) if (entity.fields.title === '') entity.fields.title = entity.id;
}

/**
 * The next number after the ids taken so far, for each of a set of prefixes: an id counts for a
 * prefix when it is the prefix and digits (`REQ-12` counts for `REQ-` and for `REQ-1`).
 */
class NextNumbers {
  private readonly next = new Map<string, number>();
  private readonly prefixes: Set<string>;
  private readonly lengths: Set<number>;

  constructor(prefixes: string[]) {
    this.prefixes = new Set(prefixes);
    this.lengths = new Set(prefixes.map((p) => p.length));
  }

  /** Counts an id for every prefix it is digits after. */
  take(id: string): void {
    let start = id.length;
    while (start > 0 && isDigit(id.charCodeAt(start - 1))) start--;
    // Only a prefix ending within or just before the id's trailing digits leaves just digits after it.
    for (let cut = id.length - 1; cut >= start; cut--) {
      if (!this.lengths.has(cut)) continue;
      const prefix = id.slice(0, cut);
      if (!this.prefixes.has(prefix)) continue;
      this.next.set(prefix, Math.max(this.after(prefix), Number(id.slice(cut)) + 1));
    }
  }

  /** The number the next id with `prefix` gets: one more than the highest taken, at least 1. */
  after(prefix: string): number {
    return this.next.get(prefix) ?? 1;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** giveMissingIds for prefixes that stand-ins could match: every id in use checked for each node. */
function giveMissingIdsOneByOne(
  pending: Pending[],
  byId: Map<string, ImportedEntity>,
  links: ParentLink[],
  report: ImportReport,
  leftOutIds: readonly string[],
): void {
  for (const { entity, prefix } of pending) {
    const stand = entity.id;
    byId.delete(stand);
    let n = 1;
    for (const id of [...byId.keys(), ...leftOutIds]) {
      const rest = id.startsWith(prefix) ? id.slice(prefix.length) : '';
      if (/^[0-9]+$/.test(rest)) n = Math.max(n, Number(rest) + 1);
    }
    entity.id = `${prefix}${n}`;
    byId.set(entity.id, entity);
    for (const link of links) {
      if (link.child === stand) link.child = entity.id;
      if (link.parent === stand) link.parent = entity.id;
    }
    report.lose('nodes without UID (given an id)', entity.source, entity.id);
    if (entity.fields.title === '') entity.fields.title = entity.id;
  }
  for (const entity of byId.values()) if (entity.fields.title === '') entity.fields.title = entity.id;
}

function docPrefix(entries: { name: string; value: string }[]): string | undefined {
  return entries.find((e) => e.name === 'REQ_PREFIX' || e.name === 'PREFIX')?.value;
}

/** Keeps a left-out node's UID taken (config.retired_ids). */
function leaveOut(node: SdocNode, state: State): void {
  const uid = fieldValue(node.fields, 'UID')?.trim();
  if (uid) state.leftOutIds.push(uid);
}

function fieldValue(fields: SdocField[], name: string): string | undefined {
  return fields.find((f) => f.name === name)?.value;
}

function nodeText(node: SdocNode): string {
  return node.fields.map((f) => `${f.name}: ${f.value}`).join('\n');
}

/** project.name from strictdoc.toml's [project] title, when the import root has one. */
function projectOf(root: string): Record<string, unknown> {
  const toml = join(root, 'strictdoc.toml');
  if (!existsSync(toml)) return {};
  try {
    const parsed = parseToml(readFileSync(toml, 'utf8')) as { project?: { title?: unknown } };
    const title = parsed.project?.title;
    return typeof title === 'string' ? { name: title } : {};
  } catch {
    return {};
  }
}
