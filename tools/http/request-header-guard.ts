// Every request that changes something carries `X-RR-Request: 1`. A browser sends a custom header
// cross-origin only after a CORS preflight, which rr's servers never grant, so another site cannot
// make a user's browser change anything (docs/api.md, "Security").
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses (403 `missing-request-header`) a mutating request without `X-RR-Request: 1`. */
export function registerRequestHeaderGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!MUTATING.has(request.method) || request.headers['x-rr-request'] === '1') done();
    else
      done(
        new HttpError(
          'missing-request-header',
          'a request that changes anything must carry the header "X-RR-Request: 1"',
        ),
      );
  });
}
