// What the protocol tests compare: the diagnostics rr prints (rr validate / rr report --format json)
// as an LSP server must publish them, and what a running server has published; with the client's
// side of a buffer opened, a file changed on disk and a workspace edit applied.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  Diagnostic as LspDiagnostic,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { uri, type LspSession } from './lsp-client.js';

/** rr's diagnostics as the server must publish them: by file URI, in rr's order. */
export function expectedByFile(diagnostics: Diagnostic[]): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const d of diagnostics) {
    if (!d.file) continue;
    const list = out.get(uri(d.file)) ?? [];
    list.push({
      line: (d.line ?? 1) - 1,
      character: (d.column ?? 1) - 1,
      severity: d.severity === 'error' ? 1 : 2,
      code: d.rule,
      message: d.message,
    });
    out.set(uri(d.file), list);
  }
  return out;
}

/** What the server has published, by file URI (files whose diagnostics were cleared left out). */
export function publishedByFile(session: LspSession): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const [file, list] of session.diagnostics) {
    if (list.length === 0) continue;
    out.set(
      file,
      list.map((d: LspDiagnostic) => ({
        line: d.range.start.line,
        character: d.range.start.character,
        severity: d.severity,
        code: d.code,
        message: d.message,
      })),
    );
  }
  return out;
}

/** Opens a file in the server as an editor does (its text from disk unless given). */
export async function openFile(
  session: LspSession,
  path: string,
  text = readFileSync(path, 'utf8'),
  languageId = 'yaml',
): Promise<void> {
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: uri(path), languageId, version: 1, text },
  });
}

/** Opens a file and resolves at the server's next status (the round of diagnostics the buffer started). */
export async function openAndSettle(
  session: LspSession,
  path: string,
  text: string,
  languageId: string,
): Promise<void> {
  const status = session.nextStatus();
  await openFile(session, path, text, languageId);
  await status;
}

/** Tells the server, as a client's file watcher does, that files changed on disk; resolves at its next status. */
export async function filesChanged(session: LspSession, paths: string[], type = 2): Promise<void> {
  const status = session.nextStatus();
  await session.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: paths.map((path) => ({ uri: uri(path), type })),
  });
  await status;
}

/** Types a buffer's whole new text; resolves at the server's next status. */
export async function typeText(
  session: LspSession,
  path: string,
  text: string,
  version: number,
): Promise<void> {
  const status = session.nextStatus();
  await session.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: uri(path), version },
    contentChanges: [{ text }],
  });
  await status;
}

/** Writes a workspace edit's document edits to the files on disk, as a client applies and saves it; returns the paths. */
export function applyToDisk(edit: WorkspaceEdit): string[] {
  const written: string[] = [];
  for (const change of (edit.documentChanges ?? []) as TextDocumentEdit[]) {
    if (!('textDocument' in change)) continue;
    const path = fileURLToPath(change.textDocument.uri);
    const doc = TextDocument.create(change.textDocument.uri, 'text', 0, readFileSync(path, 'utf8'));
    writeFileSync(path, TextDocument.applyEdits(doc, change.edits as TextEdit[]));
    written.push(path);
  }
  return written;
}
