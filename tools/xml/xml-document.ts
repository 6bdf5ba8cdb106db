// The one XML reader of rr and the viewer (test/layers/one-home.test.ts), for evidence, ReqIF and KiCad
// netlists: saxes, a conforming streaming parser, builds plain elements in one pass that checks
// well-formedness and records each start tag's line. saxes never reads a DTD:
// DOCTYPE entities are not expanded (no billion laughs) and no external entity is fetched.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** An XML element with decoded attribute values and text. */
export interface XmlElement {
  name: string;
  /** attribute values with references decoded (a prototype-less object) */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** the element's own text and CDATA, concatenated; not its children's */
  text: string;
  /** 1-based line of the element's start tag */
  line: number;
  /** with `mixedContent`: text and child elements in document order (XHTML in ReqIF) */
  content?: (XmlElement | string)[];
}

/** How a document is read. */
export interface XmlReadOptions {
  /** Also keep each element's text and children in document order, as `content`. */
  mixedContent?: boolean;
}

/** The top-level elements of a document, or why it cannot be read (a sentence naming the problem). */
export type XmlParse =
  | {
      ok: true;
      elements: XmlElement[];
      /** 1-based line of a DOCTYPE declaration, if there is one */ doctypeLine?: number;
    }
  | { ok: false; message: string; line?: number; column?: number };

/** Elements nested deeper than this are refused: no JUnit writer nests suites anywhere near it. */
export const MAX_DEPTH = 100;

// saxes reports these and goes on with the reference as written. rr reads no DTD, so an entity a
// DOCTYPE declares (or an HTML one such as &nbsp; in a message) stays literal text instead of costing
// the file; the DOCTYPE itself gets a warning from the caller.
const KEPT_AS_WRITTEN = new Set(['undefined entity.', 'malformed character entity.']);

/** Why parsing stopped, with where. */
class XmlStop extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(reason);
  }
}

// Leaves (most testcases) share this frozen list until a first child replaces it: one array less per case.
const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[];

/** Parses XML text; a document that is not well-formed gives the parser's message and position. */
export function parseXml(text: string, options: XmlReadOptions = {}): XmlParse {
  const mixed = options.mixedContent === true;
  const parser = new SaxesParser({ position: true, xmlns: false } as const);
  const top: XmlElement[] = [];
  const open: XmlElement[] = [];
  let doctypeLine: number | undefined;
  let startLine = 1;
  // Reported once the whole declaration is read: its line is where it starts.
  parser.on('doctype', (doctype: string) => {
    doctypeLine ??= parser.line - (doctype.match(/\n/g)?.length ?? 0);
  });
  // The start tag's name has just been read, and the character after it: the parser's line is that of
  // the `<` less any line break between the two (`<testcase` at the end of a line).
  parser.on('opentagstart', () => {
    const end = parser.position;
    let breaks = 0;
    for (let i = text.lastIndexOf('<', end - 1); i < end; i++) if (text.charCodeAt(i) === 10) breaks++;
    startLine = parser.line - breaks;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (open.length >= MAX_DEPTH) {
      throw new XmlStop(`XML not supported: elements nested more than ${MAX_DEPTH} deep`, startLine);
    }
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes,
      children: NO_CHILDREN,
      text: '',
      line: startLine,
    };
    if (mixed) element.content = [];
    const parent = open[open.length - 1];
    parent?.content?.push(element);
    if (parent === undefined) top.push(element);
    else if (parent.children === NO_CHILDREN) parent.children = [element];
    else parent.children.push(element);
    if (!tag.isSelfClosing) open.push(element);
  });
  let closed: XmlElement | undefined;
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (!tag.isSelfClosing) closed = open.pop();
  });
  const addText = (data: string) => {
    const current = open[open.length - 1];
    if (current === undefined) return;
    current.text += data;
    const content = current.content;
    if (content === undefined) return;
    const last = content.length - 1;
    if (typeof content[last] === 'string') content[last] += data;
    else content.push(data);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error: Error) => {
    const reason = error.message.replace(/^\d+:\d+: /, '');
    if (KEPT_AS_WRITTEN.has(reason)) return;
    // saxes reads an entity name up to the next `;`, so a bare `&` shows up later as another error.
    const ampersand = bareAmpersand(text, parser.position);
    if (ampersand !== undefined) {
      throw new XmlStop(
        'not well-formed XML: a bare "&"; write it as &amp;',
        ampersand.line,
        ampersand.column,
      );
    }
    if (reason === 'unexpected close tag.' && closed !== undefined) {
      const end = endTagBefore(text, parser.position);
      const message = `the end tag </${end.name}> does not match <${closed.name}> (line ${closed.line})`;
      throw new XmlStop(`not well-formed XML: ${message}`, parser.line, end.column);
    }
    const unclosed = open[open.length - 1];
    if (reason.startsWith('unclosed tag:') && unclosed !== undefined) {
      const message = `the file ends inside <${unclosed.name}> (line ${unclosed.line}): was it cut short?`;
      // Where the text ends: just past its last character.
      throw new XmlStop(`not well-formed XML: ${message}`, parser.line, text.length - text.lastIndexOf('\n'));
    }
    throw new XmlStop(`not well-formed XML: ${reason}`, parser.line, parser.column + 1);
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (!(error instanceof XmlStop)) throw error;
    const stop: XmlParse = { ok: false, message: error.reason };
    if (error.line !== undefined) stop.line = error.line;
    if (error.column !== undefined) stop.column = error.column;
    return stop;
  }
  const parsed: XmlParse = { ok: true, elements: top };
  if (doctypeLine !== undefined) parsed.doctypeLine = doctypeLine;
  return parsed;
}

// An `&` that starts no entity or character reference.
const BARE_AMPERSAND = /&(?![A-Za-z_:][\w.:-]*;|#[0-9]+;|#x[0-9A-Fa-f]+;)/g;

// Where an `&` is plain text: CDATA sections, comments and processing instructions (blanked out, so
// offsets stay the same).
const LITERAL_SECTIONS = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;

/** The line and column of the first bare `&` before `position`, if there is one (only on errors). */
function bareAmpersand(text: string, position: number): { line: number; column: number } | undefined {
  const markup = text.replace(LITERAL_SECTIONS, (section) => section.replace(/[^\n]/g, ' '));
  BARE_AMPERSAND.lastIndex = 0;
  const found = BARE_AMPERSAND.exec(markup);
  if (found === null || found.index >= position) return undefined;
  const before = text.slice(0, found.index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: found.index - lineStart + 1 };
}

/** The name and 1-based column of the end tag that finishes just before `position`. */
function endTagBefore(text: string, position: number): { name: string; column: number } {
  const start = text.lastIndexOf('</', position - 1);
  const name = /^<\/([^\s>]*)/.exec(text.slice(start, start + 256))?.[1] ?? '';
  return { name, column: start - text.lastIndexOf('\n', start - 1) };
}
