// SPDX-License-Identifier: AGPL-3.0-or-later
// Errors of reading a KiCad board, shared by the geometry reader and the simulator's board reader: each
// names the file and line and says what to do.
import { BoardFormatError } from './sexpr-list.js';
import { SexprSyntaxError } from './sexpr-tokenizer.js';

/** A board file that cannot be read as a KiCad board; the message names the file and line. */
export class BoardReadError extends Error {
  readonly code = 'unreadable-board';

  constructor(
    message: string,
    readonly file: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'BoardReadError';
  }
}

/** Thrown by a reader to stop at once when the root list is not a board. */
export class NotABoardError extends Error {
  constructor(
    readonly head: string,
    readonly line: number,
  ) {
    super(`root list is (${head} …)`);
  }
}

/** Refuses, from the first chunk, files that are no S-expression at all (binary, legacy, JSON). */
export function checkLooksLikeSexpr(file: string, text: string): void {
  const start = text.search(/\S/);
  if (start !== -1 && text[start] !== '(') {
    const line = text.slice(0, start).split('\n').length;
    const sample = JSON.stringify(text.slice(start, start + 24));
    throw new BoardReadError(
      `${file}:${line}: not a KiCad board: a .kicad_pcb file starts with "(kicad_pcb", this one with ${sample}; ` +
        'boards from KiCad 4 or older must be opened and saved once in a newer KiCad',
      file,
      line,
    );
  }
}

/** A reader's error as a BoardReadError naming the file and line and what to do. */
export function explainBoardError(file: string, error: unknown): Error {
  if (error instanceof BoardReadError) return error;
  if (error instanceof NotABoardError) {
    return new BoardReadError(
      `${file}:${error.line}: not a KiCad board: the file is a (${error.head} …) S-expression, a board is (kicad_pcb …); ` +
        'point the viewer at the .kicad_pcb file',
      file,
      error.line,
    );
  }
  if (error instanceof SexprSyntaxError) {
    return new BoardReadError(
      `${file}:${error.line}: malformed board: ${error.message}; re-save the board in KiCad or copy it again`,
      file,
      error.line,
    );
  }
  if (error instanceof BoardFormatError) {
    return new BoardReadError(
      `${file}:${error.line}: unexpected board content: ${error.message}; open and save the board in KiCad to repair it`,
      file,
      error.line,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
