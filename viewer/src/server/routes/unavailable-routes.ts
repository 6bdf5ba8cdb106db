// SPDX-License-Identifier: AGPL-3.0-or-later
// The routes of features this viewer does not provide answer 501 with {available: false, feature,
// reason, needs}, which the page shows in place of the panel; the two status routes answer the same
// body with 200, since reporting a status is what they are for.

import type { FastifyInstance } from 'fastify';
import { unavailableAnswer, type Feature, type FeatureId } from '../viewer-features.js';

const ROUTES: { method: 'GET' | 'POST'; path: string; feature: FeatureId; status: 200 | 501 }[] = [
  { method: 'GET', path: '/api/component-cost', feature: 'component-cost', status: 501 },
  { method: 'GET', path: '/api/schematic', feature: 'schematic', status: 501 },
  { method: 'GET', path: '/api/schematic/payload/:key', feature: 'schematic', status: 501 },
  { method: 'GET', path: '/api/source/index', feature: 'source', status: 501 },
  { method: 'GET', path: '/api/source/file', feature: 'source', status: 501 },
  { method: 'GET', path: '/api/3d', feature: '3d', status: 501 },
  { method: 'GET', path: '/api/3d/glb/:key', feature: '3d', status: 501 },
  { method: 'GET', path: '/api/3d/status', feature: '3d', status: 200 },
  { method: 'GET', path: '/api/agent/status', feature: 'agent', status: 200 },
  { method: 'POST', path: '/api/agent/chat', feature: 'agent', status: 501 },
  { method: 'POST', path: '/api/agent/cancel', feature: 'agent', status: 501 },
];

/** Registers GET /api/features and the routes of unavailable features (available ones have routes of their own). */
export function unavailableRoutes(
  app: FastifyInstance,
  features: Feature[],
  /** The list as it stands now (what changes while the viewer runs, e.g. net labelling that stopped). */
  current: () => Feature[] = () => features,
): void {
  app.get('/api/features', () => ({ features: current() }));
  for (const route of ROUTES) {
    // An available feature's routes are its own (routes/threed-routes.ts for the 3D view).
    if (features.find((f) => f.id === route.feature)?.available) continue;
    const answer = unavailableAnswer(features, route.feature);
    app.route({
      method: route.method,
      url: route.path,
      handler: async (_request, reply) => reply.code(route.status).send(answer),
    });
  }
}
