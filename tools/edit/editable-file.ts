import { LineCounter, parseAllDocuments, type Document } from 'yaml';
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
}

/**
 * Parses a file's text the way the loader does, keeping source tokens so edits can find exact ranges.
 * Recent parses are reused (parse-memo.ts): callers only read the result.
 */
export const parseEditable = memoByText(parseEditableText);

function parseEditableText(path: string, text: string): EditableFile {
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, {
    keepSourceTokens: true,
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
    lineCounter,
  });
  const docs = Array.isArray(parsed) ? parsed : [];
  const values = docs.map((doc) => {
    try {
      return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    } catch {
      return undefined;
    }
  });
  return { path, text, docs, values, style: detectStyle(text, docs), lineCounter };
}

/** 1-based line of an offset, for messages. */
export function lineOf(file: EditableFile, offset: number): number {
  return file.lineCounter.linePos(offset).line;
}

/** Whether a path is a JSON model file (never edited in place). */
export function isJsonFile(path: string): boolean {
  return /\.json$/i.test(path);
}
