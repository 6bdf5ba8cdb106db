import { neighbourEnding, withEnding } from './line-endings.js';
import { EditError, placeOf } from './edit-error.js';

/** Why a range of a file is rewritten: the entity and top-level field it belongs to. */
export interface EditReason {
  /** id of the entity the range belongs to (its old id when it is renamed) */
  entity: string;
  /** top-level field of the entity, or undefined for the whole entity */
  field?: string;
  action: 'set-field' | 'remove-field' | 'add-field' | 'add-entity' | 'delete-entity' | 'add-section';
}

/** The file and entity whose fields are edited, with the file's style for new text (YAML's or JSON's). */
export interface FieldEditScope<Style> {
  file: string;
  text: string;
  style: Style;
  /** id of the entity, for the reason of each edit */
  entity: string;
  line: number;
}

/** The refusal of an entity whose fields cannot be changed in place, saying why. */
export function notInPlace(scope: FieldEditScope<unknown>, why: string): EditError {
  return new EditError(
    'unsupported-layout',
    `${placeOf(scope.file, scope.line)}${scope.entity} cannot be changed in place (${why}); edit the file by hand`,
    { file: scope.file, line: scope.line },
  );
}

/** One replacement in a file's decoded text: [start, end) becomes `text`. Offsets are UTF-16 units. */
export interface TextEdit extends EditReason {
  start: number;
  end: number;
  text: string;
}

/** The edits in text order; overlapping edits are a bug in the planner and stop the edit. */
export function sortedEdits(file: string, edits: readonly TextEdit[]): TextEdit[] {
  const sorted = edits
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.i - b.i)
    .map((x) => x.e);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.start < prev.end) {
      throw new EditError(
        'proof-failed',
        `${file}: two changes overlap (${prev.entity} ${prev.field ?? ''} and ${cur.entity} ${cur.field ?? ''}); nothing was written`,
        { file },
      );
    }
  }
  return sorted;
}

/** Applies non-overlapping edits to a text. */
export function applyEdits(file: string, text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of sortedEdits(file, edits)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** An insertion of whole lines at a line start (or at the end of a text without a final line ending). */
export function insertLines(text: string, offset: number, lfLines: string, reason: EditReason): TextEdit {
  const ending = neighbourEnding(text, offset);
  const atOpenEnd = offset === text.length && text.length > 0 && !text.endsWith('\n');
  const body = atOpenEnd ? `\n${lfLines}` : `${lfLines}\n`;
  return { start: offset, end: offset, text: withEnding(body, ending), ...reason };
}

/** A replacement whose new LF text takes the line ending of the line it starts on. */
export function replaceRange(
  text: string,
  start: number,
  end: number,
  lfText: string,
  reason: EditReason,
): TextEdit {
  return { start, end, text: withEnding(lfText, neighbourEnding(text, start)), ...reason };
}
