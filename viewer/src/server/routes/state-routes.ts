// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/state (what is new after a cursor; with partial=1 without waiting for the first indexing) and
// GET /api/history (older events for replay), both answered by the live directory reader of the root or
// of a run folder.

import type { FastifyInstance } from 'fastify';
import { queryText, queryWholeNumber, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

const MAX_EVENTS = 5000;

/** Registers the state and history routes. */
export function stateRoutes(app: FastifyInstance, context: ViewerContext): void {
  app.get('/api/state', async (request) => {
    const query = request.query as Query;
    const limit = queryWholeNumber(query, 'limit', 1, MAX_EVENTS);
    const since = queryText(query, 'since');
    const lane = queryText(query, 'lane');
    const run = queryText(query, 'run');
    const partial = queryWholeNumber(query, 'partial', 0, 1) === 1;
    return context.experiment.state({
      partial,
      ...(since ? { since } : {}),
      ...(lane ? { lane } : {}),
      ...(run ? { run } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
  });

  app.get('/api/history', async (request) => {
    const query = request.query as Query;
    const reader = context.experiment.reader(queryText(query, 'run'));
    const before = queryWholeNumber(query, 'before', 0, Number.MAX_SAFE_INTEGER);
    const limit = queryWholeNumber(query, 'limit', 1, MAX_EVENTS);
    const lane = queryText(query, 'lane');
    await reader.poll();
    return {
      events: reader.history({
        ...(lane ? { lane } : {}),
        ...(before !== undefined ? { before } : {}),
        ...(limit !== undefined ? { limit } : {}),
      }),
    };
  });
}
