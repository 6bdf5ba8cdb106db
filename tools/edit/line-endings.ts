// Per-line line endings: every line keeps the ending it has; text the editor adds takes the ending of
// the line it is written next to, so a CRLF file stays CRLF and a mixed file stays mixed.

export type LineEnding = '\n' | '\r\n';

/** Offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line ending of the line holding `offset` (the text's end on the last line). */
export function lineEndAfter(text: string, offset: number): number {
  const at = text.indexOf('\n', offset);
  return at < 0 ? text.length : at + 1;
}

/** Offset of the line ending (the `\r` of CRLF, or `\n`) of the line holding `offset`, or the text's end. */
export function lineContentEnd(text: string, offset: number): number {
  const at = text.indexOf('\n', offset);
  if (at < 0) return text.length;
  return at > 0 && text[at - 1] === '\r' ? at - 1 : at;
}

/** The ending of the line holding `offset`, or undefined on a last line without one. */
export function endingOfLine(text: string, offset: number): LineEnding | undefined {
  const at = text.indexOf('\n', offset);
  if (at < 0) return undefined;
  return at > 0 && text[at - 1] === '\r' ? '\r\n' : '\n';
}

/** The ending most lines of a text use (LF for a text without line endings or a tie). */
export function dominantEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text[i - 1] === '\r') crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/**
 * The ending for text written at `offset`: that of the line just before it when `offset` starts a line
 * (text inserted after a line), else that of the line it sits on, else the line before, else the text's
 * usual one.
 */
export function neighbourEnding(text: string, offset: number): LineEnding {
  if (offset > 0 && text[offset - 1] === '\n') return offset > 1 && text[offset - 2] === '\r' ? '\r\n' : '\n';
  const own = endingOfLine(text, offset);
  if (own) return own;
  const before = lineStart(text, offset);
  if (before > 0) return endingOfLine(text, before - 1) ?? '\n';
  return dominantEnding(text);
}

/** Text written with LF line breaks, given another ending. */
export function withEnding(lfText: string, ending: LineEnding): string {
  return ending === '\n' ? lfText : lfText.replace(/\n/g, ending);
}

/** Whether the text between two offsets is only spaces and tabs. */
export function isBlank(text: string, from: number, to: number): boolean {
  return /^[ \t]*$/.test(text.slice(from, to));
}

/** Whether the line holding `offset` is empty or whitespace only. */
export function isBlankLine(text: string, offset: number): boolean {
  return isBlank(text, lineStart(text, offset), lineContentEnd(text, offset));
}

/** 1-based number of the line holding `offset`, for messages. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The spaces and tabs that start the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}
