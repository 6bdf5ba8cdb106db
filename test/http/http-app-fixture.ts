// A small server built from tools/http alone, answered in-process (fastify's inject), for the layer's
// own tests: one API route that reads a body with a schema, one that writes, and the page.
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { ApiError } from '../../tools/http/api-error.js';
import { VIEWER_CSP } from '../../tools/http/content-security-policies.js';
import type { ErrorStyle } from '../../tools/http/error-answers.js';
import { createHttpApp } from '../../tools/http/http-app.js';
import { registerStaticFiles } from '../../tools/http/static-files.js';

/** An error of a layer below the server, which the server translates. */
export class OutOfRange extends Error {}

/** The error style of the test server: the viewer's shape, with status in the body. */
export const TEST_STYLE: ErrorStyle = {
  server: 'test server',
  apiDoc: 'docs/api.md',
  statusInBody: true,
  badBodyCode: 'bad-body',
  noRouteCode: 'no-route',
  bodyLimit: 64 * 1024,
  translate: (error) =>
    error instanceof OutOfRange ? new ApiError(422, 'out-of-range', error.message) : undefined,
  log: () => undefined,
};

/** A server answering to Host `localhost`, with guards added by `guard` before its routes. */
export async function testApp(
  options: { pageDirs?: string[]; guard?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const app = createHttpApp({
    csp: VIEWER_CSP,
    host: {
      accepts: (host) => host.name === 'localhost',
      code: 'host-not-allowed',
      message: (header) => `Host ${header} is not this server`,
    },
    errors: TEST_STYLE,
  });
  options.guard?.(app);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/range', async () => {
    throw new OutOfRange('too far');
  });
  app.get('/api/boom', async () => {
    throw new Error('secret internals');
  });
  app.post<{ Body: { title: string } }>(
    '/api/things',
    {
      schema: {
        body: {
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string', minLength: 1 } },
        },
      },
    },
    async (request, reply) => reply.code(201).send({ title: request.body.title }),
  );
  registerStaticFiles(app, {
    candidates: options.pageDirs ?? [],
    fallbackPage: '<!doctype html><p>not built</p>',
  });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}
