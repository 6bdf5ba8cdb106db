// Every mutating request carries `X-RR-Request: 1` (spec 2, Authentication 3). A browser sends a
// custom header cross-origin only after a CORS preflight, which the editor never grants, so another
// site cannot make a user's browser change the model.
import type { FastifyInstance } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses (403 `missing-request-header`) a mutating request without `X-RR-Request: 1`. */
export function registerRequestHeaderGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    if (request.headers['x-rr-request'] === '1') return;
    await reply.code(403).send({
      code: 'missing-request-header',
      message: 'a request that changes anything must carry the header "X-RR-Request: 1"',
    });
  });
}
