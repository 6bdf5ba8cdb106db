// The VS Code extension: starts rr's language server (server/rr-lsp.js, bundled into the .vsix from
// rr's own build) for the model files, the review stamps (rr.reviewed) and the source files whose
// annotations it checks, and adds "rr: Show verdict", "rr: Open in the editor" and a
// status bar item with the counts the server sends after each analysis (docs/ide.md).
import { spawn, type ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

interface RrStatus {
  errors: number;
  warnings: number;
  unverified: number;
  entities: number;
  withEvidence: boolean;
}

interface Settings {
  model: string;
  evidence?: string;
  lock?: string;
}

let client: LanguageClient | undefined;
let serve: { child: ChildProcess; url: string } | undefined;

/** Starts the language client and registers the commands and the status bar item. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const server = context.asAbsolutePath('server/rr-lsp.js');
  const serverOptions: ServerOptions = {
    run: { module: server, transport: TransportKind.stdio },
    debug: { module: server, transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    // Every file: model files (YAML, JSON), rr.reviewed, and source files of any language, whose
    // annotations (`// @verifies REQ-001`) the server checks and resolves (docs/ide.md).
    documentSelector: [{ scheme: 'file' }],
    synchronize: {
      configurationSection: 'rr',
      // Model files and rr.reviewed; with rr.sources set, the server also reads source files again.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*'),
    },
  };
  client = new LanguageClient('rr', 'rr', serverOptions, clientOptions);

  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  item.command = 'workbench.actions.view.problems';
  item.text = 'rr $(sync~spin)';
  item.show();
  context.subscriptions.push(item);

  context.subscriptions.push(
    vscode.commands.registerCommand('rr.showVerdict', () => showVerdict()),
    vscode.commands.registerCommand('rr.openInEditor', () => openInEditor()),
    { dispose: () => serve?.child.kill() },
  );
  await client.start();
  client.onNotification('rr/status', (s: RrStatus) => {
    const unverified = s.withEvidence ? `  $(question) ${s.unverified} unverified` : '';
    item.text = `rr $(error) ${s.errors} $(warning) ${s.warnings}${unverified}`;
    item.tooltip = `rr: ${s.entities} entities${s.withEvidence ? ', with evidence' : ', no evidence found'}`;
  });
}

/** Stops the language server and an `rr serve` this extension started. */
export async function deactivate(): Promise<void> {
  serve?.child.kill();
  await client?.stop();
}

/** The id under the cursor, or one the user types. */
async function entityId(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const range = editor?.document.getWordRangeAtPosition(editor.selection.active, /[\w.-]+/);
  const word = range ? editor!.document.getText(range) : undefined;
  return word ?? (await vscode.window.showInputBox({ prompt: 'rr: the id of an entity' }));
}

async function showVerdict(): Promise<void> {
  const id = await entityId();
  if (!id || !client) return;
  const answer = await client.sendRequest<{ markdown: string } | null>('rr/verdict', { id });
  if (!answer) {
    void vscode.window.showWarningMessage(`rr: no entity ${id} in the model`);
    return;
  }
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: answer.markdown });
  await vscode.commands.executeCommand('markdown.showPreview', doc.uri);
}

/** Starts `rr serve` on the model (once; later calls reuse it) and opens the entity's page. */
async function openInEditor(): Promise<void> {
  const id = await entityId();
  if (!client) return;
  if (!serve || serve.child.exitCode !== null) {
    const settings = await client.sendRequest<Settings | null>('rr/settings');
    if (!settings) return;
    const command = vscode.workspace.getConfiguration('rr').get<string>('command') ?? 'npx --no-install rr';
    const args = ['serve', '--model', quote(settings.model), '--port', '0'];
    if (settings.evidence) args.push('--evidence', quote(settings.evidence));
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const child = spawn(`${command} ${args.join(' ')}`, { shell: true, ...(folder ? { cwd: folder } : {}) });
    const url = await new Promise<string | undefined>((resolve) => {
      let out = '';
      const seen = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /http:\/\/localhost:\d+\//.exec(out);
        if (m) resolve(m[0]);
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      child.on('exit', () => resolve(undefined));
    });
    if (!url) {
      void vscode.window.showErrorMessage(
        `rr: \`${command} serve\` did not start; set rr.command to how rr runs here`,
      );
      return;
    }
    serve = { child, url };
  }
  const page = id ? `${serve.url}#/entity/${encodeURIComponent(id)}` : serve.url;
  await vscode.env.openExternal(vscode.Uri.parse(page));
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
