import { Composer, LineCounter, Parser, type Document } from 'yaml';
import { commentsIn, type CommentToken } from './cst-comments.js';
import { MAX_ALIAS_COUNT } from '../model/parse-documents.js';
import { memoByText } from './parse-memo.js';
import { styleOfTally, tallyStyle, type RenderStyle } from './render-style.js';
import { knownTally, rememberTally } from './style-tally.js';
import { blockStyleTally } from './block-style-tally.js';

/** A model file parsed for editing: its text, documents with links to their source tokens, and style. */
export interface EditableFile {
  path: string;
  /** decoded text without BOM */
  text: string;
  docs: Document.Parsed[];
  /** each document's plain value (aliases and merge keys resolved), as the loader sees it */
  values: unknown[];
  /** the file's style for new text (worked out when first asked for) */
  readonly style: RenderStyle;
  lineCounter: LineCounter;
  /** every comment of the file (of the region, for a region), from the same parse */
  comments: () => CommentToken[];
  /**
   * Set when only some lines of the text were parsed (one entity's list item, editable-region.ts): the
   * lines' range and the number of their first line. Offsets and ranges are still the whole text's.
   */
  region?: { start: number; end: number; line: number };
}

/**
 * Parses a file's text the way the loader does, keeping source tokens so edits can find exact ranges.
 * Recent parses are reused (parse-memo.ts): callers only read the result.
 */
export const parseEditable = memoByText(parseEditableText);

function parseEditableText(path: string, text: string): EditableFile {
  const lineCounter = new LineCounter();
  // What parseAllDocuments does, keeping the concrete syntax tree for the file's comments.
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  return editableOf(path, text, tokens, lineCounter, (docs) => {
    const tally = tallyStyle(text, docs);
    rememberTally(path, text, tally);
    return styleOfTally(tally);
  });
}

/**
 * Parses the lines [start, end) of a file's text alone, with the offsets of the whole text (the yaml
 * package's parser counts from the offset it is given). The file's style is its whole text's: taken
 * from the tally remembered for the text (style-tally.ts), else read with rr's block reader
 * (block-style-tally.ts), else from a parse of the whole text.
 */
export function parseEditableLines(
  path: string,
  text: string,
  start: number,
  end: number,
  line: number,
): EditableFile {
  const lineCounter = new LineCounter();
  // Lines are counted from the region's first line (lineOf adds the lines before it).
  if (start > 0) lineCounter.addNewLine(start);
  const parser = new Parser(lineCounter.addNewLine);
  parser.offset = start;
  const tokens = [...parser.parse(text.slice(start, end))];
  const styleOf = () => {
    let tally = knownTally(path, text);
    if (!tally) {
      tally = blockStyleTally(text);
      if (tally) rememberTally(path, text, tally);
    }
    return tally ? styleOfTally(tally) : parseEditable(path, text).style;
  };
  return editableOf(path, text, tokens, lineCounter, styleOf, { start, end, line });
}

/** A parsed file (or region) of the tokens given; its style worked out by `styleOf` when first read. */
function editableOf(
  path: string,
  text: string,
  tokens: Parameters<Composer['compose']>[0],
  lineCounter: LineCounter,
  styleOf: (docs: Document.Parsed[]) => RenderStyle,
  region?: EditableFile['region'],
): EditableFile {
  const docs = composeTokens(tokens);
  let style: RenderStyle | undefined;
  return {
    path,
    text,
    docs,
    values: plainValues(docs),
    get style() {
      return (style ??= styleOf(docs));
    },
    lineCounter,
    comments: commentsOnce(tokens),
    ...(region ? { region } : {}),
  };
}

function composeTokens(tokens: Parameters<Composer['compose']>[0]): Document.Parsed[] {
  const composer = new Composer({
    keepSourceTokens: true,
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
  });
  return [...composer.compose(tokens)] as Document.Parsed[];
}

function plainValues(docs: readonly Document.Parsed[]): unknown[] {
  return docs.map((doc) => {
    try {
      return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    } catch {
      return undefined;
    }
  });
}

function commentsOnce(tokens: unknown): () => CommentToken[] {
  let comments: CommentToken[] | undefined;
  return () => (comments ??= commentsIn(tokens));
}

/** 1-based line of an offset, for messages. */
export function lineOf(file: EditableFile, offset: number): number {
  const line = file.lineCounter.linePos(offset).line;
  return file.region ? file.region.line - 1 + line : line;
}

/** Whether a path is a JSON model file (never edited in place). */
export function isJsonFile(path: string): boolean {
  return /\.json$/i.test(path);
}
