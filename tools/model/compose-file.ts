import { composeDocument, type ComposedDocument } from './compose-document.js';
import type { Diagnostic } from './diagnostic.js';
import { readFileSync } from 'node:fs';
import {
  admitToComposeCache,
  composeCacheDir,
  composeCacheKey,
  MIN_CACHED_BYTES,
  readComposeCache,
  lookedUpBytes,
  writeComposeCache,
} from './compose-cache.js';
import { decodeModelBytes, readModelTextSync, type ModelText } from './model-text.js';
import { parseModelText } from './parse-documents.js';

/** What one model file contributes: plain data only, so a worker thread can send it back. */
export interface ComposedFile {
  file: string;
  documents: ComposedDocument[];
  diagnostics: Diagnostic[];
  /** the file could not be read, decoded or parsed at all */
  unreadable: boolean;
}

/**
 * Reads, parses and composes one model file, or takes it from the compose cache when its bytes are
 * known (written there the second time the same bytes are composed, docs/decisions/0350). The file is read synchronously: files are composed one after another per thread, and awaiting
 * each read left the thread idle (about an eighth of `rr validate`'s first run on 10,000 entities).
 */
export function composeModelFile(file: string): Promise<ComposedFile> {
  return Promise.resolve(composeModelFileRead(file).composed);
}

/** A file composed, with the text it was decoded into (none when the compose cache served it). */
export interface ComposedRead {
  composed: ComposedFile;
  text?: ModelText;
}

/**
 * Reads and composes one model file as composeModelFile does, keeping the decoded text: the incremental
 * engine takes it as the file's input, the very string the composed file's positions are read from.
 */
export function composeModelFileRead(file: string): ComposedRead {
  const cacheDir = composeCacheDir();
  const looked = lookedUpBytes(file);
  let bytes: Buffer;
  if (looked) bytes = looked.bytes;
  else {
    try {
      bytes = readFileSync(file);
    } catch {
      return decoded(file, readModelTextSync(file)); // says why it cannot be read
    }
  }
  if (cacheDir === undefined || bytes.length < MIN_CACHED_BYTES)
    return decoded(file, decodeModelBytes(file, bytes));
  const key = looked?.key ?? composeCacheKey(file, bytes);
  const cached = readComposeCache(cacheDir, key);
  if (cached !== undefined) return { composed: cached };
  const read = decoded(file, decodeModelBytes(file, bytes));
  if (admitToComposeCache(cacheDir, key)) writeComposeCache(cacheDir, key, read.composed);
  return read;
}

function decoded(file: string, text: ModelText): ComposedRead {
  return { composed: composeModelText(file, text), text };
}

/** Parses and composes a file's decoded text; exported for the editor, which reads and edits bytes itself. */
export function composeModelText(file: string, read: ModelText): ComposedFile {
  return composeModelTextWithValues(file, read).composed;
}

/**
 * Parses and composes a file's decoded text, keeping each non-empty document's plain value as the
 * loader read it: the editor's proof compares what lies outside the entities (tools/edit/edit-proof.ts).
 */
export function composeModelTextWithValues(
  file: string,
  read: ModelText,
): { composed: ComposedFile; values: unknown[] } {
  if (!read.ok)
    return {
      composed: { file, documents: [], diagnostics: [read.diagnostic], unreadable: true },
      values: [],
    };
  const parsed = parseModelText(file, read.text);
  const composed = {
    file,
    documents: parsed.documents.map((doc) => composeDocument(file, doc)),
    diagnostics: parsed.diagnostics,
    unreadable: parsed.diagnostics.length > 0 && parsed.documents.length === 0,
  };
  return { composed, values: parsed.documents.map((doc) => doc.value) };
}
