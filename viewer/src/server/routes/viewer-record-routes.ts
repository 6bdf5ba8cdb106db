// SPDX-License-Identifier: AGPL-3.0-or-later
// Pins, drafts and snapshots: POST /api/pin|draft|snapshot creates an immutable record (201; 409 when
// the id is taken), GET /api/pins|drafts|snapshots lists them and GET /api/<plural>/<id> reads one.

import type { FastifyInstance } from 'fastify';
import { queryText, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the routes of every immutable record kind. */
export function viewerRecordRoutes(app: FastifyInstance, context: ViewerContext): void {
  for (const store of context.viewerRecords.values()) {
    const { name, folder } = store.kind;
    app.post(`/api/${name}`, async (request, reply) => {
      const record = store.create(request.body, {
        address: request.ip,
        now: context.now(),
        checkRun: context.checkRun,
      });
      return reply.code(201).send(record);
    });
    app.get(`/api/${folder}`, (request) => {
      const query = request.query as Query;
      const lane = queryText(query, 'lane');
      const run = queryText(query, 'run');
      return store.list({ ...(lane !== undefined ? { lane } : {}), ...(run !== undefined ? { run } : {}) });
    });
    app.get<{ Params: { id: string } }>(`/api/${folder}/:id`, (request) => store.get(request.params.id));
  }
}
