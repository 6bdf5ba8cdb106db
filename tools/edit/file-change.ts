// The files a plan changes: an existing model file with its edits applied (BOM kept), a new YAML or
// JSON file styled like its neighbours, or the verification lock.
import { dirname } from 'node:path';
import { EditError, placeOf } from './edit-error.js';
import { isJsonFile, parseEditable, type EditableFile } from './editable-file.js';
import { parseJsonEditable, type JsonFile } from './json-file.js';
import { assertEditableJson } from './json-layout.js';
import { newJsonText } from './json-render.js';
import { dominantEnding, withEnding } from './line-endings.js';
import type { ModelSnapshot } from './model-snapshot.js';
import { detectStyle } from './render-style.js';
import { renderDocument } from './render-yaml.js';
import { applyEdits, type TextEdit } from './text-edit.js';

/** One file an edit changes. */
export interface FileChange {
  path: string;
  /** the bytes read; undefined for a new file */
  before?: Buffer;
  /** the bytes to write; undefined when the file is removed */
  after?: Buffer;
  /** replacements in the decoded text of `before` (model files changed in place) */
  edits: TextEdit[];
  role: 'model' | 'verification-lock' | 'review-stamps';
}

/** A YAML model file of the snapshot parsed for editing; a file that does not load is refused. */
export function openEditable(snapshot: ModelSnapshot, path: string): EditableFile {
  return parseEditable(path, loadedText(snapshot, path));
}

/** A JSON model file of the snapshot parsed for editing; one that does not load, or cannot be edited safely, is refused. */
export function openJsonEditable(snapshot: ModelSnapshot, path: string): JsonFile {
  const file = parseJsonEditable(path, loadedText(snapshot, path));
  assertEditableJson(file);
  return file;
}

/** The text of a model file that loaded; a file that does not is refused. */
export function loadedText(snapshot: ModelSnapshot, path: string): string {
  const read = snapshot.files.get(path);
  const composed = snapshot.composed[snapshot.listing.files.indexOf(path)];
  const broken = composed?.diagnostics.find((d) => d.rule === 'syntax-error' || d.rule === 'read-error');
  if (!read?.text || broken) {
    throw new EditError(
      'unsupported-layout',
      `${placeOf(path, broken?.line)}the file cannot be edited while it does not load${broken ? ` (${broken.message})` : ''}; fix it first`,
      { file: path, line: broken?.line },
    );
  }
  return read.text;
}

/** A model file with edits applied; a byte order mark it had is kept. */
export function editedFile(
  snapshot: ModelSnapshot,
  file: { path: string; text: string },
  edits: TextEdit[],
): FileChange {
  const read = snapshot.files.get(file.path)!;
  const text = applyEdits(file.path, file.text, edits);
  const after = Buffer.from((read.bom ? '\uFEFF' : '') + text, 'utf8');
  return { path: file.path, before: read.bytes!, after, edits, role: 'model' };
}

/**
 * A new model file, YAML or JSON as its name says, styled and ended like a model file of the same
 * format in the same folder (or any) when there is one.
 */
export function newModelFile(
  snapshot: ModelSnapshot,
  path: string,
  value: Record<string, unknown>,
): FileChange {
  const json = isJsonFile(path);
  const same = [...snapshot.files.values()].filter(
    (f) => f.text !== undefined && isJsonFile(f.path) === json,
  );
  const sibling = same.find((f) => dirname(f.path) === dirname(path)) ?? same[0];
  if (json) {
    const text = newJsonText(value, sibling ? parseJsonEditable(sibling.path, sibling.text!) : undefined);
    return { path, after: Buffer.from(text, 'utf8'), edits: [], role: 'model' };
  }
  const style = sibling ? parseEditable(sibling.path, sibling.text!).style : detectStyle('', []);
  const ending = sibling ? dominantEnding(sibling.text!) : '\n';
  const text = withEnding(`${renderDocument(value, style)}\n`, ending);
  return { path, after: Buffer.from(text, 'utf8'), edits: [], role: 'model' };
}
