// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/component-cost?event_id=<seq>&ref=<reference>[&run=]: one footprint's placement cost terms,
// replayed by the engine runtime's cost model at that event (docs/viewer-api.md).

import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { componentCost } from '../../cost-replay/component-cost-request.js';
import type { EngineRuntime } from '../../engine-runtime/engine-runtime.js';
import { queryText, queryWholeNumber, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the cost replay route. */
export function componentCostRoute(
  app: FastifyInstance,
  context: ViewerContext,
  runtime: EngineRuntime,
): void {
  app.get('/api/component-cost', async (request) => {
    const query = request.query as Query;
    const seq = queryWholeNumber(query, 'event_id', 0, Number.MAX_SAFE_INTEGER);
    const ref = queryText(query, 'ref');
    if (seq === undefined)
      throw new ViewerRouteError(
        'bad-query',
        'event_id is required: the seq of a placement, placement_cost or checkpoint event',
      );
    if (!ref || ref.length > 200)
      throw new ViewerRouteError('bad-query', 'ref is required: the reference of a footprint (U1)');
    const run = queryText(query, 'run') || undefined;
    const reader = context.experiment.reader(run);
    await reader.poll();
    return componentCost(reader, runtime, { seq, ref, run: run ?? null });
  });
}
