// SPDX-License-Identifier: AGPL-3.0-or-later
// GET and POST /api/preferences: the runtime-control presets of viewer-preferences.json, shared by
// every viewer of the experiment (records/viewer-preferences.ts).

import type { FastifyInstance } from 'fastify';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the preferences routes. */
export function preferencesRoutes(app: FastifyInstance, context: ViewerContext): void {
  app.get('/api/preferences', () => context.preferences.state());
  app.post('/api/preferences', async (request) =>
    context.preferences.update(request.body, { address: request.ip, now: context.now() }),
  );
}
