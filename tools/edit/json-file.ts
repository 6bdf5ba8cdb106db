// A JSON model file parsed for editing: jsonc-parser's syntax tree gives every node's offset, so edits
// replace exact ranges of the original text (docs/editing.md, "What an edit rewrites").
import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { EditError, placeOf } from './edit-error.js';
import { detectJsonStyle, type JsonStyle } from './json-style.js';
import { lineNumberAt } from './line-endings.js';
import { memoByText } from './parse-memo.js';

export type { Node as JsonNode } from 'jsonc-parser';

/** A JSON model file parsed for editing: its text (without BOM), syntax tree and formatting habits. */
export interface JsonFile {
  path: string;
  text: string;
  root: JsonNode;
  style: JsonStyle;
}

/** Parses a JSON file's text as strict JSON; recent parses are reused (parse-memo.ts). */
export const parseJsonEditable = memoByText(parseJsonText);

function parseJsonText(path: string, text: string): JsonFile {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  if (!root || error) {
    const line = lineNumberAt(text, error?.offset ?? 0);
    const what = error ? printParseErrorCode(error.error) : 'no value';
    throw new EditError(
      'unsupported-layout',
      `${placeOf(path, line)}the file is not strict JSON (${what}); fix it first`,
      { file: path, line },
    );
  }
  return { path, text, root, style: detectJsonStyle(text, root) };
}

/** Offset just past a node's last character. */
export function nodeEnd(node: JsonNode): number {
  return node.offset + node.length;
}

/** The key of a property node. */
export function keyOf(property: JsonNode): string {
  return String(property.children![0]!.value);
}

/** The value node of a property node. */
export function valueOf(property: JsonNode): JsonNode {
  return property.children![1]!;
}

/** Whether a node is an object or an array. */
export function isContainer(node: JsonNode): boolean {
  return node.type === 'object' || node.type === 'array';
}
