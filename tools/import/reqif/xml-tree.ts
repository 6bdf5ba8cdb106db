// A ReqIF file as a tree of elements that keeps text and child elements in document order (XHTML
// values are mixed content), read with saxes, the conforming parser rr reads evidence with. saxes never
// reads a DTD: no entity expansion, no external fetches.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** An element: its name as written (with any prefix), attributes, and children in order. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: (XmlNode | string)[];
  /** 1-based line of the start tag */
  line: number;
}

/** The element's name without its namespace prefix: `xhtml:div` → `div`. */
export function localName(node: XmlNode): string {
  const cut = node.name.indexOf(':');
  return cut < 0 ? node.name : node.name.slice(cut + 1);
}

/** Child elements, optionally only those with a local name. */
export function childElements(node: XmlNode, name?: string): XmlNode[] {
  return node.children.filter(
    (c): c is XmlNode => typeof c !== 'string' && (name === undefined || localName(c) === name),
  );
}

/** The first child element with a local name. */
export function childElement(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node === undefined ? undefined : childElements(node, name)[0];
}

/** The element's text content, its descendants' included. */
export function textContent(node: XmlNode): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
}

/** Why a file is not well-formed XML, with where. */
export class XmlTreeError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses XML text into its root element; throws XmlTreeError for text that is not well-formed. */
export function parseXmlTree(text: string): XmlNode {
  const parser = new SaxesParser({ position: true, xmlns: false } as const);
  const open: XmlNode[] = [];
  let root: XmlNode | undefined;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const node: XmlNode = { name: tag.name, attributes: tag.attributes, children: [], line: parser.line };
    const parent = open[open.length - 1];
    if (parent === undefined) root = node;
    else parent.children.push(node);
    if (!tag.isSelfClosing) open.push(node);
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (!tag.isSelfClosing) open.pop();
  });
  const addText = (data: string) => {
    const current = open[open.length - 1];
    if (current === undefined) return;
    const last = current.children[current.children.length - 1];
    if (typeof last === 'string') current.children[current.children.length - 1] = last + data;
    else current.children.push(data);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error: Error) => {
    // An HTML entity such as &nbsp; in XHTML: rr reads no DTD, so it stays as written.
    if (/undefined entity/.test(error.message)) return;
    throw new XmlTreeError(
      `not well-formed XML: ${error.message.replace(/^\d+:\d+: /, '')}`,
      parser.line,
      parser.column + 1,
    );
  });
  parser.write(text.replace(/^\uFEFF/, '')).close();
  if (root === undefined) throw new XmlTreeError('no XML element in the file', 1, 1);
  return root;
}
