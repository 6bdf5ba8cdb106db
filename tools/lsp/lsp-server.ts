import { annotationLocations, annotationRenameEdits } from './annotation-mentions.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createConnection,
  DiagnosticSeverity,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type Location,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isEditError } from '../edit/edit-error.js';
import { entityVersion } from '../edit/entity-version.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { KIND_WORDS, positionOf, type EntityKind } from '../model/entity.js';
import type { SourcePosition } from '../model/source-position.js';
import { codeActions } from './code-actions.js';
import { fieldAt } from './completion-field.js';
import { completionItems } from './completion-items.js';
import { entityHover } from './hover-text.js';
import { resolveSettings, type RrSettings } from './lsp-settings.js';
import { LspWorkspace } from './lsp-workspace.js';
import { declarationOf, mentionsOf } from './model-navigation.js';
import { plannedWorkspaceEdit } from './planned-edit.js';
import { idAt, tokenRange } from './text-positions.js';

const SYMBOL_KINDS: Record<EntityKind, SymbolKind> = {
  user_need: SymbolKind.Interface,
  requirement: SymbolKind.Class,
  risk: SymbolKind.Event,
  mitigation: SymbolKind.Struct,
  test_method: SymbolKind.Method,
};

/** What `rr/status` tells a client after each analysis (the VS Code status bar shows it). */
export interface RrStatus {
  errors: number;
  warnings: number;
  unverified: number;
  entities: number;
  withEvidence: boolean;
}

/**
 * `rr lsp`: a language server on stdin/stdout (docs/ide.md). Every answer comes from the incremental
 * engine over the model's files, with open buffers in place of the files on disk.
 */
export function startLanguageServer(
  // stdin/stdout whether or not the client passes --stdio (editors differ).
  connection: Connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout),
): void {
  const documents = new TextDocuments(TextDocument);
  let ws: LspWorkspace | undefined;
  let root = process.cwd();
  let initial: RrSettings = {};
  let canAskConfiguration = false;
  const published = new Map<string, string>();
  let pending: NodeJS.Immediate | undefined;

  const pathOf = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
  const uriOf = (path: string) => pathToFileURL(path).href;
  const range = (at: SourcePosition) => tokenRange(ws?.textOf(at.file), at.line, at.column);
  const location = (at: SourcePosition): Location => ({ uri: uriOf(at.file), range: range(at) });

  const toLsp = (d: Diagnostic): LspDiagnostic => ({
    range: tokenRange(d.file ? ws?.textOf(d.file) : undefined, d.line ?? 1, d.column ?? 1),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.rule,
    source: 'rr',
    message: d.message,
    ...(d.entity !== undefined ? { data: d.entity } : {}),
  });

  /** Sends the diagnostics of every file whose diagnostics changed since last sent. */
  const publish = () => {
    pending = undefined;
    if (!ws) return;
    ws.settle();
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of ws.diagnostics()) {
      if (!d.file) continue;
      const list = byFile.get(d.file);
      if (list) list.push(d);
      else byFile.set(d.file, [d]);
    }
    for (const file of new Set([...byFile.keys(), ...published.keys()])) {
      const list = (byFile.get(file) ?? []).map(toLsp);
      const key = JSON.stringify(list);
      if (published.get(file) === key) continue;
      if (list.length === 0) published.delete(file);
      else published.set(file, key);
      void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: list });
    }
    void connection.sendNotification('rr/status', status());
  };
  const schedule = () => {
    pending ??= setImmediate(publish);
  };

  const status = (): RrStatus => {
    const all = ws!.diagnostics();
    const s: RrStatus = {
      errors: all.filter((d) => d.severity === 'error').length,
      warnings: all.filter((d) => d.severity === 'warning').length,
      unverified: 0,
      entities: ws!.model().entities.length,
      withEvidence: ws!.withEvidence,
    };
    if (ws!.withEvidence)
      s.unverified = ws!
        .analysis()
        .entities.filter(
          (e) => e.verdict !== null && e.verdict !== 'VERIFIED' && e.verdict !== 'ACCEPTED',
        ).length;
    return s;
  };

  const load = async () => {
    let given = initial;
    if (canAskConfiguration) {
      const asked = (await connection.workspace.getConfiguration('rr')) as RrSettings | null;
      if (asked && typeof asked === 'object') given = { ...initial, ...asked };
    }
    const next = new LspWorkspace(resolveSettings(root, given));
    await next.load();
    for (const doc of documents.all()) next.setOpen(pathOf(doc.uri), doc.getText());
    ws = next;
    connection.console.log(
      `rr: model ${ws.settings.model}${ws.settings.evidence ? `, evidence ${ws.settings.evidence}` : ''}`,
    );
    schedule();
  };

  const entityUnder = (uri: string, position: { line: number; character: number }) => {
    const doc = documents.get(uri);
    const text = doc?.getText() ?? ws?.textOf(pathOf(uri));
    if (!ws || text === undefined) return undefined;
    const word = idAt(text, position);
    const entity = word ? ws.model().byId.get(word.word) : undefined;
    return entity && word ? { entity, range: word.range } : undefined;
  };

  connection.onInitialize((params) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder) root = pathOf(folder);
    else if (params.rootPath) root = params.rootPath;
    // Editors without workspace/configuration (Helix, a bare Neovim set-up) pass the settings here.
    const options = (params.initializationOptions ?? {}) as { rr?: RrSettings } & RrSettings;
    initial = options.rr ?? options;
    canAskConfiguration = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', ':', '"', '[', ',', '/', '-'] },
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: ['quickfix', 'refactor'] },
      },
      serverInfo: { name: 'rr' },
    };
  });

  connection.onInitialized(() => void load());
  connection.onDidChangeConfiguration(() => void load());
  connection.onDidChangeWatchedFiles((params) => {
    if (!ws) return;
    void ws.filesChanged(params.changes.map((c) => ({ path: pathOf(c.uri), type: c.type }))).then(schedule);
  });

  documents.onDidChangeContent((change) => {
    if (!ws) return;
    const file = pathOf(change.document.uri);
    ws.setOpen(file, change.document.getText());
    schedule();
    // rr.yaml typed with other annotation patterns: the configured sources are read again.
    if (ws.isModelFile(file)) void ws.modelChanged().then(schedule);
  });
  documents.onDidClose((event) => {
    void ws?.close(pathOf(event.document.uri)).then(schedule);
  });

  connection.onDefinition((params) => {
    const under = entityUnder(params.textDocument.uri, params.position);
    if (!under || !ws) return null;
    const declared = declarationOf(ws.model(), under.entity.id);
    return declared ? location(declared.at) : null;
  });

  connection.onReferences((params) => {
    const under = entityUnder(params.textDocument.uri, params.position);
    if (!under || !ws) return [];
    const model = ws.model();
    const out = mentionsOf(model, under.entity.id).map((m) => location(idIn(m.at, under.entity.id)));
    if (params.context.includeDeclaration) {
      const declared = declarationOf(model, under.entity.id);
      if (declared) out.unshift(location(declared.at));
    }
    return [...out, ...annotationLocations(ws, under.entity.id)];
  });

  /** A reference's position moved onto the id when the field's key is what the model records. */
  const idIn = (at: SourcePosition, id: string): SourcePosition => {
    const line = ws?.textOf(at.file)?.split(/\r?\n/)[at.line - 1];
    const column = line?.indexOf(id, at.column - 1) ?? -1;
    return column >= 0 ? { ...at, column: column + 1 } : at;
  };

  connection.onDocumentSymbol((params) => {
    if (!ws) return [];
    const file = pathOf(params.textDocument.uri);
    const text = ws.textOf(file);
    const entities = ws.model().entities.filter((e) => e.file === file);
    return entities.map((e, i) => {
      const start = positionOf(e);
      const next = entities[i + 1];
      const endLine = next ? positionOf(next).line - 1 : (text?.split('\n').length ?? start.line);
      const selection = range(positionOf(e, 'id'));
      return {
        name: e.id,
        detail: typeof e.data.title === 'string' ? e.data.title : KIND_WORDS[e.kind],
        kind: SYMBOL_KINDS[e.kind],
        range: {
          start: { line: start.line - 1, character: 0 },
          end: { line: Math.max(start.line - 1, endLine - 1), character: 0 },
        },
        selectionRange: selection,
      };
    });
  });

  connection.onWorkspaceSymbol((params) => {
    if (!ws) return [];
    const query = params.query.toLowerCase();
    return ws
      .model()
      .entities.filter(
        (e) =>
          e.id.toLowerCase().includes(query) ||
          (typeof e.data.title === 'string' && e.data.title.toLowerCase().includes(query)),
      )
      .slice(0, 500)
      .map((e) => ({
        name: typeof e.data.title === 'string' ? `${e.id} ${e.data.title}` : e.id,
        kind: SYMBOL_KINDS[e.kind],
        location: location(positionOf(e, 'id')),
      }));
  });

  connection.onHover((params) => {
    const under = entityUnder(params.textDocument.uri, params.position);
    if (!under || !ws) return null;
    const verdict = ws.withEvidence
      ? ws.analysis().entities.find((v) => v.id === under.entity.id)
      : undefined;
    return {
      contents: {
        kind: 'markdown',
        value: entityHover(ws.model(), ws.engine.ruleContext(), under.entity, verdict),
      },
      range: under.range,
    };
  });

  connection.onCompletion((params) => {
    const doc = documents.get(params.textDocument.uri);
    // Source files are open for their annotations; only model files have fields to complete.
    if (!ws || !doc || !ws.isModelFile(pathOf(doc.uri))) return [];
    const at = fieldAt(doc.getText(), params.position.line, params.position.character);
    return at ? completionItems(ws.model(), ws.evidence, at) : [];
  });

  connection.onPrepareRename((params) => {
    const under = entityUnder(params.textDocument.uri, params.position);
    return under ? { range: under.range, placeholder: under.entity.id } : null;
  });

  connection.onRenameRequest((params) => {
    const under = entityUnder(params.textDocument.uri, params.position);
    if (!under || !ws) return null;
    let refused: string;
    try {
      const edit = plannedWorkspaceEdit(ws, {
        op: 'rename',
        id: under.entity.id,
        newId: params.newName,
        version: entityVersion(under.entity),
      });
      // The annotations that name the id follow it, in the same edit (planned once the model's is).
      edit.documentChanges!.push(...annotationRenameEdits(ws, under.entity.id, params.newName));
      return edit;
    } catch (error) {
      if (!isEditError(error)) throw error;
      refused = error.message;
    }
    // What the editor refuses, with its words: the client shows the message.
    throw new ResponseError(LSPErrorCodes.RequestFailed, refused);
  });

  connection.onCodeAction((params) => {
    if (!ws) return [];
    return codeActions(
      ws,
      pathOf(params.textDocument.uri),
      params.context.diagnostics,
      params.range.start.line,
    );
  });

  connection.onRequest('rr/status', () => (ws ? status() : null));
  connection.onRequest('rr/verdict', (params: { id: string }) => {
    if (!ws) return null;
    const entity = ws.model().byId.get(params.id);
    if (!entity) return null;
    const verdict = ws.withEvidence ? ws.analysis().entities.find((v) => v.id === entity.id) : undefined;
    return {
      id: entity.id,
      verdict: verdict?.verdict ?? null,
      markdown: entityHover(ws.model(), ws.engine.ruleContext(), entity, verdict),
    };
  });
  connection.onRequest('rr/settings', () => ws?.settings ?? null);

  documents.listen(connection);
  connection.listen();
}
