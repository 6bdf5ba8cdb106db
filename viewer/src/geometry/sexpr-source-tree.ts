// SPDX-License-Identifier: AGPL-3.0-or-later
// A whole S-expression as a tree of atoms as written (quoted strings keep their quotes and escapes,
// numbers their spelling), for tools that write a KiCad file back and change only what they mean to,
// such as the simulator's checkpoints. Read with the same tokenizer as the geometry reader.
import {
  SexprSyntaxError,
  SexprTokenizer,
  truncatedFileError,
  type SexprHandler,
} from './sexpr-tokenizer.js';

/** An atom as written in the file (a quoted string keeps its quotes) or a list. */
export type SExpr = string | SList;
export type SList = SExpr[];

/** Builds the tree of one root list from source-mode tokens. */
class SourceTreeBuilder implements SexprHandler {
  private readonly stack: { list: SList; line: number }[] = [];
  root: SList | undefined;

  openList(line: number): void {
    if (this.root !== undefined && this.stack.length === 0)
      throw new SexprSyntaxError('text after the end of the root list', line);
    const list: SList = [];
    if (this.stack.length > 0) this.stack[this.stack.length - 1]!.list.push(list);
    else this.root = list;
    this.stack.push({ list, line });
  }

  closeList(line: number): void {
    if (this.stack.pop() === undefined)
      throw new SexprSyntaxError("a ')' closes a list that was never opened", line);
  }

  atom(value: string | number, line: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined)
      throw new SexprSyntaxError(
        `text outside any list: ${JSON.stringify(String(value).slice(0, 40))}`,
        line,
      );
    top.list.push(String(value));
  }

  finish(lastLine: number): SList {
    // Name the item of the root list the text ends in, as the geometry reader does.
    const open = this.stack[1] ?? this.stack[0];
    if (open !== undefined)
      throw truncatedFileError({ head: head(open.list) ?? '', line: open.line }, this.stack.length, lastLine);
    if (this.root === undefined) throw new SexprSyntaxError('the file holds no S-expression list', lastLine);
    return this.root;
  }
}

/** Parses S-expression text into a tree of atoms as written; throws SexprSyntaxError with the line. */
export function parseSourceTree(text: string): SList {
  const builder = new SourceTreeBuilder();
  const tokenizer = new SexprTokenizer(builder, { atoms: 'source' });
  tokenizer.push(text);
  tokenizer.end();
  return builder.finish(tokenizer.currentLine);
}

/** The text of a quoted or bare atom. */
export function atomText(atom: SExpr | undefined): string | undefined {
  if (typeof atom !== 'string') return undefined;
  if (!atom.startsWith('"')) return atom;
  return atom.slice(1, -1).replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch));
}

/** The head symbol of a list, e.g. `footprint` for `(footprint ...)`. */
export function head(node: SExpr): string | undefined {
  return Array.isArray(node) && typeof node[0] === 'string' ? node[0] : undefined;
}

/** The child lists of a node with the given head. */
export function children(node: SList, name: string): SList[] {
  return node.filter((c): c is SList => Array.isArray(c) && c[0] === name);
}

/** The first child list with the given head. */
export function child(node: SList, name: string): SList | undefined {
  return node.find((c): c is SList => Array.isArray(c) && c[0] === name);
}

/** A number atom of a list at a position, or undefined. */
export function numberAt(node: SList | undefined, index: number): number | undefined {
  const text = atomText(node?.[index]);
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
