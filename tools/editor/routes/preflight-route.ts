// A CORS preflight is answered, never granted: no Access-Control-* header is ever sent, so a page of
// another origin can neither send the editor a custom header nor read its answers.
import type { FastifyInstance } from 'fastify';
import { EditorRouteError } from '../editor-route-error.js';

/** Refuses every OPTIONS request (405 `no-cross-origin`, with the methods the editor takes). */
export function registerPreflightRoute(app: FastifyInstance): void {
  app.options('/*', async (_request, reply) => {
    reply.header('Allow', 'GET, POST, PUT, PATCH, DELETE');
    throw new EditorRouteError('no-cross-origin', 'the editor grants no cross-origin access');
  });
}
