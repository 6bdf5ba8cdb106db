// Writes an import as an rr model folder: rr.yaml (schema_version, project, config), one sections
// document per imported file, and the import report. The folder is created all or nothing
// (files/atomic-write.ts), so a failed import leaves nothing behind.
import { readdir, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Document } from 'yaml';
import { createFolderAtomic } from '../../files/atomic-write.js';
import { ENTITY_KINDS, SECTION_OF_KIND } from '../../model/entity.js';
import type { ImportedEntity, ImportedFile } from './imported-model.js';
import { STRING_OR_LIST, writtenFieldOrder } from './rr-fields.js';

/** The file of the config block; like the bundled example, config lives in its own file. */
export const CONFIG_FILE = 'rr.yaml';
/** The report written beside the model; not a model file (not YAML or JSON). */
export const REPORT_FILE = 'import-report.md';

/** The entity as a model file holds it: id first, fields in rr's order, one-item lists as strings. */
export function entityObject(entity: ImportedEntity): Record<string, unknown> {
  const out: Record<string, unknown> = { id: entity.id };
  const names = Object.keys(entity.fields);
  const order = writtenFieldOrder(entity.kind);
  const ordered = [...order.filter((f) => names.includes(f)), ...names.filter((f) => !order.includes(f))];
  for (const name of ordered) {
    const value = entity.fields[name];
    if (value === undefined) continue;
    out[name] = STRING_OR_LIST.has(name) && Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return out;
}

/** One sections document's text. */
export function sectionsDocumentText(file: ImportedFile): string {
  const body: Record<string, unknown> = { schema_version: 1 };
  for (const kind of ENTITY_KINDS) {
    const entities = file.entities.filter((e) => e.kind === kind);
    if (entities.length > 0) body[SECTION_OF_KIND[kind]] = entities.map(entityObject);
  }
  return yamlText(body, ` ${file.origin}; see ${REPORT_FILE}`);
}

/** rr.yaml's text: schema_version, project and config. */
export function configFileText(
  project: Record<string, unknown>,
  config: Record<string, unknown>,
  origin: string,
): string {
  const body: Record<string, unknown> = { schema_version: 1 };
  if (Object.keys(project).length > 0) body.project = project;
  if (Object.keys(config).length > 0) body.config = config;
  return yamlText(body, ` ${origin}: the config this data needs; see ${REPORT_FILE}`);
}

function yamlText(value: unknown, comment: string): string {
  const doc = new Document(value);
  doc.commentBefore = comment;
  // No folding: long lines stay as written, so text arrives unchanged.
  return doc.toString({ lineWidth: 0 });
}

/** Thrown when --out cannot be used; the message says what to do. */
export class OutputFolderError extends Error {}

/** Writes `files` (relative path → text) into `out`, which must not exist or be empty; all or nothing. */
export async function writeModelFolder(out: string, files: Map<string, string>): Promise<void> {
  const target = resolve(out);
  const existing = await stat(target).catch(() => undefined);
  if (existing !== undefined) {
    if (!existing.isDirectory())
      throw new OutputFolderError(`${out} is a file; give a new or empty folder as --out`);
    if ((await readdir(target)).length > 0) {
      throw new OutputFolderError(`${out} is not empty; give a new or empty folder as --out`);
    }
  }
  await createFolderAtomic(target, files);
}
