// The text of a new entity in a JSON sections file: an item appended to its section's list, laid out
// like its siblings; the section itself when the file has none yet.
import { findNodeAtLocation } from 'jsonc-parser';
import { SECTION_OF_KIND, type EntityKind } from '../model/entity.js';
import { EditError, placeOf } from './edit-error.js';
import { childIndent, childSeparator, closeOffset, isInline } from './json-container.js';
import { nodeEnd, type JsonFile } from './json-file.js';
import { renderJson } from './json-render.js';
import { indentUnit } from './json-style.js';
import { lineIndent, lineNumberAt } from './line-endings.js';
import { replaceRange, type TextEdit } from './text-edit.js';

/**
 * Edits that add an entity to a JSON sections file: after the entity `after` names when its section
 * holds it (the new entity's last sibling), else at the end of the section.
 */
export function insertJsonEntityEdits(
  file: JsonFile,
  kind: EntityKind,
  data: Record<string, unknown>,
  after?: string,
): TextEdit[] {
  const { root, text, style } = file;
  const id = String(data.id);
  const section = SECTION_OF_KIND[kind];
  const refuse = (offset: number, why: string) => {
    const line = lineNumberAt(text, offset);
    return new EditError('unsupported-layout', `${placeOf(file.path, line)}${why}`, {
      file: file.path,
      line,
    });
  };
  if (root.type !== 'object' || findNodeAtLocation(root, ['kind']))
    throw refuse(
      root.offset,
      `the file holds one entity, not sections, and a JSON file holds one document; add ${id} to a sections file`,
    );
  const step = indentUnit(style);
  const list = findNodeAtLocation(root, [section]);
  if (list?.type === 'array' && list.children?.length) {
    const place = { indent: childIndent(text, list, step), inline: isInline(text, list) };
    const item = childSeparator(text, list, style.comma) + renderJson(data, style, place);
    const anchor =
      after === undefined
        ? undefined
        : list.children.find((child) => findNodeAtLocation(child, ['id'])?.value === after);
    const offset = nodeEnd(anchor ?? list.children[list.children.length - 1]!);
    return [replaceRange(text, offset, offset, item, { entity: id, action: 'add-entity' })];
  }
  if (list) {
    if (list.type !== 'array' && list.type !== 'null')
      throw refuse(list.offset, `the section "${section}" is not a list; make it one to add entities here`);
    const place = { indent: lineIndent(text, list.offset), inline: isInline(text, root) };
    const value = renderJson([data], style, place);
    return [replaceRange(text, list.offset, nodeEnd(list), value, { entity: id, action: 'add-entity' })];
  }
  // A new section after the document's last key.
  const place = { indent: childIndent(text, root, step), inline: isInline(text, root) };
  const property = `${JSON.stringify(section)}${style.colon}${renderJson([data], style, place)}`;
  const last = root.children?.[root.children.length - 1];
  const reason = { entity: id, action: 'add-section' as const };
  if (last) {
    const offset = nodeEnd(last);
    return [replaceRange(text, offset, offset, childSeparator(text, root, style.comma) + property, reason)];
  }
  const body = `\n${place.indent}${property}\n${lineIndent(text, root.offset)}`;
  return [replaceRange(text, root.offset + 1, closeOffset(root), body, reason)];
}
