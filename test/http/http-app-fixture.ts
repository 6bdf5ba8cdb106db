// A small server built from tools/http alone, answered in-process (fastify's inject), for the layer's
// own tests: one API route that reads a body with a schema, one that writes, and the page.
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { VIEWER_CSP } from '../../tools/http/content-security-policies.js';
import type { ServerErrors } from '../../tools/http/error-answers.js';
import { createHttpApp } from '../../tools/http/http-app.js';
import { registerStaticFiles } from '../../tools/http/static-files.js';

/** An error of a layer below the server, with a code of that layer's union. */
export class OutOfRange extends Error {
  readonly code = 'out-of-range';
}

/** What the test server's log heard (its 5xx answers), for the tests to read. */
export const TEST_LOG: string[] = [];

/** How the test server answers errors: the viewer's words, a table of one code. */
export const TEST_ERRORS: ServerErrors<OutOfRange['code']> = {
  server: 'test server',
  apiDoc: 'docs/api.md',
  badBodyCode: 'bad-body',
  noRouteCode: 'no-route',
  bodyLimit: 64 * 1024,
  statuses: { 'out-of-range': 422 },
  refusal: (error) => (error instanceof OutOfRange ? error : undefined),
  log: (line) => TEST_LOG.push(line),
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
    errors: TEST_ERRORS,
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
