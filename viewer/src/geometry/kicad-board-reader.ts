// SPDX-License-Identifier: AGPL-3.0-or-later
// The native extractor: reads a .kicad_pcb file in chunks through the streaming tokenizer and
// assembles its geometry item by item, so a 70 MB board never sits in memory as one string or tree.
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { BoardGeometry } from './board-geometry.js';
import { KicadBoardAssembler } from './kicad-board-assembler.js';
import {
  BoardReadError,
  checkLooksLikeSexpr,
  explainBoardError,
  NotABoardError,
} from './board-read-error.js';
import { SexprItemStream } from './sexpr-item-stream.js';
import { SexprTokenizer } from './sexpr-tokenizer.js';

export { BoardReadError } from './board-read-error.js';

const CHUNK_BYTES = 1 << 20;

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
    throw explainBoardError(file, error);
  } finally {
    await handle.close();
  }
}
