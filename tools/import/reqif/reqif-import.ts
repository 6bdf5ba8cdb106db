// `rr import reqif`: a ReqIF file to an rr model. One sections document per SPECIFICATION (objects in
// hierarchy order), headings as tags of the objects below them, relations as links. What the mapping
// (reqif-mapping.ts) does not place is listed in the report. docs/import-export.md has the tables.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { EntityKind } from '../../model/entity.js';
import { titleFromText } from '../imported-model/derived-title.js';
import { ImportInputError } from '../imported-model/import-error.js';
import { ImportReport } from '../imported-model/import-report.js';
import {
  addEntity,
  type ImportedEntity,
  type ImportedFile,
  type ImportedModel,
} from '../imported-model/imported-model.js';
import { addReference, applyParentLinks, type ParentLink } from '../imported-model/parent-links.js';
import { rrStatus } from '../imported-model/status-words.js';
import {
  reqifContent,
  type ReqifAttribute,
  type ReqifContent,
  type ReqifHierarchy,
  type ReqifObject,
  type ReqifValue,
} from './reqif-content.js';
import { ReqifMapping, readMappingFile, type TypeChoice } from './reqif-mapping.js';
import { attributeFields, LIST_FIELDS } from '../imported-model/rr-fields.js';
import { xhtmlToText } from './xhtml-text.js';
import { localName, parseXmlTree, XmlTreeError } from './xml-tree.js';

/** Options of a ReqIF import. */
export interface ReqifImportOptions {
  /** a mapping file (YAML or JSON) */
  mapFile?: string | undefined;
}

/** Reads a ReqIF file into an import. */
export function importReqif(path: string, options: ReqifImportOptions = {}): ImportedModel {
  const mapping = options.mapFile === undefined ? new ReqifMapping() : readMappingFile(options.mapFile);
  return reqifImport(readReqif(path), path, mapping);
}

/** The import of a ReqIF file's content (readReqif) read from `path`, by a mapping. */
export function reqifImport(
  content: ReqifContent,
  path: string,
  mapping: ReqifMapping = new ReqifMapping(),
): ImportedModel {
  return new ReqifImport(path, content, mapping).run();
}

/** The content of a ReqIF file; a file that is not ReqIF is an ImportInputError naming the line. */
export function readReqif(path: string): ReqifContent {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ImportInputError(path, `cannot be read: ${(error as Error).message}`);
  }
  try {
    const root = parseXmlTree(text);
    if (localName(root) !== 'REQ-IF') {
      throw new ImportInputError(
        path,
        `is not ReqIF: the root element is <${root.name}>, not <REQ-IF>`,
        root.line,
      );
    }
    return reqifContent(root);
  } catch (error) {
    if (error instanceof XmlTreeError)
      throw new ImportInputError(path, error.message, error.line, error.column);
    throw error;
  }
}

class ReqifImport {
  private readonly report: ImportReport;
  private readonly byId = new Map<string, ImportedEntity>();
  /** spec object IDENTIFIER → its entity (or the heading title it stands for) */
  private readonly objectEntity = new Map<string, ImportedEntity>();
  private readonly headingTitle = new Map<string, string>();
  private readonly objects: Map<string, ReqifObject>;
  /** spec object type IDENTIFIER → its attribute definitions that have a default value */
  private readonly defaults = new Map<string, ReqifAttribute[]>();

  constructor(
    private readonly path: string,
    private readonly content: ReqifContent,
    private readonly mapping: ReqifMapping,
  ) {
    this.report = new ImportReport('reqif', path);
    this.objects = new Map(content.objects.map((o) => [o.id, o]));
    for (const [id, type] of content.objectTypes)
      this.defaults.set(
        id,
        type.attributes.filter((a) => a.defaultValue !== undefined),
      );
  }

  run(): ImportedModel {
    const { content, report } = this;
    report.count('spec objects', content.objects.length);
    report.count('spec relations', content.relations.length);
    report.count('specifications', content.specifications.length);
    if (content.toolExtensions > 0)
      report.note(`${content.toolExtensions} tool extensions (tool-specific data) not read`);
    for (const object of content.objects) this.readObject(object);
    this.settleIds();
    const files = this.placeInFiles();
    this.readRelations();
    const project = content.title !== '' ? { name: content.title } : {};
    return { files, project, report };
  }

  private at(line: number): string {
    return `${basename(this.path)}:${line}`;
  }

  private typeName(id: string): string {
    return this.content.objectTypes.get(id)?.name || id || '(no type)';
  }

  private readObject(object: ReqifObject): void {
    const { report, mapping } = this;
    const typeName = this.typeName(object.type);
    let choice: TypeChoice = mapping.typeChoice(typeName, object.type);
    const values = this.valuesOf(object);
    const named = (n: string) => [...values].find(([a]) => a.name === n)?.[1];
    if (choice !== 'heading' && choice !== 'skip' && mapping.chapterNameHeadings()) {
      const chapter = named('ReqIF.ChapterName');
      const text = named('ReqIF.Text');
      if (chapter !== undefined && chapter.text !== '' && (text === undefined || text.text === ''))
        choice = 'heading';
    }
    report.map(`type "${typeName}" → ${choice === 'heading' ? 'heading (tags)' : choice}`);
    if (choice === 'skip') {
      report.lose(`objects of type "${typeName}" (left out by the mapping)`, object.id, summary(values));
      return;
    }
    if (choice === 'heading') {
      const title = [...values].find(([a]) => this.fieldOf(a)?.field === 'title')?.[1];
      this.headingTitle.set(object.id, singleLine(title ? this.plain(title, object.id) : object.id));
      return;
    }
    this.objectEntity.set(object.id, this.entityOf(object, choice, values));
  }

  /** The object's values, each with its attribute definition (defaults filled in, as ReqIF says). */
  private valuesOf(object: ReqifObject): Map<{ id: string; name: string }, ReqifValue> {
    const out = new Map<{ id: string; name: string }, ReqifValue>();
    for (const [ref, value] of object.values) {
      out.set(this.content.attributes.get(ref) ?? { id: ref, name: ref }, value);
    }
    // Only the type's attributes with a default, not every attribute of the type for every object.
    for (const attribute of this.defaults.get(object.type) ?? []) {
      if (!object.values.has(attribute.id)) out.set(attribute, attribute.defaultValue!);
    }
    return out;
  }

  private fieldOf(attribute: { id: string; name: string }) {
    return this.mapping.attributeField(attribute.name, attribute.id);
  }

  private entityOf(
    object: ReqifObject,
    kind: EntityKind,
    values: Map<{ id: string; name: string }, ReqifValue>,
  ): ImportedEntity {
    const { report } = this;
    const fields: Record<string, unknown> = {};
    const ranks = new Map<string, number>();
    let id = '';
    let idRank = Infinity;
    const lost: [string, string][] = [];
    const allowed = new Set(attributeFields(kind));
    for (const [attribute, value] of values) {
      const place = this.fieldOf(attribute);
      const text = this.plain(value, object.id);
      if (place === undefined || place.field === 'skip') {
        if (text !== '') lost.push([`attribute "${attribute.name}"`, text]);
        continue;
      }
      if (text === '') continue;
      if (place.field === 'id') {
        if (place.rank < idRank) [id, idRank] = [singleLine(text), place.rank];
        continue;
      }
      if (!allowed.has(place.field)) {
        lost.push([`attribute "${attribute.name}" (a ${kind} has no ${place.field})`, text]);
        continue;
      }
      const previous = ranks.get(place.field);
      if (previous !== undefined && previous <= place.rank) {
        lost.push([`attribute "${attribute.name}" (${place.field} came from another attribute)`, text]);
        continue;
      }
      const converted = this.fieldValue(place.field, value, text, object.id);
      if (converted === undefined) continue;
      fields[place.field] = converted;
      ranks.set(place.field, place.rank);
      report.map(`"${attribute.name}" → ${place.field}`);
    }
    if (id === '') id = object.id;
    for (const [group, text] of lost) report.lose(group, id, text);
    if (fields.title === undefined) {
      const description = typeof fields.description === 'string' ? fields.description : '';
      fields.title = titleFromText(description) || id;
      report.lose('titles made up (no title attribute)', id, String(fields.title));
    }
    const entity: ImportedEntity = { kind, id, fields, source: this.at(object.line) };
    return entity;
  }

  /** Ids from an id attribute when they are unique in the file; else every object's IDENTIFIER. */
  private settleIds(): void {
    const entities = [...this.objectEntity];
    const ids = entities.map(([, e]) => e.id);
    const unique = new Set(ids).size === ids.length;
    if (!unique) {
      this.report.note(
        "the id attribute repeats values across objects, so every id is the object's IDENTIFIER",
      );
    }
    for (const [objectId, entity] of entities) {
      if (!unique && entity.id !== objectId) {
        this.report.lose('id attribute values (repeated, so not used)', objectId, entity.id);
        entity.id = objectId;
      }
      this.report.map(entity.id === objectId ? 'IDENTIFIER → id' : 'id attribute → id');
    }
  }

  /** A value as text: XHTML laid out as text, enums by their names. */
  private plain(value: ReqifValue, objectId: string): string {
    if (value.xhtml === undefined) return value.text;
    const { text, objects } = xhtmlToText(value.xhtml);
    for (const o of objects)
      this.report.lose('embedded objects in XHTML (kept as a [type: file] mention)', objectId, o);
    return text;
  }

  private fieldValue(field: string, value: ReqifValue, text: string, objectId: string): unknown {
    if (field === 'status') {
      const status = rrStatus(text, this.mapping.statusWords());
      if (status === undefined) this.report.lose('status values with no rr status', objectId, text);
      return status;
    }
    if (field === 'title') return singleLine(text);
    if (!LIST_FIELDS.has(field)) return text;
    if (value.enumNames !== undefined && value.enumNames.length > 1) return value.enumNames;
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // not JSON: one item
      }
    }
    return field === 'notes' || field === 'verified_by' || field === 'validated_by' ? [text] : text;
  }

  /** One file per specification, entities in hierarchy order, heading titles as tags. */
  private placeInFiles(): ImportedFile[] {
    const files: ImportedFile[] = [];
    const placed = new Set<string>();
    const names = new Set<string>();
    for (const spec of this.content.specifications) {
      const file: ImportedFile = {
        path: uniqueName(slug(spec.name || spec.id), names) + '.yaml',
        origin: `Imported by rr from ReqIF specification "${spec.name || spec.id}" of ${basename(this.path)}`,
        entities: [],
      };
      files.push(file);
      for (const [ref, value] of spec.values) {
        const name = this.content.attributes.get(ref)?.name ?? ref;
        this.report.lose(
          'specification attributes',
          spec.name || spec.id,
          `${name}: ${this.plain(value, spec.id)}`,
        );
      }
      this.walk(spec.children, [], file, placed);
    }
    const rest: ImportedFile = {
      path: uniqueName('outside-specifications', names) + '.yaml',
      origin: `Imported by rr from the spec objects of ${basename(this.path)} that no specification holds`,
      entities: [],
    };
    for (const object of this.content.objects) this.place(object.id, [], rest, placed);
    if (rest.entities.length > 0) files.push(rest);
    return files;
  }

  private walk(nodes: ReqifHierarchy[], headings: string[], file: ImportedFile, placed: Set<string>): void {
    for (const node of nodes) {
      if (!this.objects.has(node.object)) {
        this.report.lose('hierarchy entries naming objects not in the file', this.at(node.line), node.object);
        this.walk(node.children, headings, file, placed);
        continue;
      }
      const heading = this.headingTitle.get(node.object);
      if (heading !== undefined) this.report.count('headings');
      this.place(node.object, headings, file, placed);
      this.walk(node.children, heading === undefined ? headings : [...headings, heading], file, placed);
    }
  }

  private place(objectId: string, headings: string[], file: ImportedFile, placed: Set<string>): void {
    const entity = this.objectEntity.get(objectId);
    if (entity === undefined || placed.has(objectId)) return;
    placed.add(objectId);
    if (headings.length > 0) {
      const tags = (entity.fields.tags as string[] | string | undefined) ?? [];
      entity.fields.tags = [headings.join(' / '), ...(Array.isArray(tags) ? tags : [tags])];
      this.report.map('heading titles → tags');
    }
    if (addEntity(this.byId, entity, this.report)) file.entities.push(entity);
  }

  private readRelations(): void {
    const links: ParentLink[] = [];
    for (const relation of this.content.relations) {
      const typeName = this.content.relationTypes.get(relation.type)?.name || relation.type || '(no type)';
      const choice = this.mapping.relationChoice(typeName, relation.type);
      const source = this.objectEntity.get(relation.source);
      const target = this.objectEntity.get(relation.target);
      const at = this.at(relation.line);
      const what = `${relation.source} → ${relation.target}`;
      if (choice === 'skip') {
        this.report.lose(`relations of type "${typeName}" (left out by the mapping)`, at, what);
      } else if (relation.source === relation.target) {
        this.report.lose('relations from an object to itself', at, `${typeName}: ${what}`);
      } else if (source === undefined || target === undefined) {
        this.report.lose(
          'relations to objects not imported (headings, skipped or missing)',
          at,
          `${typeName}: ${what}`,
        );
      } else if (choice === 'parent' || choice === 'child') {
        const [child, parent] = choice === 'parent' ? [source, target] : [target, source];
        links.push({ child: child.id, parent: parent.id, at, how: `relation "${typeName}"` });
      } else if (fieldHolds(source.kind, choice, target.kind)) {
        if (addReference(source, choice, target.id)) this.report.map(`relation "${typeName}" → ${choice}`);
      } else {
        this.report.lose(
          `relations rr has no field for`,
          at,
          `${typeName}: ${source.kind} ${source.id} → ${target.kind} ${target.id}`,
        );
      }
    }
    applyParentLinks(this.byId, links, this.report);
  }
}

/** Whether a `kind` entity's `field` may name a `target` entity (rr's reference fields). */
function fieldHolds(kind: EntityKind, field: string, target: EntityKind): boolean {
  const fields: Record<string, [EntityKind, EntityKind]> = {
    satisfies: ['requirement', 'user_need'],
    refines: ['requirement', 'requirement'],
    mitigates: ['mitigation', 'risk'],
    mitigated_by: ['risk', 'mitigation'],
    implemented_by: ['mitigation', 'requirement'],
  };
  const pair = fields[field];
  return pair !== undefined && pair[0] === kind && pair[1] === target;
}

function singleLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function summary(values: Map<{ id: string; name: string }, ReqifValue>): string {
  return [...values].map(([a, v]) => `${a.name}: ${v.text}`).join('; ');
}

/** A file name from a specification name: `User Requirements` → `user-requirements`. */
function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'specification'
  );
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate) || candidate === 'rr'; n++) candidate = `${name}-${n}`;
  taken.add(candidate);
  return candidate;
}
