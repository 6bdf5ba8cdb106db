// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic view: GET /api/schematic?lane[&scope=board][&run] answers what the lane's schematic
// is made of and the key of its model; GET /api/schematic/payload/<key> sends the model itself
// (content-addressed: immutable, ETag is the key). scope=design (the default) is the design's netlist
// graph; scope=board is the netlist of the lane's latest checkpoint board. The model is built by the
// engine's schematic service in a subprocess (--engine-runtime) and cached under the cache folder.
import { sendFile } from 'rules-rr/core/http/file-replies.js';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { EngineServiceError } from '../../engine-runtime/engine-service-runner.js';
import type { SchematicBuilds } from '../../schematic/schematic-builds.js';
import type { SchematicRequest } from '../../schematic/schematic-service.js';
import { queryChoices, queryText, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';
import { checkBoardInside } from './geometry-routes.js';
import { latestCheckpoint } from './threed-routes.js';

/** What the schematic is built from, besides the lane's board. */
export interface SchematicSources {
  graph: string;
  constraints?: string;
  parts: string[];
}

/** Registers the schematic routes. */
export function schematicRoutes(
  app: FastifyInstance,
  context: ViewerContext,
  builds: SchematicBuilds,
  sources: SchematicSources,
): void {
  app.get('/api/schematic', async (request) => {
    const query = request.query as Query;
    const scope = queryChoices(query, 'scope', ['design', 'board'] as const)?.[0] ?? 'design';
    const lane = queryText(query, 'lane');
    const run = queryText(query, 'run');
    const reader = context.experiment.reader(run);
    await reader.poll();
    if (lane !== undefined && reader.history({ lane, limit: 1 }).length === 0)
      throw new ViewerRouteError('no-lane', `the experiment has no lane ${JSON.stringify(lane)}`);
    const common = {
      ...(sources.constraints ? { constraints: sources.constraints } : {}),
      parts: sources.parts,
    };
    let buildRequest: SchematicRequest;
    let checkpoint: { lane: string; seq: number; phase: string; board: string } | undefined;
    if (scope === 'board') {
      if (!lane) throw new ViewerRouteError('bad-query', 'scope=board needs the lane whose board to draw');
      const found = latestCheckpoint(reader, lane, undefined, undefined);
      if (!found)
        throw new ViewerRouteError(
          'no-checkpoint',
          `lane ${JSON.stringify(lane)} has no checkpoint board yet`,
        );
      const cache = context.geometry(run);
      const file = cache.boardFile(found.board);
      checkBoardInside(file, cache.liveDir);
      if (
        !(await stat(file).then(
          (s) => s.isFile(),
          () => false,
        ))
      )
        throw new ViewerRouteError('no-board', `the checkpoint ${found.board} has no board file at ${file}`);
      buildRequest = { scope, board: file, ...common };
      checkpoint = { lane, seq: found.seq, phase: found.phase, board: found.board };
    } else buildRequest = { scope, graph: sources.graph, ...common };
    try {
      const built = await builds.build(buildRequest);
      return {
        available: true,
        scope,
        ...(lane !== undefined ? { lane } : {}),
        ...(checkpoint ? { checkpoint } : {}),
        design: built.design,
        stats: built.stats,
        problems: built.problems,
        payload: { key: built.key, bytes: built.bytes, url: `/api/schematic/payload/${built.key}` },
      };
    } catch (error) {
      if (error instanceof EngineServiceError)
        throw new ViewerRouteError('schematic-failed', `the schematic cannot be built: ${error.message}`);
      throw error;
    }
  });

  app.get<{ Params: { key: string } }>('/api/schematic/payload/:key', async (request, reply) => {
    const key = request.params.key;
    if (!/^[0-9a-f]{64}$/.test(key))
      throw new ViewerRouteError(
        'bad-key',
        `a schematic payload key is 64 lower-case hex digits; got ${key.slice(0, 80)}`,
      );
    const file = builds.payloadFile(key);
    if (!file)
      throw new ViewerRouteError('no-payload', `no schematic payload ${key}; ask GET /api/schematic first`);
    const etag = `"${key}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-type', 'application/json; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return sendFile(reply, basename(file), dirname(file), { etag: false, cacheControl: false });
  });
}
