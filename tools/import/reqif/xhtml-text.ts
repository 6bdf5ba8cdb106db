// rr's descriptions are plain text; ReqIF carries rich text as XHTML. Text goes out as paragraphs
// (`<p>`, blank-line separated) with `<br/>` for line breaks, or as one `<pre>` when its spaces matter;
// XHTML comes in as text the way a browser lays it out: blocks on their own lines, whitespace collapsed
// outside `<pre>`. For rr's own XHTML the two are exact inverses (docs/import-export.md).
import type { XmlNode as WrittenElement } from '../../xml/xml-writer.js';
import { localName, type XmlNode } from './xml-tree.js';

/** Blocks separated from the previous block by a blank line. */
const PARAGRAPH_BLOCKS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'table',
  'ul',
  'ol',
]);
/** Blocks separated from the previous block by a line break. */
const LINE_BLOCKS = new Set(['li', 'tr', 'dt', 'dd']);

/** Text whose layout survives paragraphs and line breaks: no runs of spaces, tabs or edge spaces. */
function layoutIsPlain(text: string): boolean {
  return !/[\t\r]| {2}|^ | $/m.test(text);
}

/** The XHTML of a text: one `xhtml:div` (the prefix the document root declares), written compactly. */
export function textToXhtml(text: string): WrittenElement {
  const div = (content: WrittenElement[]): WrittenElement => ({ name: 'xhtml:div', content, inline: true });
  if (!layoutIsPlain(text)) return div([{ name: 'xhtml:pre', content: [text] }]);
  const paragraphs = text.split('\n\n').map((p) => ({
    name: 'xhtml:p',
    content: p.split('\n').flatMap((line, i) => (i === 0 ? [line] : [{ name: 'xhtml:br' }, line])),
  }));
  return div(paragraphs);
}

interface Block {
  separator: string;
  text: string;
  pre: boolean;
}

/** The stronger of two block separators: a blank line beats a line break. */
function stronger(a: string, b: string): string {
  return a.length >= b.length ? a : b;
}

/** The text of an XHTML value (the THE-VALUE element or anything inside it). */
export function xhtmlToText(node: XmlNode): { text: string; objects: string[] } {
  const blocks: Block[] = [];
  const objects: string[] = [];
  let text = '';
  let pre = false;
  let started = false;
  // The separator the next block gets: the strongest of the block edges passed since the last one.
  let pending = '';
  const flush = (force: boolean) => {
    if (force || text.trim() !== '') blocks.push({ separator: pending, text, pre });
    if (force || text.trim() !== '') pending = '';
    text = '';
    pre = false;
    started = false;
  };
  const walk = (n: XmlNode, inPre: boolean) => {
    for (const child of n.children) {
      if (typeof child === 'string') {
        text += inPre ? child : child.replace(/[ \t\r\n]+/g, ' ');
        pre ||= inPre;
        started = true;
        continue;
      }
      const name = localName(child).toLowerCase();
      if (name === 'br') {
        text += '\n';
        started = true;
      } else if (name === 'object') {
        const data = child.attributes.data ?? child.attributes.name ?? 'an embedded object';
        objects.push(data);
        text += `[${child.attributes.type ?? 'object'}: ${data}]`;
        started = true;
      } else if (PARAGRAPH_BLOCKS.has(name) || LINE_BLOCKS.has(name)) {
        const edge = LINE_BLOCKS.has(name) ? '\n' : '\n\n';
        if (started) flush(false);
        pending = stronger(pending, edge);
        const before = blocks.length;
        walk(child, inPre || name === 'pre');
        // A block with no blocks inside is one block, even an empty one (an empty paragraph).
        if (blocks.length === before || started) flush(blocks.length === before);
        pending = stronger(pending, edge);
      } else {
        if ((name === 'td' || name === 'th') && text.trim() !== '') text += ' | ';
        walk(child, inPre);
      }
    }
  };
  walk(node, false);
  if (started) flush(false);
  const out = blocks.map((b, i) => (i === 0 ? '' : b.separator) + (b.pre ? b.text : tidy(b.text))).join('');
  return { text: out, objects };
}

/** Spaces next to line breaks and at the ends of a block are layout, not text. */
function tidy(text: string): string {
  return text.replace(/ *\n */g, '\n').replace(/^ +| +$/g, '');
}
