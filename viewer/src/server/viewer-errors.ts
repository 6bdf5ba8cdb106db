// SPDX-License-Identifier: AGPL-3.0-or-later

// The viewer's error policy (docs/viewer-api.md, "Errors"): ONE table gives every code its routes and the
// layers below them refuse with (records and notes, the live reader, the geometry cache and board
// reader, cost replay, the engine runtime, the design sources) its HTTP status; the HTTP layer's own
// codes have theirs in rules-rr's tools/http. viewerRefusal reads any of those errors as a refusal.
import type { Refusal } from 'rules-rr/core/http/api-error.js';
import type { ServerErrors } from 'rules-rr/core/http/error-answers.js';
import type { ErrorStatusTable } from 'rules-rr/core/http/error-status.js';
import {
  COST_REPLAY_ERROR_CODES,
  CostReplayRequestError,
  type CostReplayErrorCode,
} from '../cost-replay/component-cost-request.js';
import { DesignSourceError } from '../design-sources/design-source-problem.js';
import { EngineServiceError } from '../engine-runtime/engine-service-runner.js';
import { BoardReadError } from '../geometry/board-read-error.js';
import {
  GEOMETRY_ERROR_CODES,
  GeometryRequestError,
  type GeometryErrorCode,
} from '../geometry/geometry-cache.js';
import { LIVE_ERROR_CODES, LiveRequestError, type LiveErrorCode } from '../live/run-path.js';
import { TargetCheckError } from '../notes/design-note-target-check.js';
import {
  VIEWER_RECORD_ERROR_CODES,
  ViewerRecordRequestError,
  type ViewerRecordErrorCode,
} from '../records/viewer-record-request-error.js';
import {
  VIEWER_ROUTE_ERROR_CODES,
  ViewerRouteError,
  type ViewerRouteErrorCode,
} from './viewer-route-error.js';

/** Every code the viewer answers besides the HTTP layer's: its routes' and its layers'. */
export type ViewerErrorCode =
  | ViewerRouteErrorCode
  | ViewerRecordErrorCode
  | LiveErrorCode
  | GeometryErrorCode
  | BoardReadError['code']
  | CostReplayErrorCode
  | EngineServiceError['code']
  | DesignSourceError['code']
  | TargetCheckError['code'];

/** The codes of each layer the viewer answers for, by layer (the exhaustiveness test walks them). */
export const VIEWER_LAYER_CODES: Readonly<Record<string, readonly ViewerErrorCode[]>> = {
  'viewer routes': VIEWER_ROUTE_ERROR_CODES,
  'records and notes': VIEWER_RECORD_ERROR_CODES,
  live: LIVE_ERROR_CODES,
  geometry: [...GEOMETRY_ERROR_CODES, 'unreadable-board'],
  'cost replay': COST_REPLAY_ERROR_CODES,
  'engine runtime': ['engine-failed'],
  'design sources': ['unreadable-sources'],
  'note targets': ['unknown-target'],
};

/** The viewer's one table: the status of every code its routes and layers refuse with. */
export const VIEWER_ERROR_STATUS: ErrorStatusTable<ViewerErrorCode> = {
  'bad-query': 400,
  'bad-body': 400,
  'bad-id': 400,
  'bad-hash': 400,
  'bad-key': 400,
  'bad-run': 400,
  'unsupported-control': 400,
  'budget-exhausted': 402,
  outside: 403,
  'not-found': 404,
  'no-run': 404,
  'no-lane': 404,
  'no-event': 404,
  'no-checkpoint': 404,
  'no-board': 404,
  'no-layer': 404,
  'no-export': 404,
  'no-payload': 404,
  'no-turn': 404,
  exists: 409,
  'stale-revision': 409,
  'bad-transition': 409,
  'unreadable-board': 422,
  'unknown-target': 422,
  'unreadable-sources': 422,
  'engine-failed': 422,
  'bad-constraints': 422,
  'schematic-failed': 422,
  busy: 503,
};

/** An error of the viewer's routes or layers as the refusal it answers; undefined for any other. */
export function viewerRefusal(error: unknown): Refusal<ViewerErrorCode> | undefined {
  if (error instanceof ViewerRouteError) return error;
  if (error instanceof ViewerRecordRequestError)
    return { code: error.code, message: error.message, ...(error.extra ? { details: error.extra } : {}) };
  if (error instanceof TargetCheckError)
    return { code: error.code, message: error.message, details: { target: error.index } };
  if (
    error instanceof LiveRequestError ||
    error instanceof GeometryRequestError ||
    error instanceof BoardReadError ||
    error instanceof CostReplayRequestError ||
    error instanceof EngineServiceError ||
    error instanceof DesignSourceError
  )
    return { code: error.code, message: error.message };
  return undefined;
}

/** How the viewer answers errors; `log` hears about every 5xx answer. */
export function viewerErrors(bodyLimit: number, log: (line: string) => void): ServerErrors<ViewerErrorCode> {
  return {
    server: 'viewer',
    apiDoc: 'docs/viewer-api.md',
    badBodyCode: 'bad-body',
    noRouteCode: 'no-route',
    bodyLimit,
    statuses: VIEWER_ERROR_STATUS,
    refusal: viewerRefusal,
    log,
  };
}
