// One entity of a sections document parsed alone: the lines of its list item, from its `- ` line to
// the next line indented no deeper than that dash (with that line's indentation), are parsed with the
// yaml package at the whole text's offsets (docs/decisions/0375-editing-one-entity-parsed-alone.md).
// An update of one entity in a large file then parses that entity instead of the whole file. The lines
// are taken only when they read back as exactly the entity the loader read there, as one block list
// item with no anchors or aliases (which would tie it to other nodes); otherwise the whole file is
// parsed.
import { isDeepStrictEqual } from 'node:util';
import { isAlias, isMap, isSeq, visit, type YAMLMap } from 'yaml';
import type { Entity } from '../model/entity.js';
import { isObject } from '../model/compose-document.js';
import { parseEditableLines, type EditableFile } from './editable-file.js';
import { tallyStyle } from './render-style.js';
import { knownTally, rememberTally, tallyAfterEdit } from './style-tally.js';
import { applyEdits, type TextEdit } from './text-edit.js';

/** The last region parsed per file, with the text it is of (the plan and the proof ask for the same one). */
const recent = new Map<string, { text: string; id: string; file: EditableFile | undefined }>();

/**
 * The entity's list item parsed alone, or undefined when its lines cannot stand for it (not a block
 * list item of a sections document, or not read back exactly as the loader read it).
 */
export function editableEntityLines(path: string, text: string, entity: Entity): EditableFile | undefined {
  const known = recent.get(path);
  if (known?.text === text && known.id === entity.id) return known.file;
  const lines = entityLines(text, entity);
  const file =
    lines && checkedItem(parseEditableLines(path, text, lines.start, lines.end, lines.line), entity);
  recent.set(path, { text, id: entity.id, file });
  return file;
}

/** The lines of a section entity's list item: [start, end) and the number of its first line. */
export function entityLines(
  text: string,
  entity: Entity,
): { start: number; end: number; line: number } | undefined {
  if (entity.form !== 'sections') return undefined;
  const at = entity.positions[''];
  if (!at) return undefined;
  const [line, column] = at;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  // The entity's mapping must follow its item's dash on the same line: `  - id: ...`.
  const dash = /^( *)- +$/.exec(text.slice(start, start + column - 1));
  if (!dash) return undefined;
  const indent = dash[1]!.length;
  let end = text.indexOf('\n', start);
  while (end >= 0) {
    const from = end + 1;
    let i = from;
    while (text[i] === ' ') i++;
    const blank = i >= text.length || text[i] === '\n' || (text[i] === '\r' && text[i + 1] === '\n');
    // The next line's indentation goes with the item, as a parse of the whole file counts it.
    if (!blank && i - from <= indent) return { start, end: i, line };
    end = text.indexOf('\n', from);
  }
  return { start, end: text.length, line };
}

/** The region's file when it holds exactly the entity as one block list item, else undefined. */
function checkedItem(file: EditableFile, entity: Entity): EditableFile | undefined {
  const item = itemOf(file);
  return item && isDeepStrictEqual(item.value, entity.data) ? file : undefined;
}

/** A region's one block list item, with its plain value; undefined when the region is anything else. */
export function itemOf(file: EditableFile): { node: YAMLMap; value: Record<string, unknown> } | undefined {
  if (file.docs.length !== 1) return undefined;
  const doc = file.docs[0]!;
  if (doc.errors.length > 0) return undefined;
  const seq = doc.contents;
  if (!isSeq(seq) || seq.flow || seq.items.length !== 1) return undefined;
  const node = seq.items[0];
  if (!isMap(node) || node.flow) return undefined;
  let tied = false;
  visit(doc, {
    Node(_key, n) {
      if (isAlias(n) || n.anchor) {
        tied = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  const values = file.values[0];
  const value = Array.isArray(values) ? (values[0] as unknown) : undefined;
  return tied || !isObject(value) ? undefined : { node, value };
}

/**
 * After an edit of the entity in a region, carries the file's style tally (if known) over to the edited
 * text, so the next edit of the file finds its style without parsing the whole file: the region's
 * lines after the edit are parsed alone and their tally replaces theirs before (style-tally.ts).
 */
export function carryStyleOver(file: EditableFile, edits: readonly TextEdit[]): void {
  const region = file.region;
  const whole = region && knownTally(file.path, file.text);
  if (!region || !whole) return;
  if (edits.some((e) => e.start < region.start || e.end > region.end)) return;
  const local = edits.map((e) => ({ ...e, start: e.start - region.start, end: e.end - region.start }));
  const linesAfter = applyEdits(file.path, file.text.slice(region.start, region.end), local);
  const after = file.text.slice(0, region.start) + linesAfter + file.text.slice(region.end);
  const delta = linesAfter.length - (region.end - region.start);
  const edited = parseEditableLines(file.path, after, region.start, region.end + delta, region.line);
  if (!itemOf(edited)) return;
  const tally = tallyAfterEdit(whole, {
    start: region.start,
    end: region.end,
    unchangedBefore: Math.min(...edits.map((e) => e.start)),
    delta,
    before: tallyStyle(file.text, file.docs),
    after: tallyStyle(after, edited.docs),
  });
  if (tally) rememberTally(file.path, after, tally);
}
