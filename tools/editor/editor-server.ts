// The editor's HTTP server (`rr serve`): fastify with the guards of spec 2's Authentication in front
// of every route (Host allowlist, bearer token, X-RR-Request on changes), security headers on every
// answer, a body size limit, the JSON API under /api/ and the UI's static files.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Author, GitClient } from '../git/git-client.js';
import { registerAgentRoutes } from './agent-routes.js';
import { errorResponse } from './api-error.js';
import { registerCaseRoutes } from './case-routes.js';
import { registerSecurityHeaders } from './csp.js';
import type { EditorContext, LlmSettings } from './editor-context.js';
import type { EditorSession } from './editor-session.js';
import { registerEntityRoutes } from './entity-routes.js';
import { registerGitRoutes } from './git-routes.js';
import { registerGraphRoutes } from './graph-routes.js';
import { acceptedHosts, registerHostGuard } from './host-guard.js';
import { registerLockRoutes } from './lock-routes.js';
import { registerNoteRoutes } from './note-routes.js';
import { registerReportRoutes } from './report-routes.js';
import { registerRequestHeaderGuard } from './request-header-guard.js';
import { registerSourceRoutes } from './source-routes.js';
import { registerStateRoutes } from './state-routes.js';
import { registerStaticUi } from './static-ui.js';
import { registerTokenAuth } from './token-auth.js';

/** The largest request body accepted (a model edit is a few kilobytes). */
export const BODY_LIMIT = 1024 * 1024;

/** What the server is built from. */
export interface EditorServerOptions {
  session: EditorSession;
  git?: GitClient;
  /** the address it binds to (default 127.0.0.1): with a non-loopback address the caller must pass a token */
  host?: string;
  allowHosts?: readonly string[];
  token?: string;
  author?: Author;
  /** default: unavailable */
  llm?: LlmSettings;
  /** the built UI folder; undefined or missing serves the "not built" page */
  uiDir?: string;
  bodyLimit?: number;
  /** log requests (fastify's logger) */
  logger?: boolean;
}

/** Builds the fastify app with every guard and route; the caller listens. */
export function buildEditorServer(options: EditorServerOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? BODY_LIMIT,
    // Ids may contain characters a router would otherwise treat specially.
    routerOptions: { maxParamLength: 500 },
  });
  const ctx: EditorContext = {
    session: options.session,
    git: options.git,
    llm: options.llm ?? { available: false, reason: 'no LLM workflows configured' },
    defaultAuthor: options.author,
  };
  // Order matters: a forged Host is refused before anything else, then the token, then the header.
  registerHostGuard(app, acceptedHosts(options.host ?? '127.0.0.1', options.allowHosts ?? []));
  if (options.token) registerTokenAuth(app, options.token);
  registerRequestHeaderGuard(app);
  registerSecurityHeaders(app);
  app.setErrorHandler(async (error, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error(error);
    await reply.code(status).send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    await reply
      .code(404)
      .send({ code: 'not-found', message: `no route ${request.method} ${request.url.split('?')[0]}` });
  });
  // A CORS preflight is answered, never granted: no Access-Control-* header is ever sent.
  app.options('/*', async (_request, reply) => {
    await reply.code(405).header('Allow', 'GET, POST, PUT, PATCH, DELETE').send({
      code: 'no-cross-origin',
      message: 'the editor grants no cross-origin access',
    });
  });
  registerStateRoutes(app, ctx);
  registerEntityRoutes(app, ctx);
  registerNoteRoutes(app, ctx);
  registerCaseRoutes(app, ctx);
  registerLockRoutes(app, ctx);
  registerGraphRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerSourceRoutes(app, ctx);
  registerGitRoutes(app, ctx);
  registerAgentRoutes(app, ctx);
  registerStaticUi(app, options.uiDir);
  return app;
}
