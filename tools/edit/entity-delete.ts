// Removing an entity's text: its list item (with the blank line that separated it), or its document;
// a one-object file whose only document it is goes away.
import { isBlankLine, lineEndAfter, lineStart } from './line-endings.js';
import type { EditableFile } from './editable-file.js';
import type { EntityNode } from './entity-node.js';
import { colonEnd, itemLines, removableLines } from './node-extent.js';
import type { TextEdit } from './text-edit.js';

/** What deleting an entity does to its file: edits, or removing the whole file. */
export type EntityRemoval = { removeFile: true } | { removeFile: false; edits: TextEdit[] };

/** The removal of an entity from its file. */
export function deleteEntityEdits(file: EditableFile, at: EntityNode, id: string): EntityRemoval {
  const reason = { entity: id, action: 'delete-entity' as const };
  const { text } = file;
  if (at.section) {
    const { seq, index, pair } = at.section;
    let [start, end] = itemLines(text, seq, index);
    const edits: TextEdit[] = [];
    if (seq.items.length === 1) {
      // The section stays, empty, so comments under it and later additions keep their place.
      edits.push({ start: colonEnd(pair), end: colonEnd(pair), text: ' []', ...reason });
    } else {
      // Blank lines that separated it from a sibling go too, so the spacing between the rest stays even.
      const last = index === seq.items.length - 1;
      const above = start > 0 && isBlankLine(text, start - 1);
      const below = end < text.length && isBlankLine(text, end);
      if (above && (below || last))
        while (start > 0 && isBlankLine(text, start - 1)) start = lineStart(text, start - 1);
      else if (!above && below && !last)
        while (end < text.length && isBlankLine(text, end)) end = lineEndAfter(text, end);
    }
    [start, end] = removableLines(text, [start, end]);
    edits.push({ start, end, text: '', ...reason });
    return { removeFile: false, edits };
  }
  const others = file.docs.some(
    (doc, i) => i !== at.docIndex && doc.contents !== null && file.values[i] != null,
  );
  if (!others) return { removeFile: true };
  const start = at.docIndex === 0 ? 0 : file.docs[at.docIndex - 1]!.range[2];
  const end = at.docIndex === file.docs.length - 1 ? text.length : at.doc.range[2];
  return { removeFile: false, edits: [{ start, end, text: '', ...reason }] };
}
