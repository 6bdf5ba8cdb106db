// The text of a new entity: an item appended to its section (in the file's style, separated from its
// siblings the way they are separated), a new section, or a new one-object document.
import { isMap, isScalar, isSeq, type Pair } from 'yaml';
import { isObject } from '../model/compose-document.js';
import { SECTION_OF_KIND, type EntityKind } from '../model/entity.js';
import { EditError, placeOf } from './edit-error.js';
import { assertBlockDocument } from './editable-layout.js';
import { lineOf, type EditableFile } from './editable-file.js';
import { hasCommentInside } from './cst-comments.js';
import { isBlankLine, lineEndAfter, lineStart } from './line-endings.js';
import { colonEnd, column, dashAt, itemLines, keyStart, pairEnd } from './node-extent.js';
import { indentAll, renderDocument, renderItem } from './render-yaml.js';
import { insertLines, replaceRange, type TextEdit } from './text-edit.js';

/**
 * Edits that add an entity to a YAML file that already exists: after the entity `after` names when its
 * section holds it (the new entity's last sibling), else at the end of the section.
 */
export function insertEntityEdits(
  file: EditableFile,
  kind: EntityKind,
  data: Record<string, unknown>,
  after?: string,
): TextEdit[] {
  const id = String(data.id);
  const section = SECTION_OF_KIND[kind];
  const docIndex = sectionsDocument(file, section);
  if (docIndex === undefined) {
    // A file with no sections document (one entity per document): the entity becomes another document.
    const text = `---\n${renderDocument({ kind, ...data }, file.style)}`;
    return [insertLines(file.text, file.text.length, text, { entity: id, action: 'add-entity' })];
  }
  assertBlockDocument(file, docIndex);
  const root = file.docs[docIndex]!.contents;
  if (!isMap(root)) throw new Error('a sections document is a mapping');
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === section);
  const item = renderItem(data, file.style);
  if (!pair) return [appendSection(file, root.items, section, item, id)];
  const seq = pair.value;
  if (isSeq(seq) && !seq.flow && seq.items.length > 0) {
    const last = seq.items.length - 1;
    const anchor =
      after === undefined
        ? -1
        : seq.items.findIndex((item) => isMap(item) && idOf(item.get('id', true)) === after);
    const at = anchor < 0 ? last : anchor;
    const dash = dashAt(seq, 0)!;
    const indent = file.text.slice(lineStart(file.text, dash), dash);
    // Siblings separated by a blank line get one before the new entity too.
    const lastDash = dashAt(seq, last)!;
    const spaced = last > 0 && isBlankLine(file.text, lineStart(file.text, lastDash) - 1);
    const offset = itemLines(file.text, seq, at)[1];
    const lines = (spaced ? '\n' : '') + indentAll(item, indent);
    return [insertLines(file.text, offset, lines, { entity: id, action: 'add-entity' })];
  }
  const empty =
    seq === null ||
    (isScalar(seq) && seq.value === null) ||
    (isSeq(seq) && seq.items.length === 0 && !hasCommentInside(seq));
  if (!empty) {
    const line = lineOf(file, keyStart(pair));
    throw new EditError(
      'unsupported-layout',
      `${placeOf(file.path, line)}the section "${section}" is written in flow style ([...]); write it as a block list (one "- id: ..." item per entity) to add entities here`,
      { file: file.path, line },
    );
  }
  return [sectionValue(file, pair, item, id)];
}

/** The value of an item's `id` scalar, if it has one. */
function idOf(node: unknown): unknown {
  return isScalar(node) ? node.value : undefined;
}

/** The sections document of a file that holds most items of the section (else the first one). */
function sectionsDocument(file: EditableFile, section: string): number | undefined {
  let best: number | undefined;
  let most = -1;
  file.values.forEach((value, i) => {
    if (!isObject(value) || 'kind' in value || !isMap(file.docs[i]!.contents)) return;
    const items = value[section];
    const count = Array.isArray(items) ? items.length : 0;
    if (count > most) {
      best = i;
      most = count;
    }
  });
  return best;
}

/** A new `section:` key with the entity after the document's last key, a blank line before it. */
function appendSection(
  file: EditableFile,
  pairs: Pair[],
  section: string,
  item: string,
  id: string,
): TextEdit {
  const last = pairs[pairs.length - 1]!;
  const keyCol = column(file.text, keyStart(last));
  const offset = lineEndAfter(file.text, pairEnd(file.text, last));
  const seqIndent = ' '.repeat(keyCol + (file.style.indentSeq ? file.style.indent : 0));
  const lines = `\n${' '.repeat(keyCol)}${section}:\n${indentAll(item, seqIndent)}`;
  return insertLines(file.text, offset, lines, { entity: id, action: 'add-section' });
}

/** An empty section (`requirements:` or `requirements: []`) gets its first item as a block list. */
function sectionValue(file: EditableFile, pair: Pair, item: string, id: string): TextEdit {
  const keyCol = column(file.text, keyStart(pair));
  const seqIndent = ' '.repeat(keyCol + (file.style.indentSeq ? file.style.indent : 0));
  return replaceRange(
    file.text,
    colonEnd(pair),
    pairEnd(file.text, pair),
    `\n${indentAll(item, seqIndent)}`,
    {
      entity: id,
      action: 'add-entity',
    },
  );
}
