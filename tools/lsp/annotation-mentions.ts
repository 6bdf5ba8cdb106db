// Source annotations as mentions of an id in the language server: find references lists them beside
// the model's own, and a rename rewrites them in the same workspace edit as the model files, the lock
// and the review stamps (docs/ide.md).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Location, TextDocumentEdit } from 'vscode-languageserver';
import type { Annotation } from '../sources/annotation.js';
import type { LspWorkspace } from './lsp-workspace.js';

/** The range of an annotation's id, in LSP's 0-based lines and UTF-16 columns. */
function idRange(a: Annotation, length: number): Location['range'] {
  const start = { line: a.line - 1, character: a.column - 1 };
  return { start, end: { line: start.line, character: start.character + length } };
}

/** The annotations that name an id: the open source files as typed, the others as last read. */
export function annotationLocations(ws: LspWorkspace, id: string): Location[] {
  return ws.engine
    .annotationsOf(id)
    .map((a) => ({ uri: pathToFileURL(a.file).href, range: idRange(a, id.length) }));
}

/** A source file's text: its buffer while it is open, else the file on disk. */
function sourceText(ws: LspWorkspace, file: string): string | undefined {
  const open = ws.textOf(file);
  if (open !== undefined) return open;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The edits that rename an id where annotations name it, file by file. Each place is checked against
 * the file's text first: a file changed since it was last read is left out rather than edited blind
 * (the watcher's news has it read again).
 */
export function annotationRenameEdits(ws: LspWorkspace, id: string, newId: string): TextDocumentEdit[] {
  const byFile = new Map<string, Annotation[]>();
  for (const a of ws.engine.annotationsOf(id)) {
    const list = byFile.get(a.file);
    if (list) list.push(a);
    else byFile.set(a.file, [a]);
  }
  const out: TextDocumentEdit[] = [];
  for (const [file, annotations] of byFile) {
    const lines = sourceText(ws, file)?.split('\n');
    if (!lines) continue;
    const edits = annotations
      .filter((a) => lines[a.line - 1]?.startsWith(id, a.column - 1) === true)
      .map((a) => ({ range: idRange(a, id.length), newText: newId }));
    if (edits.length > 0) out.push({ textDocument: { uri: pathToFileURL(file).href, version: null }, edits });
  }
  return out;
}
