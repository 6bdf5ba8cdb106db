/** `rr lsp`: the language server on stdin/stdout until the client exits (docs/ide.md). */
export async function runLsp(): Promise<void> {
  const { startLanguageServer } = await import('../lsp/lsp-server.js');
  startLanguageServer();
  // The connection ends the process on the client's exit notification.
  await new Promise<never>(() => undefined);
}
