// GET /api/about: name, version, licence and the source the viewer runs from.
import type { FastifyInstance } from 'fastify';
import type { SourceInfo } from '../source-revision.js';

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
