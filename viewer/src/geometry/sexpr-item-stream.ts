// SPDX-License-Identifier: AGPL-3.0-or-later
// Builds the items of a file's root list one at a time: the root `(kicad_pcb …)` is never held
// whole, only the item being read, so memory stays bounded by the largest single item (a zone).
// One KiCad rule lives here because of its volume: the points of a `(pts (xy x y) …)` list are
// stored as one flat number array, not as a list object per point (a large board's zone fills hold
// about a million points).
import { type SexprHandler, SexprSyntaxError, truncatedFileError } from './sexpr-tokenizer.js';
import type { SexprList } from './sexpr-list.js';

/** Receives the root list's head, then each of its child lists as it closes. */
export interface SexprItemSink {
  root(head: string, line: number): void;
  /** Whether to build the item with this head; unwanted items are only counted through. */
  wants(head: string): boolean;
  item(list: SexprList): void;
}

const NO_HEAD = '\u0000';

/** Appends an `(xy x y)` or `(arc (start …) (mid …) (end …))` to the flat points of a pts list. */
function flattenInto(pts: SexprList, list: SexprList): boolean {
  const points = (pts.points ??= []);
  if (list.head === 'xy') {
    const [x, y] = list.items;
    if (list.items.length !== 2 || typeof x !== 'number' || typeof y !== 'number') return false;
    points.push(x, y);
    return true;
  }
  if (list.head === 'arc') {
    const flat: number[] = [];
    for (const key of ['start', 'mid', 'end']) {
      const point = list.items.find((item) => typeof item === 'object' && item.head === key);
      if (typeof point !== 'object') return false;
      const [x, y] = point.items;
      if (typeof x !== 'number' || typeof y !== 'number') return false;
      flat.push(x, y);
    }
    points.push(...flat);
    return true;
  }
  return false;
}

/** A tokenizer handler that turns the tokens of one root list into a stream of item lists. */
export class SexprItemStream implements SexprHandler {
  private readonly stack: SexprList[] = [];
  private rootSeen = false;
  private rootClosed = false;
  /** Depth of open lists inside an unwanted item (0 when not skipping). */
  private skipDepth = 0;

  constructor(private readonly sink: SexprItemSink) {}

  /** Inside an unwanted item: its atoms are not needed. */
  get ignoresAtoms(): boolean {
    return this.skipDepth > 0;
  }

  openList(line: number): void {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (this.rootClosed) throw new SexprSyntaxError('text after the end of the root list', line);
    const top = this.stack[this.stack.length - 1];
    if (top !== undefined && top.head === NO_HEAD) this.setHead(top, '');
    this.stack.push({ head: NO_HEAD, items: [], line });
  }

  closeList(line: number): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const list = this.stack.pop();
    if (list === undefined) throw new SexprSyntaxError("a ')' closes a list that was never opened", line);
    if (list.head === NO_HEAD) this.setHead(list, '');
    const depth = this.stack.length;
    if (depth === 0) this.rootClosed = true;
    else if (depth === 1) this.sink.item(list);
    else {
      const parent = this.stack[depth - 1]!;
      if (parent.head !== 'pts' || !flattenInto(parent, list)) parent.items.push(list);
    }
  }

  atom(value: string | number, line: number): void {
    if (this.skipDepth > 0) return;
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      throw new SexprSyntaxError(
        `text outside any list: ${JSON.stringify(String(value).slice(0, 40))}`,
        line,
      );
    }
    if (top.head === NO_HEAD) {
      this.setHead(top, String(value));
      if (this.stack.length === 2 && !this.sink.wants(top.head)) {
        this.stack.pop();
        this.skipDepth = 1;
      }
    } else if (this.stack.length > 1) top.items.push(value);
  }

  /** Throws when the text ended with lists still open (a truncated file) or held no list at all. */
  finish(lastLine: number): void {
    if (this.skipDepth > 0) throw truncatedFileError(undefined, this.stack.length + this.skipDepth, lastLine);
    // Name the board item the file ends in (a footprint, a zone): the innermost list says little.
    const open = this.stack[1] ?? this.stack[0];
    if (open !== undefined)
      throw truncatedFileError(
        { head: open.head === NO_HEAD ? '' : open.head, line: open.line },
        this.stack.length,
        lastLine,
      );
    if (!this.rootSeen) throw new SexprSyntaxError('the file holds no S-expression list', lastLine);
  }

  private setHead(list: SexprList, head: string): void {
    list.head = head;
    if (list === this.stack[0] && !this.rootSeen) {
      this.rootSeen = true;
      this.sink.root(head, list.line);
    }
  }
}
