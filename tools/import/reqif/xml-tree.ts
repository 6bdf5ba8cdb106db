// A ReqIF file as a tree of elements that keeps text and child elements in document order (XHTML
// values are mixed content), read by rr's one XML reader (tools/xml/xml-document.ts): no DTD read, no
// entity expansion, no external fetches.
import { parseXml, type XmlElement } from '../../xml/xml-document.js';

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
  const parsed = parseXml(text.replace(/^\uFEFF/, ''), { mixedContent: true });
  if (!parsed.ok) throw new XmlTreeError(parsed.message, parsed.line ?? 1, parsed.column ?? 1);
  const root = parsed.elements[0];
  if (root === undefined) throw new XmlTreeError('no XML element in the file', 1, 1);
  return treeNode(root);
}

function treeNode(element: XmlElement): XmlNode {
  return {
    name: element.name,
    attributes: element.attributes,
    children: (element.content ?? []).map((c) => (typeof c === 'string' ? c : treeNode(c))),
    line: element.line,
  };
}
