// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's answers for errors of the layers below it (records, notes, the live reader, the geometry
// cache) as ApiErrors, and the viewer's error style for tools/http: every error body is
// {status, code, message} (docs/viewer-api.md, "Errors").

import type { FastifyRequest } from 'fastify';
import { ApiError } from 'rules-rr/core/http/api-error.js';
import type { ErrorStyle } from 'rules-rr/core/http/error-answers.js';
import { GeometryRequestError } from '../geometry/geometry-cache.js';
import { BoardReadError } from '../geometry/kicad-board-reader.js';
import { LiveRequestError } from '../live/run-path.js';
import { CostReplayRequestError } from '../cost-replay/component-cost-request.js';
import { DesignSourceError } from '../design-sources/design-source-problem.js';
import { EngineServiceError } from '../engine-runtime/engine-service-runner.js';
import { TargetCheckError } from '../notes/design-note-target-check.js';
import {
  ViewerRecordRequestError,
  type ViewerRecordErrorCode,
} from '../records/viewer-record-request-error.js';

/** The status of each record refusal (docs/viewer-api.md, "Errors"). */
const VIEWER_RECORD_STATUS: Record<ViewerRecordErrorCode, number> = {
  'bad-body': 400,
  'bad-id': 400,
  'bad-query': 400,
  'not-found': 404,
  exists: 409,
  'stale-revision': 409,
  'bad-transition': 409,
  'unsupported-control': 400,
  busy: 503,
};

const LIVE_CODES = { 400: 'bad-run', 403: 'outside', 404: 'no-run' } as const;

/** An error of the viewer's layers as the ApiError it answers with; undefined for any other. */
export function viewerApiError(error: unknown): ApiError | undefined {
  if (error instanceof ViewerRecordRequestError)
    return new ApiError(VIEWER_RECORD_STATUS[error.code], error.code, error.message, error.extra);
  if (error instanceof LiveRequestError)
    return new ApiError(error.status, LIVE_CODES[error.status], error.message);
  if (error instanceof GeometryRequestError)
    return error.reason === 'bad-hash'
      ? new ApiError(400, 'bad-hash', error.message)
      : new ApiError(404, error.reason, error.message);
  if (error instanceof BoardReadError) return new ApiError(422, 'unreadable-board', error.message);
  if (error instanceof CostReplayRequestError) return new ApiError(error.status, error.code, error.message);
  if (error instanceof EngineServiceError) return new ApiError(422, 'engine-failed', error.message);
  if (error instanceof DesignSourceError) return new ApiError(422, 'unreadable-sources', error.message);
  if (error instanceof TargetCheckError)
    return new ApiError(422, 'unknown-target', error.message, { target: error.index });
  return undefined;
}

/** How the viewer words its error answers; `log` hears about failures of the viewer itself. */
export function viewerErrorStyle(bodyLimit: number, log: (line: string) => void): ErrorStyle {
  return {
    server: 'viewer',
    apiDoc: 'docs/viewer-api.md',
    statusInBody: true,
    badBodyCode: 'bad-body',
    noRouteCode: 'no-route',
    bodyLimit,
    translate: viewerApiError,
    log: (request: FastifyRequest, error: unknown) =>
      log(`${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`),
  };
}
