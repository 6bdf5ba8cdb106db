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

/**
 * What a file's YAML shows of its habits: the first example of each habit that one example decides
 * (with where it starts and the last offset it rests on), and the counts of the habits the majority
 * decides. Counts add up over parts of a file, so an edit confined to one entity's lines can carry a
 * file's tally over to the edited text (style-tally.ts).
 */
export interface StyleTally {
  /** the first block mapping or list under a key that is indented deeper than its key */
  indent?: StyleExample<number>;
  /** the first block list under a key: whether it is indented */
  indentSeq?: StyleExample<boolean>;
  /** the first non-empty flow list: whether it has spaces inside its brackets */
  flowPadding?: StyleExample<boolean>;
  single: number;
  double: number;
  quotedDates: number;
  plainDates: number;
}

/** One example of a habit: its value, the offset it starts at and the last offset it rests on. */
export interface StyleExample<T> {
  value: T;
  at: number;
  reach: number;
}

/** The style of a file's existing YAML; the first example of each habit decides, defaults otherwise. */
export function detectStyle(text: string, docs: readonly Document.Parsed[]): RenderStyle {
  return styleOfTally(tallyStyle(text, docs));
}

/** The style a tally shows. */
export function styleOfTally(tally: StyleTally): RenderStyle {
  return {
    indent: tally.indent?.value ?? DEFAULT_STYLE.indent,
    indentSeq: tally.indentSeq?.value ?? DEFAULT_STYLE.indentSeq,
    singleQuote: tally.single > tally.double,
    flowPadding: tally.flowPadding?.value ?? DEFAULT_STYLE.flowPadding,
    quotedDates: tally.quotedDates > tally.plainDates,
  };
}

/** The habits of parsed YAML documents (a whole file's, or one entity's lines parsed alone). */
export function tallyStyle(text: string, docs: readonly Document.Parsed[]): StyleTally {
  const tally: StyleTally = { single: 0, double: 0, quotedDates: 0, plainDates: 0 };
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
        const at = key.range[0];
        if (isSeq(value) && tally.indentSeq === undefined)
          tally.indentSeq = { value: step > 0, at, reach: firstAt };
        if (tally.indent === undefined && step > 0) tally.indent = { value: step, at, reach: firstAt };
      },
      Scalar(_key, scalar) {
        if (scalar.type === 'QUOTE_SINGLE') tally.single++;
        else if (scalar.type === 'QUOTE_DOUBLE') tally.double++;
        if (typeof scalar.value === 'string' && DATE_TEXT.test(scalar.value)) {
          if (scalar.type === 'PLAIN') tally.plainDates++;
          else if (scalar.type === 'QUOTE_SINGLE' || scalar.type === 'QUOTE_DOUBLE') tally.quotedDates++;
        }
      },
      Seq(_key, seq) {
        if (tally.flowPadding === undefined && seq.flow && seq.items.length > 0 && seq.range)
          tally.flowPadding = {
            value: text[seq.range[0] + 1] === ' ',
            at: seq.range[0],
            reach: seq.range[0] + 1,
          };
      },
    });
  }
  return tally;
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
