// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/constraints: the constraints file (--constraints) as read now, for the board's keep-outs and
// the net classes; {available: false, reason} without one, 422 with the file's line when it is broken.

import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { NetlistGraphError } from '../../netlist/netlist-graph-error.js';
import { readDesignConstraints } from '../../schematic/design-constraints.js';

/** Registers GET /api/constraints for the file at `file` (undefined: none configured). */
export function constraintsRoute(app: FastifyInstance, file: string | undefined): void {
  app.get('/api/constraints', () => {
    if (!file)
      return {
        available: false,
        reason:
          'No constraints file is configured (--constraints, or [design] constraints in the config file).',
      };
    try {
      return { available: true, file, constraints: readDesignConstraints(file) };
    } catch (error) {
      if (error instanceof NetlistGraphError)
        throw new ViewerRouteError('bad-constraints', error.message, {
          file,
          ...(error.line ? { line: error.line } : {}),
        });
      throw error;
    }
  });
}
