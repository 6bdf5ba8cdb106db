// SPDX-License-Identifier: AGPL-3.0-or-later
// A checkpoint's board geometry through the geometry cache (docs/viewer-api.md): the whole
// rr-board-geometry-v1 JSON at GET /api/geometry/<sha256>, and the same geometry in parts the page
// draws as they arrive: GET /api/geometry/<sha256>/layers (the index) and
// GET /api/geometry/<sha256>/layers/<name> (one part). Each is sent as the cached file (its gzip copy
// when the client accepts gzip, file-replies.ts) with an ETag, the same for both encodings.
import { sendFile } from 'rules-rr/core/http/file-replies.js';
import { realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { gzipCopy } from 'rules-rr/core/http/gzip-copy.js';
import type { GeometryCache } from '../../geometry/geometry-cache.js';
import { queryText, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

/** Awaited before a part is sent: a test holds a part back with it. */
export type GeometryHold = (sha256: string, part: string) => Promise<void>;

/** Registers the geometry routes. */
export function geometryRoutes(app: FastifyInstance, context: ViewerContext, hold?: GeometryHold): void {
  /** The run's cache, after refusing a bad hash or a board that leads out of the live directory. */
  const cacheFor = (request: FastifyRequest<{ Params: { sha256: string } }>): GeometryCache => {
    const cache = context.geometry(queryText(request.query as Query, 'run'));
    const board = cache.boardFile(request.params.sha256); // refuses anything but 64 hex digits
    checkBoardInside(board, cache.liveDir);
    return cache;
  };

  app.get<{ Params: { sha256: string } }>('/api/geometry/:sha256', async (request, reply) => {
    const cache = cacheFor(request);
    const file = await cache.geometryFile(request.params.sha256);
    const info = await stat(file);
    const etag = `"${request.params.sha256.slice(0, 16)}-${cache.key}-${info.size}-${Math.floor(info.mtimeMs)}"`;
    return sendCached(request, reply, file, etag);
  });

  app.get<{ Params: { sha256: string } }>('/api/geometry/:sha256/layers', async (request, reply) => {
    const stored = await cacheFor(request).index(request.params.sha256);
    return sendCached(request, reply, stored.file, stored.etag);
  });

  app.get<{ Params: { sha256: string; name: string } }>(
    '/api/geometry/:sha256/layers/:name',
    async (request, reply) => {
      const part = await cacheFor(request).part(request.params.sha256, request.params.name);
      await hold?.(request.params.sha256, request.params.name);
      return sendCached(request, reply, part.file, part.etag);
    },
  );
}

/** Sends a cache file with revalidation headers: 304 when the client has it, else the file or its gzip copy. */
async function sendCached(request: FastifyRequest, reply: FastifyReply, file: string, etag: string) {
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // Made once whoever asks first; browsers all take gzip.
  await gzipCopy(file);
  return sendFile(reply, basename(file), dirname(file), { etag: false });
}

/** Whether an If-None-Match header names the ETag (a list, or `*`). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
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
    throw new ViewerRouteError(
      'outside',
      `the board file ${board} leads out of the live directory ${liveDir} through a symbolic link; checkpoints must be files inside it`,
    );
}
