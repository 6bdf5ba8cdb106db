// One safe way to read an XML evidence file into plain elements: fast-xml-parser with entity expansion
// off, checked first by its validator (the parser alone accepts unclosed tags and reports no lines).
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { decodeXmlReferences } from './xml-references.js';

/** An XML element with decoded attribute values and text. */
export interface XmlElement {
  name: string;
  /** attribute values with character references decoded */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** the element's own text and CDATA, concatenated; not its children's */
  text: string;
  /** 1-based line of the element's start tag */
  line: number;
}

/** The top-level elements of a document, or why it cannot be read (a sentence naming the problem). */
export type XmlParse =
  | { ok: true; elements: XmlElement[]; doctype: boolean }
  | { ok: false; message: string; line?: number; column?: number };

/** fast-xml-parser options of every evidence parse (exported so bench/report parses alike). */
export const PARSER_OPTIONS: X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Entity expansion off: DOCTYPE entities stay unexpanded, so a billion-laughs file cannot blow up.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: false,
  captureMetaData: true,
};

const ATTRIBUTES = ':@';
const TEXT = '#text';
const CDATA = '#cdata';

// A DOCTYPE can only stand in the prolog: after the declaration, comments and processing instructions.
const DOCTYPE_IN_PROLOG = /^\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*<!DOCTYPE/;

type OrderedNode = Record<string, unknown>;

/** Parses XML text; a document that is not well-formed gives the validator's message and position. */
export function parseXml(text: string): XmlParse {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return {
      ok: false,
      message: `not well-formed XML: ${valid.err.msg}`,
      line: valid.err.line,
      column: valid.err.col,
    };
  }
  let nodes: OrderedNode[];
  try {
    nodes = new XMLParser(PARSER_OPTIONS).parse(text) as OrderedNode[];
  } catch (error) {
    // The validator passed, but the parser has its own limits (external entities, nesting depth,
    // reserved names such as __proto__).
    return {
      ok: false,
      message: `XML not supported: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const lines = lineStarts(text);
  return { ok: true, elements: toElements(nodes, lines), doctype: DOCTYPE_IN_PROLOG.test(text) };
}

function toElements(nodes: OrderedNode[], lines: number[]): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ATTRIBUTES);
    // Text, CDATA and processing instructions (`?xml`) are not elements.
    if (name === undefined || name === TEXT || name === CDATA || name.startsWith('?')) continue;
    const content = (node[name] ?? []) as OrderedNode[];
    elements.push({
      name,
      attributes: decodedAttributes(node[ATTRIBUTES]),
      children: toElements(content, lines),
      text: ownText(content),
      line: lineOf(lines, startIndex(node)),
    });
  }
  return elements;
}

function decodedAttributes(raw: unknown): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      attributes[key] = decodeXmlReferences(String(value));
    }
  }
  return attributes;
}

function ownText(content: OrderedNode[]): string {
  let text = '';
  for (const node of content) {
    if (TEXT in node) text += decodeXmlReferences(String(node[TEXT]));
    else if (CDATA in node) {
      // CDATA is literal: `&amp;` inside it means the five characters.
      for (const part of node[CDATA] as OrderedNode[]) text += String(part[TEXT] ?? '');
    }
  }
  return text;
}

function startIndex(node: OrderedNode): number {
  // Typed as the Symbol wrapper object; it is a symbol primitive at run time.
  const key = XMLParser.getMetaDataSymbol() as unknown as symbol;
  const meta = (node as Record<symbol, { startIndex?: number } | undefined>)[key];
  return meta?.startIndex ?? 0;
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line holding an offset. */
function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}
