// SPDX-License-Identifier: AGPL-3.0-or-later
// GET /api/geometry/<sha256>: a checkpoint's board geometry through the geometry cache, sent as the
// cached file (its gzip copy when the client accepts gzip, file-replies.ts) with an ETag for
// revalidation that is the same for both encodings.
import { realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../http/api-error.js';
import { gzipCopy } from '../../../http/gzip-copy.js';
import { queryText, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the geometry route. */
export function geometryRoutes(app: FastifyInstance, context: ViewerContext): void {
  app.get<{ Params: { sha256: string } }>('/api/geometry/:sha256', async (request, reply) => {
    const cache = context.geometry(queryText(request.query as Query, 'run'));
    const board = cache.boardFile(request.params.sha256); // refuses anything but 64 hex digits
    checkBoardInside(board, cache.liveDir);
    const file = await cache.geometryFile(request.params.sha256);
    const info = await stat(file);
    const etag = `"${request.params.sha256.slice(0, 16)}-${info.size}-${Math.floor(info.mtimeMs)}"`;
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // Made once whoever asks first; browsers all take gzip.
    await gzipCopy(file);
    return reply.sendFile(basename(file), dirname(file), { etag: false });
  });
}

/** Refuses a board file that is a symbolic link leading out of the live directory. */
export function checkBoardInside(board: string, liveDir: string): void {
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(board);
    realRoot = realpathSync(liveDir);
  } catch {
    return; // a missing board is the cache's 404
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw new ApiError(
      403,
      'outside',
      `the board file ${board} leads out of the live directory ${liveDir} through a symbolic link; checkpoints must be files inside it`,
    );
}
