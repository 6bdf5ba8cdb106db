import { Composer, LineCounter, Parser, type Document } from 'yaml';
import { commentsIn, type CommentToken } from './cst-comments.js';
import { MAX_ALIAS_COUNT } from '../model/parse-documents.js';
import { memoByText } from './parse-memo.js';
import { detectStyle, type RenderStyle } from './render-style.js';

/** A model file parsed for editing: its text, documents with links to their source tokens, and style. */
export interface EditableFile {
  path: string;
  /** decoded text without BOM */
  text: string;
  docs: Document.Parsed[];
  /** each document's plain value (aliases and merge keys resolved), as the loader sees it */
  values: unknown[];
  style: RenderStyle;
  lineCounter: LineCounter;
  /** every comment of the file, from the same parse */
  comments: () => CommentToken[];
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
  const composer = new Composer({
    keepSourceTokens: true,
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const docs = [...composer.compose(tokens)] as Document.Parsed[];
  const values = docs.map((doc) => {
    try {
      return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    } catch {
      return undefined;
    }
  });
  let comments: CommentToken[] | undefined;
  return {
    path,
    text,
    docs,
    values,
    style: detectStyle(text, docs),
    lineCounter,
    comments: () => (comments ??= commentsIn(tokens)),
  };
}

/** 1-based line of an offset, for messages. */
export function lineOf(file: EditableFile, offset: number): number {
  return file.lineCounter.linePos(offset).line;
}

/** Whether a path is a JSON model file (never edited in place). */
export function isJsonFile(path: string): boolean {
  return /\.json$/i.test(path);
}
