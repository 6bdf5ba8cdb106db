// The native extractor: reads a .kicad_pcb file in chunks through the streaming tokenizer and
// assembles its geometry item by item, so a 70 MB board never sits in memory as one string or tree.
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { BoardGeometry } from './board-geometry.js';
import { KicadBoardAssembler } from './kicad-board-assembler.js';
import { SexprItemStream } from './sexpr-item-stream.js';
import { BoardFormatError } from './sexpr-list.js';
import { SexprSyntaxError, SexprTokenizer } from './sexpr-tokenizer.js';

const CHUNK_BYTES = 1 << 20;

/** A board file that cannot be read as a KiCad board; the message names the file and line. */
export class BoardReadError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'BoardReadError';
  }
}

/** Thrown from the item sink to stop at once when the root list is not a board. */
class NotABoardError extends Error {
  constructor(
    readonly head: string,
    readonly line: number,
  ) {
    super(`root list is (${head} …)`);
  }
}

/** Reads a .kicad_pcb file into board geometry with the native S-expression reader. */
export async function readKicadBoard(file: string): Promise<BoardGeometry> {
  const assembler = new KicadBoardAssembler();
  const items = new SexprItemStream({
    root(head, line) {
      if (head !== 'kicad_pcb') throw new NotABoardError(head, line);
    },
    wants(head) {
      return assembler.wants(head);
    },
    item(list) {
      assembler.add(list);
    },
  });
  const tokenizer = new SexprTokenizer(items);
  const decoder = new StringDecoder('utf8');
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new BoardReadError(`${file}: cannot open the board: ${(error as Error).message}`, file, undefined);
  }
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let first = true;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      let text = decoder.write(buffer.subarray(0, bytesRead));
      if (first) {
        // A byte order mark, which some editors add, is not part of the S-expression.
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        checkLooksLikeSexpr(file, text);
        first = false;
      }
      tokenizer.push(text);
    }
    tokenizer.push(decoder.end());
    if (first) throw new BoardReadError(`${file}:1: the file is empty, not a KiCad board`, file, 1);
    tokenizer.end();
    items.finish(tokenizer.currentLine);
    return assembler.finish();
  } catch (error) {
    throw explain(file, error);
  } finally {
    await handle.close();
  }
}

/** Refuses, from the first chunk, files that are no S-expression at all (binary, legacy, JSON). */
function checkLooksLikeSexpr(file: string, text: string): void {
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

function explain(file: string, error: unknown): Error {
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
