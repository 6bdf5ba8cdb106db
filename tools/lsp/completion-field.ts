import { linesOf } from './text-positions.js';

/** What the cursor is writing: the value of a field (its key), maybe as an item of a list of it. */
export interface FieldContext {
  field: string;
  /** the key of the mapping the field belongs to (e.g. `rules` under config), when known */
  parentField?: string;
  /** the claim's target, when the cursor is in a claim's cases */
  target?: string;
  /** whether the cursor writes a key rather than a value */
  key: boolean;
}

const KEY_LINE = /^(\s*)(?:-\s+)?"?([\w-]+)"?\s*:\s*(.*)$/;
const ITEM_LINE = /^(\s*)-\s*(.*)$/;
const TARGET = /"?target"?\s*:\s*"?([^"\s,}]+)/;

/**
 * The field the cursor writes, from the text above it (YAML block or flow style, or JSON): a value on
 * a `key:` line, an item under a `key:` line, or a key inside a mapping whose own key is known.
 */
export function fieldAt(text: string, line: number, character: number): FieldContext | undefined {
  const lines = linesOf(text);
  const here = (lines[line] ?? '').slice(0, character);
  const keyed = KEY_LINE.exec(here);
  if (keyed) {
    const ctx: FieldContext = { field: keyed[2]!, key: false };
    return withTarget(withParent(ctx, lines, line, keyed[1]!.length), lines, line);
  }
  const indent = /^\s*/.exec(here)![0].length;
  const item = ITEM_LINE.exec(here) ?? (/[[,]\s*[^\]]*$/.test(here) ? ['', ' '.repeat(indent), ''] : null);
  if (item) {
    // An item: the nearest `key:` above at this indentation or less that opens a list.
    for (let i = line - 1; i >= 0; i--) {
      const l = lines[i]!;
      if (l.trim() === '' || l.trim().startsWith('#')) continue;
      const k = KEY_LINE.exec(l);
      const kIndent = /^\s*/.exec(l)![0].length;
      if (k && kIndent <= indent && (k[3]!.trim() === '' || k[3]!.trim().startsWith('['))) {
        return withTarget({ field: k[2]!, key: false }, lines, line);
      }
      if (kIndent < indent && !ITEM_LINE.test(l)) break;
    }
    return undefined;
  }
  // A key: which mapping it is in.
  const ctx: FieldContext = { field: '', key: true };
  return withParent(ctx, lines, line, indent);
}

function withParent(ctx: FieldContext, lines: string[], line: number, indent: number): FieldContext {
  for (let i = line - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.trim() === '' || l.trim().startsWith('#')) continue;
    const kIndent = /^\s*/.exec(l)![0].length;
    if (kIndent < indent) {
      const k = KEY_LINE.exec(l);
      if (k && k[3]!.trim() === '') ctx.parentField = k[2]!;
      break;
    }
  }
  return ctx;
}

function withTarget(ctx: FieldContext, lines: string[], line: number): FieldContext {
  if (ctx.field !== 'cases') return ctx;
  for (let i = line; i >= Math.max(0, line - 40); i--) {
    const m = TARGET.exec(lines[i]!);
    if (m) {
      ctx.target = m[1]!;
      break;
    }
  }
  return ctx;
}
