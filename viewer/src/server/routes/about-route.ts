// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/about: name, version, licence and the source the viewer runs from.

import type { FastifyInstance } from 'fastify';
import type { SourceInfo } from '../source-revision.js';

/** The viewer's licence (LICENSE); rr is Apache-2.0 (docs/decisions/0203-two-packages-two-licences.md). */
export const VIEWER_LICENSE = 'AGPL-3.0-or-later';

/** What GET /api/about answers. */
export interface AboutInfo {
  name: string;
  version: string;
  license: string;
  title: string;
  source: SourceInfo;
}

/** Registers the about route. */
export function aboutRoute(app: FastifyInstance, about: AboutInfo): void {
  app.get('/api/about', () => about);
}
