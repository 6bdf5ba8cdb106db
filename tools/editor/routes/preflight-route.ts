// A CORS preflight is answered, never granted: no Access-Control-* header is ever sent, so a page of
// another origin can neither send the editor a custom header nor read its answers.
import type { FastifyInstance } from 'fastify';

/** Answers every OPTIONS request 405. */
export function registerPreflightRoute(app: FastifyInstance): void {
  app.options('/*', async (_request, reply) => {
    await reply.code(405).header('Allow', 'GET, POST, PUT, PATCH, DELETE').send({
      code: 'no-cross-origin',
      message: 'the editor grants no cross-origin access',
    });
  });
}
