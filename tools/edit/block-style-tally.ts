// A file's style tally (render-style.ts) from rr's block reader (tools/model/block-yaml-reader.ts)
// instead of the yaml package: the reader agrees with the yaml package node for node and offset for
// offset wherever it reads, and a scalar's style is the character it starts with. It is several
// times faster, so the first save of a large file that renders new text does not parse the whole file
// with the yaml package (docs/decisions/0375-editing-one-entity-parsed-alone.md). Undefined when the
// reader declines the text; the caller then parses it with the yaml package.
import { readBlockYaml, type ReadNode } from '../model/block-yaml-reader.js';
import { lineStart } from './line-endings.js';
import { DATE_TEXT, type StyleTally } from './render-style.js';

/** The tally tallyStyle gives for a text, read with the block reader; undefined when it declines the text. */
export function blockStyleTally(text: string): StyleTally | undefined {
  const file = readBlockYaml(text);
  if (!file) return undefined;
  const tally: StyleTally = { single: 0, double: 0, quotedDates: 0, plainDates: 0 };
  const column = (offset: number) => offset - lineStart(text, offset);
  const scalar = (start: number, value: unknown) => {
    const c = text[start];
    const quoted = c === "'" || c === '"';
    if (c === "'") tally.single++;
    else if (c === '"') tally.double++;
    if (typeof value !== 'string' || !DATE_TEXT.test(value) || c === '|' || c === '>') return;
    if (quoted) tally.quotedDates++;
    else tally.plainDates++;
  };
  // In document order, as the yaml package's visit goes: a pair, its key, then its value.
  const walk = (node: ReadNode): void => {
    if (node.kind === 'scalar') return scalar(node.start, node.value);
    if (node.kind === 'seq') {
      const flow = text[node.start] === '[';
      if (flow && tally.flowPadding === undefined && node.items.length > 0)
        tally.flowPadding = { value: text[node.start + 1] === ' ', at: node.start, reach: node.start + 1 };
      node.items.forEach(walk);
      return;
    }
    for (const pair of node.pairs) {
      const value = pair.value;
      const block = value.kind !== 'scalar' && !(text[value.start] === '[' || text[value.start] === '{');
      // A block list starts at its first dash, a block mapping at its first key.
      const firstAt =
        value.kind === 'seq' ? value.start : value.kind === 'map' ? value.pairs[0]?.keyStart : undefined;
      if (block && firstAt !== undefined) {
        const step = column(firstAt) - column(pair.keyStart);
        const at = pair.keyStart;
        if (value.kind === 'seq' && tally.indentSeq === undefined)
          tally.indentSeq = { value: step > 0, at, reach: firstAt };
        if (tally.indent === undefined && step > 0) tally.indent = { value: step, at, reach: firstAt };
      }
      scalar(pair.keyStart, pair.key);
      walk(value);
    }
  };
  for (const doc of file.documents) walk(doc.root);
  return tally;
}
