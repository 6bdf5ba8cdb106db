import type { Position, Range } from 'vscode-languageserver';

/** Characters an id, a target label or a case path is written with. */
const WORD = /[\w.:/@*+-]/;
const ID = /[\w.-]/;

/** The text's lines (LF or CRLF). */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

/** The range of the token starting at a 1-based rr line and column (its whole line when it starts none). */
export function tokenRange(text: string | undefined, line: number, column: number): Range {
  const start: Position = { line: Math.max(0, line - 1), character: Math.max(0, column - 1) };
  const lineText = text === undefined ? undefined : linesOf(text)[start.line];
  if (lineText === undefined) return { start, end: start };
  let end = start.character;
  const quote = lineText[end] === '"' || lineText[end] === "'" ? lineText[end] : undefined;
  if (quote) {
    const close = lineText.indexOf(quote, end + 1);
    end = close < 0 ? lineText.length : close + 1;
  } else {
    while (end < lineText.length && !/[\s,\]}#]/.test(lineText[end]!)) end++;
  }
  if (end === start.character) end = lineText.length;
  return { start, end: { line: start.line, character: end } };
}

/** The id-like word under a position, with its range; undefined on blank space. */
export function idAt(text: string, position: Position): { word: string; range: Range } | undefined {
  return wordAt(text, position, ID);
}

/** The label- or path-like word under a position (targets, case paths). */
export function wordAt(
  text: string,
  position: Position,
  chars: RegExp = WORD,
): { word: string; range: Range } | undefined {
  const line = linesOf(text)[position.line];
  if (line === undefined) return undefined;
  let start = Math.min(position.character, line.length);
  let end = start;
  while (start > 0 && chars.test(line[start - 1]!)) start--;
  while (end < line.length && chars.test(line[end]!)) end++;
  if (start === end) return undefined;
  return {
    word: line.slice(start, end),
    range: { start: { line: position.line, character: start }, end: { line: position.line, character: end } },
  };
}

/** The 0-based offset of a position in a text. */
export function offsetAt(text: string, position: Position): number {
  let offset = 0;
  let line = 0;
  while (line < position.line) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
    line++;
  }
  return offset + position.character;
}

/** The position of a 0-based offset in a text. */
export function positionAt(text: string, offset: number): Position {
  let line = 0;
  let start = 0;
  for (;;) {
    const next = text.indexOf('\n', start);
    if (next < 0 || next >= offset) break;
    start = next + 1;
    line++;
  }
  return { line, character: offset - start };
}
