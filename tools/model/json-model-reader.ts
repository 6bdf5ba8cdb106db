// A reader for strict JSON model files that gives the same documents and positions as the yaml package
// (which reads any JSON as YAML), several times faster: JSON.parse makes the value and checks the text
// is strict JSON, jsonc-parser's visitor gives where each node and key starts, and the nodes are those
// of the block reader, so positions are looked up by the same code. It declines (returns undefined)
// what the yaml package would read differently or report: text JSON.parse refuses, duplicate keys (the
// text writes more keys than JSON.parse kept), a `__proto__` key, keys of over 1,024 characters. A
// declined file is read by the yaml package, which says what is wrong with it.
// test/model/json-model-reader.test.ts compares the two readers.
import { jsoncPackage } from './jsonc-package.js';
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
  const nodes = jsonNodes(text);
  if (nodes === undefined || keysRead(value) !== nodes.written) return undefined;
  return { documents: [{ root: nodes.root, value }], lineStarts: lineStarts(text) };
}

/** Offsets where the lines of a text start, as the yaml package's LineCounter holds them. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The node tree of a text JSON.parse accepted, and how many keys it writes. */
function jsonNodes(text: string): { root: ReadNode; written: number } | undefined {
  let root: ReadNode | undefined;
  const open: (ReadMap | ReadSeq)[] = [];
  let written = 0;
  // The key a value belongs to, while its value is read (plain locals: an object per key cost more).
  let key = '';
  let keyStart = -1;
  const place = (node: ReadNode) => {
    const parent = open[open.length - 1];
    if (parent === undefined) root = node;
    else if (parent.kind === 'seq') parent.items.push(node);
    else parent.pairs.push({ key, keyStart, value: node });
  };
  jsoncPackage().visit(text, {
    onObjectBegin: (offset) => {
      const node: ReadMap = { kind: 'map', start: offset, pairs: [] };
      place(node);
      open.push(node);
    },
    onObjectProperty: (property, offset) => {
      written++;
      key = property;
      keyStart = offset;
    },
    onObjectEnd: () => {
      open.pop();
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
  return root === undefined ? undefined : { root, written };
}

/**
 * How many keys a parsed value holds; undefined for a key the yaml package reads differently. Fewer
 * keys than the text writes means duplicates, which JSON.parse drops without a word.
 */
function keysRead(value: unknown): number | undefined {
  let count = 0;
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const key in v) {
        if (key === '__proto__' || key.length > MAX_KEY_LENGTH) return undefined;
        count++;
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return count;
}
