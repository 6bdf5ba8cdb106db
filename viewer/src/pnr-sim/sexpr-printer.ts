// SPDX-License-Identifier: AGPL-3.0-or-later
// Prints KiCad S-expression trees (atoms as written, see geometry/sexpr-source-tree.ts) in KiCad's
// layout, so a board read and written again differs only where the simulator changed it.

import type { SExpr, SList } from '../geometry/sexpr-source-tree.js';

/** A quoted atom for a string. */
export function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** A number atom as KiCad writes it: up to 6 decimals, no trailing zeros. */
export function numberAtom(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Prints a tree in KiCad's layout: short lists on one line, nested lists indented with tabs. */
export function printSExpr(node: SExpr): string {
  return print(node, 0) + '\n';
}

function print(node: SExpr, depth: number): string {
  if (typeof node === 'string') return node;
  const flat = flatText(node);
  if (flat !== undefined) return flat;
  const pad = '\t'.repeat(depth + 1);
  let out = '(';
  let first = true;
  for (const c of node) {
    if (typeof c === 'string') {
      out += first ? c : ` ${c}`;
    } else {
      out += `\n${pad}${print(c, depth + 1)}`;
    }
    first = false;
  }
  return `${out}\n${'\t'.repeat(depth)})`;
}

/** One-line form of a list with at most one level of nesting and few items, else undefined. */
function flatText(node: SList): string | undefined {
  let count = 0;
  const parts: string[] = [];
  for (const c of node) {
    if (typeof c === 'string') parts.push(c);
    else {
      if (c.some((g) => Array.isArray(g) && g.some(Array.isArray))) return undefined;
      const inner = c.map((g) => (typeof g === 'string' ? g : `(${g.join(' ')})`)).join(' ');
      parts.push(`(${inner})`);
      count += c.length;
    }
    count++;
  }
  return count <= 16 ? `(${parts.join(' ')})` : undefined;
}
