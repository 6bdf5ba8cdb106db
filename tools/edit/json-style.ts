// How a JSON file is written, so text the editor adds looks like its neighbours: the indentation step
// (as jsonc-parser's FormattingOptions say it), the text between a key and its value, whether lists of
// plain values stay on one line, and the spacing inside one-line lists and objects.
import type { FormattingOptions, Node as JsonNode } from 'jsonc-parser';
import { lineIndent } from './line-endings.js';

/** A JSON file's formatting habits; the first example of each decides, JSON.stringify's otherwise. */
export interface JsonStyle {
  /** one level of indentation: spaces (tabSize of them) or a tab */
  indent: Required<Pick<FormattingOptions, 'insertSpaces' | 'tabSize'>>;
  /** text between a key and its value (`": "` writes `"id": "REQ-001"`) */
  colon: string;
  /** whether a list of strings, numbers, booleans or nulls is written on one line */
  inlineScalarLists: boolean;
  /** separator between the items of a one-line list or object (`, ` or `,`) */
  comma: string;
  /** whether one-line lists and objects have a space inside their brackets (`[ "a" ]`) */
  padding: boolean;
}

/** JSON.stringify's layout (two spaces), for a model without JSON files to copy. */
export const DEFAULT_JSON_STYLE: JsonStyle = {
  indent: { insertSpaces: true, tabSize: 2 },
  colon: ': ',
  inlineScalarLists: false,
  comma: ', ',
  padding: false,
};

/** The text of one indentation level. */
export function indentUnit(style: JsonStyle): string {
  return style.indent.insertSpaces ? ' '.repeat(style.indent.tabSize) : '\t';
}

/** Whether a node is a string, number, boolean or null. */
export function isScalarNode(node: JsonNode): boolean {
  return node.type !== 'object' && node.type !== 'array' && node.type !== 'property';
}

/** Detects a file's style from its tree, visiting nodes until every habit has an example. */
export function detectJsonStyle(text: string, root: JsonNode): JsonStyle {
  let indent: string | undefined;
  let colon: string | undefined;
  let inlineScalarLists: boolean | undefined;
  let comma: string | undefined;
  let padding: boolean | undefined;
  const stack: JsonNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = node.children ?? [];
    if (node.type === 'property') {
      const [key, value] = children;
      const between = key && value ? text.slice(key.offset + key.length, value.offset) : '\n';
      if (colon === undefined && !between.includes('\n')) colon = between;
      if (value) stack.push(value);
      continue;
    }
    const first = children[0];
    if (!first) continue;
    const opening = text.slice(node.offset + 1, first.offset);
    const oneLine = !opening.includes('\n');
    if (oneLine) {
      padding ??= opening.startsWith(' ');
      const between = children[1] ? text.slice(first.offset + first.length, children[1].offset) : '\n';
      if (comma === undefined && !between.includes('\n')) comma = between;
    } else if (indent === undefined) {
      const outer = lineIndent(text, node.offset);
      const inner = lineIndent(text, first.offset);
      if (inner.startsWith(outer) && inner.length > outer.length) indent = inner.slice(outer.length);
    }
    if (inlineScalarLists === undefined && node.type === 'array' && children.every(isScalarNode))
      inlineScalarLists = !text.slice(node.offset, node.offset + node.length).includes('\n');
    const done =
      indent !== undefined &&
      colon !== undefined &&
      inlineScalarLists !== undefined &&
      comma !== undefined &&
      padding !== undefined;
    if (done) break;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  const d = DEFAULT_JSON_STYLE;
  return {
    indent:
      indent === undefined
        ? d.indent
        : indent.startsWith('\t')
          ? { insertSpaces: false, tabSize: 4 }
          : { insertSpaces: true, tabSize: indent.length },
    colon: colon ?? d.colon,
    inlineScalarLists: inlineScalarLists ?? d.inlineScalarLists,
    comma: comma ?? d.comma,
    padding: padding ?? d.padding,
  };
}
