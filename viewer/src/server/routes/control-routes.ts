// SPDX-License-Identifier: AGPL-3.0-or-later
// GET and POST /api/controls: runtime control requests (control.json) and what the experiment applies.

import type { FastifyInstance } from 'fastify';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the controls routes. */
export function controlRoutes(app: FastifyInstance, context: ViewerContext): void {
  app.get('/api/controls', () => context.controls.state());
  app.post('/api/controls', async (request) =>
    context.controls.update(request.body, { address: request.ip, now: context.now() }),
  );
}
