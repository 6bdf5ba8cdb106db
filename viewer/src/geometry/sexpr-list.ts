// SPDX-License-Identifier: AGPL-3.0-or-later
// The list nodes of an S-expression and the accessors the KiCad reader uses on them. Lists are
// built only for one top-level item at a time (see sexpr-item-stream.ts), so they stay small.

/** An S-expression value: a number, a string or symbol, or a list. */
export type SexprValue = string | number | SexprList;

/** A list `(head item item …)` and the line it starts on. */
export interface SexprList {
  /** The first atom, such as "footprint"; empty when the list starts with a list or is empty. */
  head: string;
  items: SexprValue[];
  line: number;
  /**
   * For a `(pts …)` list: its points flattened as x0, y0, x1, y1, … in order, an `(arc …)` inside
   * contributing its start, mid and end. Set by the item stream instead of child lists.
   */
  points?: number[];
}

/** A board whose content is not what KiCad writes, at a 1-based line. */
export class BoardFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'BoardFormatError';
  }
}

/** The first child list with the given head, if any. */
export function child(list: SexprList, head: string): SexprList | undefined {
  for (const item of list.items) if (typeof item === 'object' && item.head === head) return item;
  return undefined;
}

/** All child lists with the given head. */
export function children(list: SexprList, head: string): SexprList[] {
  const found: SexprList[] = [];
  for (const item of list.items) if (typeof item === 'object' && item.head === head) found.push(item);
  return found;
}

/** The atoms of a list (its head excluded), as text. */
export function atoms(list: SexprList): string[] {
  const found: string[] = [];
  for (const item of list.items) if (typeof item !== 'object') found.push(String(item));
  return found;
}

/** The atoms of a child such as `(layers "F.Cu" "B.Cu")`; empty when the child is absent. */
export function childAtoms(list: SexprList, head: string): string[] {
  const found = child(list, head);
  return found === undefined ? [] : atoms(found);
}

/** The item at an index as a number; a clear error when it is missing or not numeric. */
export function numberAt(list: SexprList, index: number): number {
  const item = list.items[index];
  const value = typeof item === 'number' ? item : typeof item === 'string' ? Number(item) : NaN;
  if (!Number.isFinite(value)) {
    const found =
      item === undefined ? 'nothing' : typeof item === 'object' ? `(${item.head} …)` : `"${item}"`;
    throw new BoardFormatError(
      `(${list.head} …) needs a number at position ${index + 1}, found ${found}`,
      list.line,
    );
  }
  return value;
}

/** The item at an index as a number, or a fallback when it is absent or not a number. */
export function optionalNumberAt(list: SexprList, index: number, fallback: number): number {
  const item = list.items[index];
  if (typeof item === 'number') return item;
  if (typeof item === 'string' && item.length > 0 && Number.isFinite(Number(item))) return Number(item);
  return fallback;
}

/** The atom at an index as text, or undefined when there is none. */
export function textAt(list: SexprList, index: number): string | undefined {
  const item = list.items[index];
  return typeof item === 'object' || item === undefined ? undefined : String(item);
}

/** The number inside a child such as `(width 0.25)`, or a fallback when the child is absent. */
export function childNumber(list: SexprList, head: string, fallback: number): number {
  const found = child(list, head);
  return found === undefined ? fallback : numberAt(found, 0);
}

/** The text inside a child such as `(layer "F.Cu")`, or undefined when absent. */
export function childText(list: SexprList, head: string): string | undefined {
  const found = child(list, head);
  return found === undefined ? undefined : textAt(found, 0);
}

/** A required child list; a clear error naming the parent when it is missing. */
export function requiredChild(list: SexprList, head: string): SexprList {
  const found = child(list, head);
  if (found === undefined) throw new BoardFormatError(`(${list.head} …) has no (${head} …)`, list.line);
  return found;
}

/** True when the list holds the bare atom, as in `(via micro (at …))`. */
export function hasAtom(list: SexprList, atom: string): boolean {
  for (const item of list.items) if (item === atom) return true;
  return false;
}
