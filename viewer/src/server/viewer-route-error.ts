// SPDX-License-Identifier: AGPL-3.0-or-later
// What the viewer's own routes refuse (the layers below them refuse with their own errors), as codes of
// one union; the viewer's table (viewer-errors.ts) gives each its status (docs/viewer-api.md, "Errors").
import { ApiError } from 'rules-rr/core/http/api-error.js';

/** Every code the viewer's routes refuse with. */
export const VIEWER_ROUTE_ERROR_CODES = [
  'bad-query',
  'bad-key',
  'budget-exhausted',
  'outside',
  'not-found',
  'no-lane',
  'no-checkpoint',
  'no-board',
  'no-export',
  'no-payload',
  'no-turn',
  'bad-constraints',
  'schematic-failed',
] as const;

/** What a viewer route refused. */
export type ViewerRouteErrorCode = (typeof VIEWER_ROUTE_ERROR_CODES)[number];

/** A request a viewer route refuses. */
export class ViewerRouteError extends ApiError<ViewerRouteErrorCode> {}
