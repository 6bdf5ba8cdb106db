// The language server as a program of its own: what editors/vscode bundles into its .vsix.
import { startLanguageServer } from './lsp-server.js';

startLanguageServer();
