// `rr import doorstop`: a Doorstop tree to an rr model. Each document becomes one sections document;
// items in level order; heading items become tags of the items under them; links become refines or
// satisfies by the kinds of the two documents. docs/import-export.md has the mapping tables.
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
import { readDoorstopTree, type DoorstopDocument, type DoorstopItem } from './doorstop-tree.js';

/** Options of a Doorstop import. */
export interface DoorstopImportOptions {
  /** document prefix → kind; every other document holds requirements */
  kinds?: Map<string, KindChoice>;
}

/** Item attributes with a place in rr (or read to decide one). */
const READ = new Set(['active', 'derived', 'header', 'level', 'links', 'normative', 'text', 'reviewed']);

/** Reads the Doorstop tree at `tree` into an import. */
export function importDoorstop(tree: string, options: DoorstopImportOptions = {}): ImportedModel {
  return doorstopImport(readDoorstopTree(tree), tree, options);
}

/** The import of the Doorstop documents already read (readDoorstopTree) from `tree`. */
export function doorstopImport(
  docs: DoorstopDocument[],
  tree: string,
  options: DoorstopImportOptions = {},
): ImportedModel {
  const report = new ImportReport('doorstop', tree);
  const byId = new Map<string, ImportedEntity>();
  const links: ParentLink[] = [];
  const files: ImportedFile[] = [];
  const leftOutIds: string[] = [];
  const prefixes = new Map(docs.map((d) => [d.prefix, d]));
  const documentOf = uidDocuments(docs);
  report.count('documents', docs.length);
  for (const doc of docs) {
    if (doc.parent !== undefined && !prefixes.has(doc.parent)) {
      report.note(`document ${doc.prefix} names parent ${doc.parent}, which is not in the tree`);
    }
    const kind = options.kinds?.get(doc.prefix) ?? 'requirement';
    const file: ImportedFile = {
      path: `${doc.folder === '' ? '' : `${doc.folder}/`}${doc.prefix}.yaml`,
      origin: `Imported by rr from Doorstop document ${doc.prefix}${doc.folder ? ` (${doc.folder})` : ''}`,
      entities: [],
    };
    files.push(file);
    for (const other of doc.otherFiles)
      report.lose('item files in a format not read (only YAML items are)', other, other);
    const headings = new Headings();
    for (const item of inLevelOrder(doc.items)) {
      report.count('items');
      const a = item.attributes;
      const text = typeof a.text === 'string' ? a.text.replace(/\n+$/, '') : '';
      if (a.active === false) {
        report.lose('inactive items (left out)', item.uid, text);
        leftOutIds.push(item.uid);
        continue;
      }
      // Doorstop never gives a UID twice, headings' included: neither does a new entity here.
      if (a.normative === false || kind === 'skip') leftOutIds.push(item.uid);
      const level = item.level.split('.').filter((p) => p !== '');
      if (a.normative === false) {
        if (level.length > 1 && level[level.length - 1] === '0') {
          report.count('headings');
          report.map('heading items → tags');
          headings.add(level.slice(0, -1), titleFromText(text) || item.uid);
        } else {
          report.lose('non-normative items (left out)', item.uid, text);
        }
        continue;
      }
      if (kind === 'skip') {
        report.lose(`items of document ${doc.prefix} (left out by --kind)`, item.uid, text);
        continue;
      }
      const entity = itemEntity(item, kind, text, headings, report);
      if (addEntity(byId, entity, report)) file.entities.push(entity);
      for (const parent of linkTargets(item, report)) {
        links.push({ child: item.uid, parent, at: `${item.file}:${item.lines.links ?? 1}`, how: 'link' });
        const target = documentOf(parent);
        if (target !== undefined && target.prefix !== doc.parent) {
          report.note(
            `${item.uid} links to ${parent} in document ${target.prefix}, which is not its document's parent`,
          );
        }
      }
    }
  }
  applyParentLinks(byId, links, report);
  return { files, project: {}, report, leftOutIds };
}

function itemEntity(
  item: DoorstopItem,
  kind: EntityKind,
  text: string,
  headings: Headings,
  report: ImportReport,
): ImportedEntity {
  const a = item.attributes;
  const entity: ImportedEntity = { kind, id: item.uid, fields: {}, source: `${item.file}:1` };
  report.map('file name (UID) → id');
  const header = typeof a.header === 'string' ? a.header.trim() : '';
  if (header !== '') {
    entity.fields.title = header;
    report.map('header → title');
  } else {
    entity.fields.title = titleFromText(text) || item.uid;
    report.lose('titles made up (the item has no header)', item.uid, String(entity.fields.title));
  }
  if (text !== '') {
    entity.fields.description = text;
    report.map('text → description');
  }
  const tags = headings.above(item.level.split('.'));
  if (tags.length > 0) entity.fields.tags = [tags.join(' / ')];
  if (a.derived === true) {
    entity.fields.tags = [...((entity.fields.tags as string[] | undefined) ?? []), 'derived'];
    report.map('derived: true → tag "derived"');
  }
  if (typeof a.reviewed === 'string' && a.reviewed !== '')
    report.lose('review fingerprints (reviewed)', item.uid, a.reviewed);
  for (const [key, value] of Object.entries(a)) {
    if (READ.has(key)) continue;
    if (value === '' || value === null || (Array.isArray(value) && value.length === 0)) continue;
    report.lose(`attribute ${key}`, item.uid, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return entity;
}

/** The parent UIDs of an item's links: `- REQ001`, `- REQ001: <fingerprint>` or `- REQ001: null`. */
function linkTargets(item: DoorstopItem, report: ImportReport): string[] {
  const links = item.attributes.links;
  if (!Array.isArray(links)) return [];
  const out: string[] = [];
  for (const link of links) {
    if (typeof link === 'string') out.push(link);
    else if (link !== null && typeof link === 'object') {
      for (const [uid, stamp] of Object.entries(link as Record<string, unknown>)) {
        out.push(uid);
        if (typeof stamp === 'string' && stamp !== '')
          report.lose('link fingerprints', item.uid, `${uid}: ${stamp}`);
      }
    }
  }
  report.count('links', out.length);
  return out;
}

/**
 * The heading items of a document so far, by level (`1.2` for the heading item 1.2.0), each with its
 * place in level order: an item's headings are looked up by its level's parts, not searched for among
 * every heading of the document.
 */
class Headings {
  private readonly byLevel = new Map<string, { order: number; title: string }[]>();
  private count = 0;

  /** Adds the heading of `level` (its parts, all non-empty). */
  add(level: string[], title: string): void {
    const key = level.join('.');
    const list = this.byLevel.get(key) ?? [];
    list.push({ order: this.count++, title });
    this.byLevel.set(key, list);
  }

  /** The titles of the headings whose level starts the item's (shorter than it), in level order. */
  above(level: string[]): string[] {
    const found: { order: number; title: string }[] = [];
    let key = '';
    for (let n = 1; n < level.length; n++) {
      key = n === 1 ? level[0]! : `${key}.${level[n - 1]}`;
      found.push(...(this.byLevel.get(key) ?? []));
    }
    return found.sort((a, b) => a.order - b.order).map((h) => h.title);
  }
}

/**
 * The document a UID names by its prefix: the first in tree order whose prefix starts it. Looks up the
 * UID's starts of each prefix length there is instead of trying every document for every link.
 */
function uidDocuments(docs: DoorstopDocument[]): (uid: string) => DoorstopDocument | undefined {
  const first = new Map<string, number>();
  docs.forEach((d, i) => {
    if (!first.has(d.prefix)) first.set(d.prefix, i);
  });
  const lengths = [...new Set(docs.map((d) => d.prefix.length))].sort((a, b) => a - b);
  return (uid) => {
    let best: number | undefined;
    for (const length of lengths) {
      if (length > uid.length) break;
      const i = first.get(uid.slice(0, length));
      if (i !== undefined && (best === undefined || i < best)) best = i;
    }
    return best === undefined ? undefined : docs[best];
  };
}

/** Items in Doorstop's level order (stable), each level read into numbers once rather than per comparison. */
function inLevelOrder(items: DoorstopItem[]): DoorstopItem[] {
  return items
    .map((item) => ({ item, parts: item.level.split('.').map((p) => Number(p) || 0) }))
    .sort((a, b) => compareLevels(a.parts, b.parts))
    .map((x) => x.item);
}

/** Doorstop's level order: part by part, numerically (1.2 < 1.10). */
function compareLevels(pa: number[], pb: number[]): number {
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
