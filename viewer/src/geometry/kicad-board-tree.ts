// SPDX-License-Identifier: AGPL-3.0-or-later
// A .kicad_pcb text as a tree of atoms as written, for the simulator, which writes checkpoints as the
// same board with new positions and tracks. Same tokenizer, checks and error messages as the geometry
// reader (readKicadBoard); only the result differs: the whole tree instead of the geometry.
import {
  BoardReadError,
  checkLooksLikeSexpr,
  explainBoardError,
  NotABoardError,
} from './board-read-error.js';
import { head, parseSourceTree, type SList } from './sexpr-source-tree.js';

/** Parses .kicad_pcb text (named `file` in errors) into a tree of atoms as written; BoardReadError when it is no board. */
export function readKicadBoardTree(text: string, file: string): SList {
  // A byte order mark, which some editors add, is not part of the S-expression.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '')
    throw new BoardReadError(`${file}:1: the file is empty, not a KiCad board`, file, 1);
  try {
    checkLooksLikeSexpr(file, body);
    const tree = parseSourceTree(body);
    if (head(tree) !== 'kicad_pcb') throw new NotABoardError(head(tree) ?? '', 1);
    return tree;
  } catch (error) {
    throw explainBoardError(file, error);
  }
}
