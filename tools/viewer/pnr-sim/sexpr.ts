// KiCad's s-expression files as a tree that prints back unchanged: atoms keep their source spelling, so
// a board read and written again differs only where the simulator changed it.

/** An atom as written in the file (a quoted string keeps its quotes) or a list. */
export type SExpr = string | SList;
export type SList = SExpr[];

/** A syntax error with the 1-based line and column where reading stopped. */
export class SExprSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses one top-level list (a KiCad file) into a tree. */
export function parseSExpr(text: string): SList {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const fail = (message: string): never => {
    throw new SExprSyntaxError(message, line, i - lineStart + 1);
  };
  const stack: SList[] = [];
  let root: SList | undefined;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
      lineStart = i;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '(') {
      if (root && stack.length === 0) fail('text after the end of the top-level list');
      const list: SList = [];
      if (stack.length > 0) stack[stack.length - 1]!.push(list);
      else root = list;
      stack.push(list);
      i++;
    } else if (c === ')') {
      if (stack.length === 0) fail('unbalanced ")"');
      stack.pop();
      i++;
    } else {
      if (stack.length === 0) fail('expected "(" at the start of the file');
      const start = i;
      if (c === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++;
          else if (text[i] === '\n') {
            line++;
            lineStart = i + 1;
          }
          i++;
        }
        if (i >= text.length) fail('unterminated string');
        i++;
      } else {
        while (i < text.length && !' \t\r\n()"'.includes(text[i]!)) i++;
      }
      stack[stack.length - 1]!.push(text.slice(start, i));
    }
  }
  if (stack.length > 0) fail(`${stack.length} list(s) not closed at the end of the file`);
  if (!root) fail('the file holds no s-expression');
  return root!;
}

/** The text of a quoted or bare atom. */
export function atomText(atom: SExpr | undefined): string | undefined {
  if (typeof atom !== 'string') return undefined;
  if (!atom.startsWith('"')) return atom;
  return atom.slice(1, -1).replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch));
}

/** A quoted atom for a string. */
export function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** A number atom as KiCad writes it: up to 6 decimals, no trailing zeros. */
export function numberAtom(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return String(Object.is(rounded, -0) ? 0 : rounded);
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
