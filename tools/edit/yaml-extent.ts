// The YAML half of the text proof: the range an edit may rewrite is its field's lines, or its deleted
// entity's lines (list item or document), from the yaml package's source tokens.
import { isMap, isScalar } from 'yaml';
import { entityName, type Entity } from '../model/entity.js';
import type { EditableFile } from './editable-file.js';
import { findEntityNode } from './entity-node.js';
import { isBlankLine, lineEndAfter, lineStart } from './line-endings.js';
import { fieldLines, itemLines, keyStart, removableLines, startsLine } from './node-extent.js';

/** Where an entity of a YAML file may be rewritten: one field, or the whole entity; a string says why not. */
export function yamlOwnExtent(
  file: EditableFile,
  entity: Entity,
  field: string | undefined,
): [number, number] | string {
  const at = findEntityNode(file, entity.kind, entity.id);
  if (!at) return `${entityName(entity)} is not where the model says`;
  let extent: [number, number];
  if (field === undefined) {
    // An entity parsed alone is never deleted through that parse: its siblings are not known.
    if (file.region) return `${entityName(entity)} was parsed alone, so its removal cannot be checked`;
    if (at.section) {
      extent = itemLines(file.text, at.section.seq, at.section.index);
      // with the blank lines that separated it from its siblings
      while (extent[0] > 0 && isBlankLine(file.text, extent[0] - 1))
        extent[0] = lineStart(file.text, extent[0] - 1);
      while (extent[1] < file.text.length && isBlankLine(file.text, extent[1]))
        extent[1] = lineEndAfter(file.text, extent[1]);
    } else {
      extent = [at.docIndex === 0 ? 0 : file.docs[at.docIndex - 1]!.range[2], at.doc.range[2]];
      if (at.docIndex === file.docs.length - 1) extent[1] = file.text.length;
    }
  } else {
    if (!isMap(at.node)) return `a change of ${entityName(entity)} names no field`;
    const pairs = at.node.items;
    const index = pairs.findIndex((p) => isScalar(p.key) && p.key.value === field);
    if (index < 0) return `the field "${field}" of ${entityName(entity)} is not in the file`;
    extent = fieldLines(file.text, pairs[index]!);
    // A first field sharing its line with "- " is removed up to the next field, which moves up.
    const next = pairs[index + 1];
    if (!startsLine(file.text, keyStart(pairs[index]!)) && next)
      extent[1] = Math.max(extent[1], keyStart(next));
  }
  return removableLines(file.text, extent);
}
