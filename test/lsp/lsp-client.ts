// A language client for tests: `rr lsp` started as its own process (the built bin/rr.js), spoken to
// over stdio with vscode-jsonrpc, as an editor's client does.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { repoRoot } from '../cli/run-cli.js';

/** A running `rr lsp` and the diagnostics it has published, by file URI. */
export interface LspSession {
  connection: MessageConnection;
  child: ChildProcess;
  diagnostics: Map<string, Diagnostic[]>;
  /** resolves at the next rr/status notification (sent after each round of diagnostics) */
  nextStatus(): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts `rr lsp --stdio` on a workspace folder and completes the initialize handshake. */
export async function startLsp(
  root: string,
  initializationOptions: unknown = {},
  server: string[] = [`${repoRoot}bin/rr.js`, 'lsp'],
): Promise<LspSession> {
  const child = spawn(process.execPath, [...server, '--stdio'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, RR_CACHE_DIR: 'off' },
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const diagnostics = new Map<string, Diagnostic[]>();
  let waiting: ((v: unknown) => void)[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p.diagnostics);
  });
  connection.onNotification('rr/status', (s: unknown) => {
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve(s);
  });
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  const nextStatus = () => new Promise<unknown>((resolve) => waiting.push(resolve));
  const first = nextStatus();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'test' }],
    capabilities: {},
    initializationOptions,
  });
  await connection.sendNotification('initialized', {});
  // A server that dies before its first diagnostics fails the test instead of hanging it.
  await Promise.race([
    first,
    new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`rr lsp exited with ${code}`)))),
  ]);
  return {
    connection,
    child,
    diagnostics,
    nextStatus,
    stop: async () => {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
        setTimeout(() => child.kill(), 5000).unref();
      });
      connection.dispose();
    },
  };
}

/** The URI of a file path. */
export const uri = (path: string): string => pathToFileURL(path).href;
