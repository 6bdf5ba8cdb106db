// The Origin check on writes: a browser sends Origin with every POST, so a write from another web page
// carries that page's origin and is refused. Clients outside a browser send none; they may write
// controls and records, but notes (written as the user) and the assistant need an allowed Origin.
import type { FastifyInstance } from 'fastify';
import { sendError } from './api-error.js';
import type { ViewerNames } from './listener-addresses.js';

/** Path prefixes whose writes must carry an Origin. */
const ORIGIN_REQUIRED = ['/api/notes', '/api/agent/'];

/** Refuses writes from origins that are not allowed (and notes writes without any Origin). */
export function installOriginGuard(app: FastifyInstance, names: () => ViewerNames): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (!ORIGIN_REQUIRED.some((prefix) => request.url.startsWith(prefix))) return;
      await sendError(reply, {
        status: 403,
        code: 'origin-missing',
        message:
          'notes and assistant writes need an Origin header; write from the viewer page (or send Origin: http://127.0.0.1:<port>)',
      });
      return;
    }
    if (names().origins.has(normalOrigin(origin))) return;
    await sendError(reply, {
      status: 403,
      code: 'origin-refused',
      message: `writes from origin ${JSON.stringify(origin)} are refused; the viewer accepts its own origins and those given with --allow-origin`,
    });
  });
}

/** The origin as URL.origin spells it, or '' when it is none (such as "null"). */
function normalOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}
