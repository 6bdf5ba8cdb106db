// The fastify app both servers start from, with what every answer of either needs, in the order it
// must run: security headers first (so refusals carry them too), then the Host guard, JSON-only bodies
// checked by route schemas, one way to answer errors, and reply.sendFile. A server adds its own guards
// (token, X-RR-Request, Origin), its routes under routes/ and its page (static-files.ts).
import Fastify, { type FastifyInstance } from 'fastify';
import type { CspDirectives } from './content-security-policies.js';
import { installErrorAnswers, type ServerErrors } from './error-answers.js';
import { registerFileReplies } from './file-replies.js';
import { registerHostGuard, type HostRule } from './host-guard.js';
import { installJsonBodies } from './request-bodies.js';
import { registerSecurityHeaders } from './security-headers.js';

/** What a server's app is built from. */
export interface HttpAppOptions<Code extends string> {
  csp: CspDirectives;
  host: HostRule;
  /** How the server answers errors: its one table of statuses and its layers' refusals. */
  errors: ServerErrors<Code>;
  /** Log requests (fastify's logger). */
  logger?: boolean;
}

/** A fastify app with rr's HTTP layer installed; the caller adds guards, routes and the page. */
export function createHttpApp<Code extends string>(options: HttpAppOptions<Code>): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.errors.bodyLimit,
    // Ids may contain characters a router would otherwise treat specially.
    routerOptions: { maxParamLength: 500 },
  });
  registerSecurityHeaders(app, options.csp);
  registerHostGuard(app, options.host);
  installJsonBodies(app);
  installErrorAnswers(app, options.errors);
  registerFileReplies(app);
  return app;
}
