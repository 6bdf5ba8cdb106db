// The editor's HTTP server (`rr serve`): rr's HTTP layer (tools/http) with the guards of docs/api.md's
// "Authentication" in front of every route (Host allowlist, bearer token, X-RR-Request on changes), the
// JSON API under /api/ (routes/, one file per group) and the UI's static files.
import type { FastifyInstance } from 'fastify';
import type { Author, GitClient } from '../git/git-client.js';
import { EDITOR_CSP } from '../http/content-security-policies.js';
import { createHttpApp } from '../http/http-app.js';
import { registerRequestHeaderGuard } from '../http/request-header-guard.js';
import { registerStaticFiles } from '../http/static-files.js';
import { registerTokenGuard } from '../http/token-guard.js';
import { JobBoard } from '../agents/jobs/job-board.js';
import type { WorksheetSink } from '../agents/jobs/worksheet-sink.js';
import { worksheetFileSink } from '../agents/jobs/worksheet-file-sink.js';
import { llmOff, type LlmSetup } from '../agents/llm/llm-availability.js';
import type { EditorContext } from './editor-context.js';
import { agentRunInputs } from '../app/agent-run-inputs.js';
import { editorErrors } from './editor-errors.js';
import { editorHostRule } from './editor-host-names.js';
import type { ModelSession } from '../app/model-session.js';
import { NOT_BUILT_PAGE } from './not-built-page.js';
import { registerAgentRoutes } from './routes/agent-routes.js';
import { registerCaseRoutes } from './routes/case-routes.js';
import { registerWorksheetRoutes } from './routes/worksheet-routes.js';
import { registerEntityRoutes } from './routes/entity-routes.js';
import { registerGitRoutes } from './routes/git-routes.js';
import { registerPublishRoutes } from './routes/publish-routes.js';
import { registerGraphRoutes } from './routes/graph-routes.js';
import { registerVerificationLockRoutes } from './routes/verification-lock-routes.js';
import { registerEntityNoteRoutes } from './routes/entity-note-routes.js';
import { registerFindingRoutes } from './routes/finding-routes.js';
import { registerPreflightRoute } from './routes/preflight-route.js';
import { registerReportRoutes } from './routes/report-routes.js';
import { registerReviewRoutes } from './routes/review-routes.js';
import { registerSourceRoutes } from './routes/source-routes.js';
import { registerStateRoutes } from './routes/state-routes.js';

/** The largest request body accepted (a model edit is a few kilobytes). */
export const BODY_LIMIT = 1024 * 1024;

/** What the server is built from. */
export interface EditorServerOptions {
  session: ModelSession;
  git?: GitClient;
  /** the address it binds to (default 127.0.0.1): with a non-loopback address the caller must pass a token */
  host?: string;
  allowHosts?: readonly string[];
  token?: string;
  author?: Author;
  /** the LLM side (setUpLlm); default: unavailable */
  llm?: LlmSetup;
  /** writes attribution worksheets for the agents (default: `.rrplan` files under the checkout) */
  worksheet?: WorksheetSink;
  /** the built UI folder; undefined or missing serves the "not built" page */
  uiDir?: string;
  bodyLimit?: number;
  /** log requests (fastify's logger) */
  logger?: boolean;
  /** hears about every 5xx answer with the error's stack (default: standard error, "rr serve: …") */
  log?: (line: string) => void;
}

/** Builds the fastify app with every guard and route; the caller listens. */
export function buildEditorServer(options: EditorServerOptions): FastifyInstance {
  // Order matters: a forged Host is refused before anything else (createHttpApp), then the token,
  // then the header.
  const app = createHttpApp({
    csp: EDITOR_CSP,
    host: editorHostRule(options.host ?? '127.0.0.1', options.allowHosts ?? []),
    errors: editorErrors(options.bodyLimit ?? BODY_LIMIT, options.log ?? logToStderr, options.session),
    logger: options.logger ?? false,
  });
  if (options.token) registerTokenGuard(app, options.token, 'editor');
  registerRequestHeaderGuard(app);
  const llm = options.llm ?? llmOff('disabled', 'LLM workflows are not set up on this server');
  const worksheet = options.worksheet ?? worksheetFileSink(() => options.session.root);
  const ctx: EditorContext = {
    session: options.session,
    git: options.git,
    agents: {
      llm,
      board: new JobBoard({ llm, inputs: () => agentRunInputs(options.session), worksheet }),
      worksheet,
    },
    defaultAuthor: options.author,
  };
  registerPreflightRoute(app);
  registerStateRoutes(app, ctx);
  registerEntityRoutes(app, ctx);
  registerEntityNoteRoutes(app, ctx);
  registerCaseRoutes(app, ctx);
  registerWorksheetRoutes(app, ctx);
  registerVerificationLockRoutes(app, ctx);
  registerGraphRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerSourceRoutes(app, ctx);
  registerGitRoutes(app, ctx);
  registerPublishRoutes(app, ctx);
  registerAgentRoutes(app, ctx);
  registerFindingRoutes(app, ctx);
  registerStaticFiles(app, {
    candidates: options.uiDir ? [options.uiDir] : [],
    fallbackPage: NOT_BUILT_PAGE,
  });
  return app;
}

/** The default log of 5xx answers: standard error, where `rr serve` prints its other messages. */
function logToStderr(line: string): void {
  process.stderr.write(`rr serve: ${line}\n`);
}
