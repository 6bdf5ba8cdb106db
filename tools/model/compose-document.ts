import { diagnostic, type Diagnostic } from './diagnostic.js';
import {
  ENTITY_KINDS,
  KIND_OF_SECTION,
  entityName,
  type Entity,
  type EntityKind,
  type LineColumn,
} from './entity.js';
import type { ParsedDocument } from './parse-documents.js';
import { checkDocumentSchema } from './schema-check.js';

/** A block of free-form or config data with the file and positions it came from. */
export interface SourcedObject {
  file: string;
  value: Record<string, unknown>;
  positions: Record<string, LineColumn>;
}

/** What one document contributes to the model. */
export interface ComposedDocument {
  file: string;
  form: 'sections' | 'single';
  entities: Entity[];
  config?: SourcedObject;
  project?: SourcedObject;
  meta?: SourcedObject;
  schemaVersion?: { value: unknown; line: number; column: number };
  diagnostics: Diagnostic[];
}

/**
 * Turns one parsed document into entities and config: checks it against the JSON Schema, tells the two
 * forms apart by `kind`, and records positions of every field for later diagnostics.
 */
export function composeDocument(file: string, parsed: ParsedDocument): ComposedDocument {
  const { tree, value } = parsed;
  const rootAt = tree.rootAt();
  if (!isObject(value)) {
    const got = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    return {
      file,
      form: 'sections',
      entities: [],
      diagnostics: [
        diagnostic(
          'invalid-field',
          'error',
          `a model document must be a mapping (a sections document or one entity with "kind"), got ${got}`,
          { file, line: rootAt[0], column: rootAt[1] },
        ),
      ],
    };
  }
  const form = 'kind' in value ? 'single' : 'sections';
  const entities: Entity[] = [];
  const entityAt = new Map<string, Entity>(); // "section/index" → entity, to name entities in diagnostics
  const diagnostics: Diagnostic[] = [];

  if (form === 'single') {
    const kind = value.kind as EntityKind;
    if (ENTITY_KINDS.includes(kind) && typeof value.id === 'string') {
      const entity = makeEntity(file, parsed, [], kind, 'single');
      entities.push(entity);
      entityAt.set('', entity);
    }
  } else {
    for (const [section, kind] of Object.entries(KIND_OF_SECTION)) {
      const items = value[section];
      if (!Array.isArray(items)) continue;
      items.forEach((item, index) => {
        if (!isObject(item) || typeof item.id !== 'string') return;
        const entity = makeEntity(file, parsed, [section, String(index)], kind, 'sections');
        entities.push(entity);
        entityAt.set(`${section}/${index}`, entity);
      });
    }
  }

  for (const issue of checkDocumentSchema(value)) {
    const [line, column] =
      (issue.key ? tree.keyAt(issue.path, issue.key) : tree.nodeAt(issue.path)) ?? rootAt;
    const owner = form === 'single' ? entityAt.get('') : entityAt.get(issue.path.slice(0, 2).join('/'));
    const prefix = owner ? `${entityName(owner)}: ` : '';
    diagnostics.push(
      diagnostic(issue.rule, 'error', prefix + issue.message, { file, line, column }, owner?.id),
    );
  }

  if (form === 'single' && Object.keys(KIND_OF_SECTION).some((section) => section in value)) {
    // Section keys next to `kind` mean the author wrote a sections document with a stray `kind`.
    const [line, column] = tree.keyAt([], 'kind') ?? rootAt;
    diagnostics.push(
      diagnostic(
        'invalid-field',
        'error',
        'this document has both "kind" and entity sections; remove "kind" to make it a sections document, or move the sections to another file',
        { file, line, column },
      ),
    );
  }
  const composed: ComposedDocument = { file, form, entities, diagnostics };
  if (form === 'sections') {
    for (const key of ['config', 'project', 'meta'] as const) {
      const block = value[key];
      if (!isObject(block)) continue;
      const positions: Record<string, LineColumn> = {};
      tree.collectPositions([key], positions);
      const keyAt = tree.keyAt([], key);
      if (keyAt) positions[''] = keyAt;
      composed[key] = { file, value: block, positions };
    }
    if ('schema_version' in value) {
      const [line, column] = tree.keyAt([], 'schema_version') ?? rootAt;
      composed.schemaVersion = { value: value.schema_version, line, column };
    }
  }
  return composed;
}

const OWN_FIELD = { enumerable: true, writable: true, configurable: true } as const;

function makeEntity(
  file: string,
  parsed: ParsedDocument,
  path: string[],
  kind: EntityKind,
  form: 'sections' | 'single',
): Entity {
  const raw = (path.length === 0 ? parsed.value : nodeValue(parsed.value, path)) as Record<string, unknown>;
  // A sections document's entities have no `kind` to leave out: their parsed object is used as it is
  // (nothing else keeps it); a single-entity document's is copied without it.
  let data = raw;
  if ('kind' in raw) {
    // Copied key by key: deleting `kind` from a copy would leave the object in V8's slow dictionary
    // mode, and every rule reads entity data.
    data = {};
    for (const key of Object.keys(raw)) {
      if (key === 'kind') continue;
      // A `__proto__` key is data like any other, never the copy's prototype.
      if (key === '__proto__') Object.defineProperty(data, key, { ...OWN_FIELD, value: raw[key] });
      else data[key] = raw[key];
    }
  }
  const tree = parsed.tree;
  // Positions are placed when first asked for: a clean model asks for few, and a record per entity
  // of every field's place was a tenth of a large file's load (docs/decisions/0369-positions-when-asked.md).
  // The getter is the entity's own, so a copy, JSON and a worker's message carry the positions.
  return {
    kind,
    id: raw.id as string,
    data,
    file,
    form,
    get positions(): Record<string, LineColumn> {
      const positions: Record<string, LineColumn> = {};
      tree.collectPositions(path, positions);
      Object.defineProperty(this, 'positions', { value: positions, enumerable: true, writable: true });
      return positions;
    },
  };
}

function nodeValue(value: unknown, path: string[]): unknown {
  let v = value;
  for (const p of path) v = (v as Record<string, unknown>)[p];
  return v;
}

/** Whether a value is a plain mapping (not a list, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
