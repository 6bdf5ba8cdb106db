// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D view: GET /api/3d?lane&phase (or board=<sha256>) starts or finds the GLB export of that
// checkpoint, GET /api/3d/status reports the exports (queued, exporting with elapsed time, done, failed
// with KiCad's message), GET /api/3d/glb/<key> sends a finished GLB (content-addressed: the ETag is the
// key; gzip-compressed when the client accepts it).
import { sendFile } from 'rules-rr/core/http/file-replies.js';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import { gzipCopy } from 'rules-rr/core/http/gzip-copy.js';
import type { LiveDirectoryReader } from '../../live/live-directory-reader.js';
import type { CheckpointPhase } from '../../telemetry/live-event.js';
import type { GlbExports } from '../../threed/glb-exports.js';
import type { PcbToolResolution } from '../../geometry/pcb-tool-resolution.js';
import { checkBoardInside } from './geometry-routes.js';
import { queryChoices, queryText, queryWholeNumber, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

const PHASES: readonly CheckpointPhase[] = ['input', 'placement', 'routing', 'final'];
const PAGE = 5000;

/** Registers the 3D routes, exporting with `exports`. */
export function threedRoutes(
  app: FastifyInstance,
  context: ViewerContext,
  exports: GlbExports,
  cli: Extract<PcbToolResolution, { status: 'found' }>,
): void {
  app.get('/api/3d', async (request) => {
    const query = request.query as Query;
    const run = queryText(query, 'run');
    const cache = context.geometry(run);
    let board = queryText(query, 'board');
    let checkpoint: { lane: string; seq: number; phase: CheckpointPhase } | undefined;
    if (!board) {
      const lane = queryText(query, 'lane');
      if (!lane)
        throw new ViewerRouteError('bad-query', 'give lane (and optionally phase and seq) or board=<sha256>');
      const phase = queryChoices(query, 'phase', PHASES)?.[0];
      const seq = queryWholeNumber(query, 'seq', 0, Number.MAX_SAFE_INTEGER);
      const reader = context.experiment.reader(run);
      await reader.poll();
      const found = latestCheckpoint(reader, lane, phase, seq);
      if (!found)
        throw new ViewerRouteError(
          'no-checkpoint',
          `lane ${JSON.stringify(lane)} has no ${phase ? `${phase} ` : ''}checkpoint${seq !== undefined ? ` at or before seq ${seq}` : ''}`,
        );
      board = found.board;
      checkpoint = { lane, seq: found.seq, phase: found.phase };
    }
    const file = cache.boardFile(board); // refuses anything but 64 hex digits
    checkBoardInside(file, cache.liveDir);
    if (!(await fileExists(file)))
      throw new ViewerRouteError('no-board', `the checkpoint ${board} has no board file at ${file}`);
    const job = await exports.request(file, board, queryText(query, 'retry') === '1');
    return { ...job, ...(checkpoint ? { checkpoint } : {}) };
  });

  app.get('/api/3d/status', async (request) => {
    const key = queryText(request.query as Query, 'key');
    if (key !== undefined) {
      const job = exports.get(key);
      if (!job) throw new ViewerRouteError('no-export', `no 3D export ${key.slice(0, 64)} in this viewer`);
      return job;
    }
    return {
      available: true,
      cli: { path: cli.path, source: cli.source, version: await exports.kicadVersion() },
      exports: exports.list(),
    };
  });

  app.get<{ Params: { key: string } }>('/api/3d/glb/:key', async (request, reply) => {
    const key = request.params.key;
    if (!/^[0-9a-f]{64}$/.test(key))
      throw new ViewerRouteError(
        'bad-key',
        `a 3D export key is 64 lower-case hex digits; got ${key.slice(0, 80)}`,
      );
    const file = exports.file(key);
    if (!file) throw new ViewerRouteError('no-export', `no exported GLB ${key}; ask GET /api/3d first`);
    const etag = `"${key}"`;
    reply.header('etag', etag).header('vary', 'Accept-Encoding').header('content-type', 'model/gltf-binary');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // Meshes compress about 9 to 1; the copy is made once, after the export (or now, for an older GLB).
    await gzipCopy(file);
    return sendFile(reply, basename(file), dirname(file), { etag: false });
  });
}

/** The lane's latest checkpoint (of a phase, at or before a seq), reading back page by page. */
export function latestCheckpoint(
  reader: LiveDirectoryReader,
  lane: string,
  phase: CheckpointPhase | undefined,
  seq: number | undefined,
): { board: string; seq: number; phase: CheckpointPhase } | undefined {
  let before = seq === undefined ? undefined : seq + 1;
  for (;;) {
    const page = reader.history({ lane, ...(before !== undefined ? { before } : {}), limit: PAGE });
    for (let i = page.length - 1; i >= 0; i--) {
      const event = page[i]!.event;
      if (event.kind !== 'checkpoint' || (phase && event.phase !== phase)) continue;
      const hash = /([0-9a-f]{64})\.[\w]+$/.exec(event.board);
      if (hash) return { board: hash[1]!, seq: event.seq, phase: event.phase };
    }
    if (page.length < PAGE) return undefined;
    before = page[0]!.event.seq;
  }
}

async function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}
