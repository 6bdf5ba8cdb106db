// The ReqIF import mapping: which spec object types become which kinds, which attributes fill which
// fields, which relation types are which links. A mapping file (schemas/reqif-mapping.schema.json)
// adds to and overrides the defaults below; docs/import-export.md has the tables.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parseDocument } from 'yaml';
import { bundledSchema } from '../../model/bundled-schema.js';
import { RESPONSIBLE_FIELD, type EntityKind } from '../../model/entity.js';
import { REFERENCE_FIELDS as REFERENCE_FIELD_LIST } from '../../model/references.js';
import { ALL_ATTRIBUTE_FIELDS } from '../imported-model/rr-fields.js';

export type TypeChoice = EntityKind | 'heading' | 'skip';
/** `parent`, `child`, `skip`, or the rr reference field a relation type fills (REFERENCE_FIELDS). */
export type RelationChoice = string;

/** A mapping file as written. */
export interface ReqifMappingFile {
  types?: Record<string, TypeChoice>;
  attributes?: Record<string, string>;
  relations?: Record<string, RelationChoice>;
  status?: Record<string, string>;
  headings?: 'chapter-name-only' | 'types-only';
}

/** A mapping file that cannot be used; the message names the file and the entry. */
export class MappingFileError extends Error {}

/** The kind of a spec object type by its name, when the mapping file does not say. */
export function defaultTypeChoice(name: string): TypeChoice {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const exact: Record<string, TypeChoice> = {
    'user need': 'user_need',
    requirement: 'requirement',
    risk: 'risk',
    mitigation: 'mitigation',
    'test method': 'test_method',
  };
  if (exact[n] !== undefined) return exact[n];
  if (/\b(heading|chapter|section)\b/.test(n)) return 'heading';
  if (/\b(user need|stakeholder|user story|needs?)\b/.test(n)) return 'user_need';
  if (/mitigation|risk control/.test(n)) return 'mitigation';
  if (/\b(risk|hazard)/.test(n)) return 'risk';
  if (/\btest/.test(n)) return 'test_method';
  return 'requirement';
}

/** Attribute names (lower case) and the field each fills, in order of preference per field. */
const DEFAULT_ATTRIBUTES: [string, string][] = [
  ['reqif.foreignid', 'id'],
  ['id', 'id'],
  ['uid', 'id'],
  ['identifier', 'id'],
  ['object identifier', 'id'],
  ['reqif.name', 'title'],
  ['reqif.chaptername', 'title'],
  ['title', 'title'],
  ['name', 'title'],
  ['heading', 'title'],
  ['object heading', 'title'],
  ['reqif.text', 'description'],
  ['description', 'description'],
  ['text', 'description'],
  ['statement', 'description'],
  ['object text', 'description'],
  ['status', 'status'],
  ['state', 'status'],
  ['rationale', 'rationale'],
  ['justification', 'rationale'],
  ['owner', RESPONSIBLE_FIELD],
  ['assignee', RESPONSIBLE_FIELD],
  ['responsible', RESPONSIBLE_FIELD],
  ['tags', 'tags'],
  ['keywords', 'tags'],
  ['labels', 'tags'],
  ['notes', 'notes'],
  ['note', 'notes'],
  ['comment', 'notes'],
  ['comments', 'notes'],
  ['category', 'category'],
  ['requirement type', 'category'],
];

/** The mapping in force: the file's entries over the defaults. */
export class ReqifMapping {
  constructor(readonly file: ReqifMappingFile = {}) {}

  /** What objects of a type become; the type is named by LONG-NAME or IDENTIFIER. */
  typeChoice(name: string, id: string): TypeChoice {
    return this.file.types?.[name] ?? this.file.types?.[id] ?? defaultTypeChoice(name);
  }

  /** The field an attribute fills, 'skip', or undefined when nothing maps it; with its preference rank. */
  attributeField(name: string, id: string): { field: string; rank: number } | undefined {
    const chosen = this.file.attributes?.[name] ?? this.file.attributes?.[id];
    if (chosen !== undefined) return { field: chosen, rank: -1 };
    const n = name.trim().toLowerCase();
    const index = DEFAULT_ATTRIBUTES.findIndex(([from]) => from === n);
    if (index >= 0) return { field: DEFAULT_ATTRIBUTES[index]![1], rank: index };
    // rr's own field names, as rr's export writes them.
    return ALL_ATTRIBUTE_FIELDS.has(name) ? { field: name, rank: DEFAULT_ATTRIBUTES.length } : undefined;
  }

  /** What a relation type is; unknown types are parent links from source (child) to target. */
  relationChoice(name: string, id: string): RelationChoice {
    const chosen = this.file.relations?.[name] ?? this.file.relations?.[id];
    if (chosen !== undefined) return chosen;
    if (REFERENCE_FIELDS.has(name)) return name;
    const n = name.toLowerCase();
    if (/\bchild|parent of|refined by|satisfied by|derived by/.test(n)) return 'child';
    return 'parent';
  }

  /** Status words the file adds. */
  statusWords(): Record<string, string> {
    return this.file.status ?? {};
  }

  /** Whether an object with a chapter name and no text is a heading whatever its type. */
  chapterNameHeadings(): boolean {
    return (this.file.headings ?? 'chapter-name-only') === 'chapter-name-only';
  }
}

const REFERENCE_FIELDS = new Set(REFERENCE_FIELD_LIST.map((r) => r.field));

let validator: ValidateFunction<ReqifMappingFile> | undefined;

/** Reads and checks a mapping file (YAML or JSON) against schemas/reqif-mapping.schema.json. */
export function readMappingFile(path: string): ReqifMapping {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MappingFileError(`${path}: cannot be read: ${(error as Error).message}`);
  }
  const doc = parseDocument(text);
  const problem = doc.errors[0];
  if (problem !== undefined) {
    const at = problem.linePos?.[0];
    throw new MappingFileError(
      `${path}${at ? `:${at.line}:${at.col}` : ''}: not valid YAML or JSON: ${problem.message.split('\n')[0]}`,
    );
  }
  const value = (doc.toJSON() as unknown) ?? {};
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile<ReqifMappingFile>(
    bundledSchema('reqif-mapping.schema.json'),
  );
  if (!validator(value)) {
    const e = validator.errors?.[0];
    const allowed = (e?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
    const where = e?.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the file';
    const what = allowed ? `must be one of ${allowed.join(', ')}` : (e?.message ?? 'is not a mapping');
    throw new MappingFileError(
      `${path}: ${where} ${what}; see docs/import-export.md for the mapping file format`,
    );
  }
  return new ReqifMapping(value);
}
