// Where a node's bytes start and end in the text, from the source tokens the yaml package keeps.
import { isScalar, type Node, type Pair, type YAMLSeq } from 'yaml';
import { isBlank, lineContentEnd, lineEndAfter, lineStart } from './line-endings.js';
import { dashOffset } from './render-style.js';

/** Column (0-based, in UTF-16 units) of an offset. */
export function column(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/**
 * End of a node's content: for block scalars and block collections the yaml range runs past the last
 * line break; this stops at the end of the last line holding something (its inline comment included).
 */
export function valueEnd(text: string, node: Node): number {
  const [start, end] = node.range!;
  let i = end - 1;
  while (i >= start && /\s/.test(text[i]!)) i--;
  if (i < start) return start;
  return Math.min(lineContentEnd(text, i), end);
}

/** Offset where a pair's key starts. */
export function keyStart(pair: Pair): number {
  return (pair.key as Node).range![0];
}

/** Offset just after a pair's `:`, or after its key when it has no `:`. */
export function colonEnd(pair: Pair): number {
  const sep = (pair.srcToken as { sep?: { type: string; offset: number }[] } | undefined)?.sep ?? [];
  const colon = sep.find((t) => t.type === 'map-value-ind');
  return colon ? colon.offset + 1 : (pair.key as Node).range![1];
}

/** Offset where a pair's value ends (its colon when it has no value). */
export function pairEnd(text: string, pair: Pair): number {
  const value = pair.value as Node | null;
  if (!value?.range || (isScalar(value) && value.source === '' && value.value === null))
    return colonEnd(pair);
  return Math.max(valueEnd(text, value), colonEnd(pair));
}

/** Offset of the `-` of a block list's item. */
export function dashAt(seq: YAMLSeq, index: number): number | undefined {
  return dashOffset(seq.srcToken, index);
}

/** Offset where an item's value ends (just after its `-` when it has none). */
export function itemEnd(text: string, seq: YAMLSeq, index: number): number {
  const node = seq.items[index] as Node | null;
  const dash = dashAt(seq, index)!;
  if (!node?.range || (isScalar(node) && node.source === '' && node.value === null)) return dash + 1;
  return Math.max(valueEnd(text, node), dash + 1);
}

/** Whether the text before an offset on its line is only indentation (the node starts its line). */
export function startsLine(text: string, offset: number): boolean {
  return isBlank(text, lineStart(text, offset), offset);
}

/** Whole lines of a field: from its key's line to the end of its value's last line, line ending included. */
export function fieldLines(text: string, pair: Pair): [number, number] {
  const start = keyStart(pair);
  return [startsLine(text, start) ? lineStart(text, start) : start, lineEndAfter(text, pairEnd(text, pair))];
}

/** Whole lines of a list item, from its `-` line to the end of its last line, line ending included. */
export function itemLines(text: string, seq: YAMLSeq, index: number): [number, number] {
  const dash = dashAt(seq, index)!;
  return [
    startsLine(text, dash) ? lineStart(text, dash) : dash,
    lineEndAfter(text, itemEnd(text, seq, index)),
  ];
}

/**
 * Whole lines to remove: when they end the text without a final line ending, the line ending before
 * them goes instead, so the text still ends the way it did.
 */
export function removableLines(text: string, [start, end]: [number, number]): [number, number] {
  if (end < text.length || text.endsWith('\n') || start === 0 || text[start - 1] !== '\n')
    return [start, end];
  return [start - (start > 1 && text[start - 2] === '\r' ? 2 : 1), end];
}
