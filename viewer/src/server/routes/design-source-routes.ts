// SPDX-License-Identifier: AGPL-3.0-or-later
// The source browser: GET /api/source/index (the instance tree of the design sources joined to the
// netlist) and GET /api/source/file (one source file, confined to the source and parts folders).

import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { sourceFileLines } from 'rules-rr/core/http/source-file-lines.js';
import { confinedFile } from 'rules-rr/core/sources/confined-file.js';
import { PARTS_PREFIX } from '../../design-sources/design-source-files.js';
import type { DesignSourceIndex } from '../../design-sources/design-source-index.js';
import { queryText, type Query } from '../query-values.js';

/** GET /api/source/file: a source file, line by line. */
export interface SourceFileAnswer {
  path: string;
  lines: string[];
  lineCount: number;
}

/** Registers the source routes for the design sources of `sources`. */
export function designSourceRoutes(app: FastifyInstance, sources: DesignSourceIndex): void {
  app.get('/api/source/index', () => sources.index());

  app.get('/api/source/file', async (request): Promise<SourceFileAnswer> => {
    const path = queryText(request.query as Query, 'path');
    if (!path)
      throw new ViewerRouteError(
        'bad-query',
        'path is required: a file of the source folder, as the index names it',
      );
    const manifest = sources.manifest();
    const inParts = path.startsWith(PARTS_PREFIX);
    const found = await confinedFile(
      inParts ? manifest.partsDir : manifest.sourceDir,
      inParts ? path.slice(PARTS_PREFIX.length) : path,
      inParts ? 'the parts folder' : 'the source folder',
    );
    if (!found.ok) {
      if (found.why === 'outside')
        throw new ViewerRouteError('outside', `${JSON.stringify(path.slice(0, 200))}: ${found.message}`);
      throw new ViewerRouteError('not-found', found.message);
    }
    const lines = await sourceFileLines(found.real, path, 'the source browser');
    return { path: (inParts ? PARTS_PREFIX : '') + found.rel, lines, lineCount: lines.length };
  });
}
