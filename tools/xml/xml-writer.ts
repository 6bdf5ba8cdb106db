// The one XML writer of rr and the viewer (test/layers/one-home.test.ts), for JUnit XML, ReqIF and
// test.xml files rewritten after reading them with tools/xml/xml-document.ts. An element whose
// children are all elements is written one element per line, indented by two spaces; an element with
// text among its content (or marked `inline`) is written as its content stands, text and children on
// its line, so text keeps its whitespace and a document read with `mixedContent` is written back as
// it was laid out.
import { escapeMarkup, escapeMarkupAttribute } from './markup-escape.js';

/** Attributes in the order they are written; undefined ones are left out. */
export type XmlAttributes = Readonly<Record<string, string | number | undefined>>;

/** An element to write: text in `content` is escaped here. */
export interface XmlNode {
  name: string;
  attributes?: XmlAttributes;
  /** child elements and text, in document order */
  content?: readonly (XmlNode | string)[];
  /** written on one line as its content stands even when the content is all elements (XHTML in ReqIF) */
  inline?: boolean;
}

/** How empty elements are written: `<a/>` (the default) or `<a></a>`, as Bazel's own test.xml does. */
export interface XmlWriteOptions {
  emptyElements?: 'self-closing' | 'paired';
}

/** A document: the XML declaration, then the root element, ending in a newline. */
export function xmlDocument(root: XmlNode, options: XmlWriteOptions = {}): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  elementXml(root, 0, false, options.emptyElements === 'paired', out);
  return out.join('');
}

/** One element on its own (no declaration), laid out as in a document, ending in a newline. */
export function xmlElement(node: XmlNode, options: XmlWriteOptions = {}): string {
  const out: string[] = [];
  elementXml(node, 0, false, options.emptyElements === 'paired', out);
  return out.join('');
}

// Pieces go into one list joined once: joining per element would copy a deep element's text once per
// level above it.
function elementXml(node: XmlNode, depth: number, inline: boolean, paired: boolean, out: string[]): void {
  const indent = inline ? '' : '  '.repeat(depth);
  const end = inline ? '' : '\n';
  out.push(`${indent}<${node.name}${attributesXml(node.attributes ?? {})}`);
  const content = node.content ?? [];
  if (content.length === 0) {
    out.push(paired ? `></${node.name}>${end}` : `/>${end}`);
    return;
  }
  if (inline || node.inline === true || content.some((item) => typeof item === 'string')) {
    out.push('>');
    for (const item of content)
      if (typeof item === 'string') out.push(textXml(item));
      else elementXml(item, 0, true, paired, out);
    out.push(`</${node.name}>${end}`);
    return;
  }
  out.push('>\n');
  for (const child of content) elementXml(child as XmlNode, depth + 1, false, paired, out);
  out.push(`${indent}</${node.name}>\n`);
}

/** Element text: escaped, and a carriage return as a reference (a reader turns a literal one into a line feed). */
function textXml(text: string): string {
  return escapeMarkup(text).replace(/\r/g, '&#13;');
}

function attributesXml(attributes: XmlAttributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) out += ` ${name}="${escapeMarkupAttribute(String(value))}"`;
  return out;
}
