// A reader for strict JSON model files that gives the same documents and positions as the yaml package
// (which reads any JSON as YAML), several times faster: JSON.parse makes the value and checks the text
// is strict JSON, jsonc-parser's visitor gives where each node and key starts, and the nodes are those
// of the block reader, so positions are looked up by the same code. It declines (returns undefined)
// what the yaml package would read differently or report: text JSON.parse refuses, duplicate keys, a
// `__proto__` key, keys of over 1,024 characters. A declined file is read by the yaml package, which
// says what is wrong with it. test/model/json-model-reader.test.ts compares the two readers.
import { visit } from 'jsonc-parser';
import type { BlockYamlFile, ReadMap, ReadNode, ReadSeq } from './block-yaml-reader.js';

/** The longest key the yaml package takes without an error. */
const MAX_KEY_LENGTH = 1024;

/** Reads a strict JSON text, or returns undefined when the yaml package must read it. */
export function readJsonModel(text: string): BlockYamlFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const root = jsonNodes(text);
  if (root === undefined) return undefined;
  return { documents: [{ root, value }], lineStarts: lineStarts(text) };
}

/** Offsets where the lines of a text start, as the yaml package's LineCounter holds them. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The node tree of a text JSON.parse accepted, or undefined when a key makes it the yaml package's. */
function jsonNodes(text: string): ReadNode | undefined {
  let root: ReadNode | undefined;
  let declined = false;
  const open: (ReadMap | ReadSeq)[] = [];
  const keys: Set<string>[] = [];
  let key: { key: string; keyStart: number } | undefined;
  const place = (node: ReadNode) => {
    const parent = open[open.length - 1];
    if (parent === undefined) root = node;
    else if (parent.kind === 'seq') parent.items.push(node);
    else if (key !== undefined) {
      parent.pairs.push({ ...key, value: node });
      key = undefined;
    }
  };
  visit(text, {
    onObjectBegin: (offset) => {
      const node: ReadMap = { kind: 'map', start: offset, pairs: [] };
      place(node);
      open.push(node);
      keys.push(new Set());
    },
    onObjectProperty: (property, offset) => {
      const seen = keys[keys.length - 1]!;
      if (seen.has(property) || property === '__proto__' || property.length > MAX_KEY_LENGTH) declined = true;
      seen.add(property);
      key = { key: property, keyStart: offset };
    },
    onObjectEnd: () => {
      open.pop();
      keys.pop();
    },
    onArrayBegin: (offset) => {
      const node: ReadSeq = { kind: 'seq', start: offset, items: [] };
      place(node);
      open.push(node);
    },
    onArrayEnd: () => {
      open.pop();
    },
    // The value is JSON.parse's; the node records where it starts.
    onLiteralValue: (_value, offset) => place({ kind: 'scalar', start: offset, value: undefined }),
  });
  return declined ? undefined : root;
}
