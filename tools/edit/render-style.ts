import { isMap, isScalar, isSeq, visit, type Document, type Node } from 'yaml';
import { lineStart } from './line-endings.js';

/** How a file writes YAML, so text the editor adds looks like its neighbours. */
export interface RenderStyle {
  /** spaces per nesting level of mappings */
  indent: number;
  /** whether a block list under a key is indented (`key:\n  - a`) or not (`key:\n- a`) */
  indentSeq: boolean;
  /** whether the file quotes strings with single quotes more often than with double quotes */
  singleQuote: boolean;
  /** whether flow collections have spaces inside their brackets (`[ a, b ]`) */
  flowPadding: boolean;
  /** whether the file quotes dates (`created: "2026-03-04"`) more often than it writes them plain */
  quotedDates: boolean;
}

const DEFAULT_STYLE: RenderStyle = {
  indent: 2,
  indentSeq: true,
  singleQuote: false,
  flowPadding: false,
  quotedDates: false,
};

/** A calendar date as YAML 1.1 tools would read as a timestamp: many teams quote these. */
export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** The style of a file's existing YAML; the first example of each habit decides, defaults otherwise. */
export function detectStyle(text: string, docs: readonly Document.Parsed[]): RenderStyle {
  let indent: number | undefined;
  let indentSeq: boolean | undefined;
  let flowPadding: boolean | undefined;
  let single = 0;
  let double = 0;
  let quotedDates = 0;
  let plainDates = 0;
  const column = (offset: number) => offset - lineStart(text, offset);
  for (const doc of docs) {
    visit(doc, {
      Pair(_key, pair) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        if (!key?.range || !value?.range || !(isMap(value) || isSeq(value)) || value.flow) return;
        const first = value.items[0] as Node | { key?: Node } | undefined;
        const firstAt = isSeq(value)
          ? dashOffset(value.srcToken)
          : ((first as { key?: Node } | undefined)?.key?.range?.[0] ?? undefined);
        if (firstAt === undefined) return;
        const step = column(firstAt) - column(key.range[0]);
        if (isSeq(value) && indentSeq === undefined) indentSeq = step > 0;
        if (indent === undefined && step > 0) indent = step;
      },
      Scalar(_key, scalar) {
        if (scalar.type === 'QUOTE_SINGLE') single++;
        else if (scalar.type === 'QUOTE_DOUBLE') double++;
        if (typeof scalar.value === 'string' && DATE_TEXT.test(scalar.value)) {
          if (scalar.type === 'PLAIN') plainDates++;
          else if (scalar.type === 'QUOTE_SINGLE' || scalar.type === 'QUOTE_DOUBLE') quotedDates++;
        }
      },
      Seq(_key, seq) {
        if (flowPadding === undefined && seq.flow && seq.items.length > 0 && seq.range)
          flowPadding = text[seq.range[0] + 1] === ' ';
      },
    });
  }
  return {
    indent: indent ?? DEFAULT_STYLE.indent,
    indentSeq: indentSeq ?? DEFAULT_STYLE.indentSeq,
    singleQuote: single > double,
    flowPadding: flowPadding ?? DEFAULT_STYLE.flowPadding,
    quotedDates: quotedDates > plainDates,
  };
}

/** Offset of the first `-` of a block sequence's source token, if it has one. */
export function dashOffset(token: unknown, index = 0): number | undefined {
  const items = (token as { items?: { start?: { type: string; offset: number }[] }[] } | undefined)?.items;
  const dashes = (items ?? [])
    .map((item) => item.start?.find((t) => t.type === 'seq-item-ind')?.offset)
    .filter((o): o is number => o !== undefined);
  return dashes[index];
}

/** Whether a node is a scalar that the file writes as a block scalar (`|` or `>`). */
export function isBlockScalar(node: unknown): boolean {
  return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
}
