// The HTTP layer's refusals, shared by both servers: its guards (Host, token, X-RR-Request, Origin), the
// request bodies fastify refuses (not JSON, too large, unreadable, failing the route's schema), unknown
// routes and page files, source files the code views cannot show, and the 500 that hides an unexpected
// failure. Its table is the one part of each server's statuses that lives here (docs/api.md and
// viewer/docs/viewer-api.md, "Errors"). Three answers are worded per server and keep each server's code:
// an unreadable body (editor `bad-request`, viewer `bad-body`), an unknown route (`not-found`,
// `no-route`) and a foreign Host (`bad-host`, `host-not-allowed`).
import { ApiError } from './api-error.js';
import type { ErrorStatusTable } from './error-status.js';

/** Every code of the HTTP layer, with its status. */
export const HTTP_ERROR_STATUS = {
  'bad-request': 400,
  'bad-body': 400,
  'bad-token': 401,
  'missing-request-header': 403,
  'origin-missing': 403,
  'origin-refused': 403,
  'not-found': 404,
  'no-route': 404,
  'body-too-large': 413,
  'too-large': 413,
  'unsupported-media-type': 415,
  'not-text': 415,
  'bad-host': 421,
  'host-not-allowed': 421,
  internal: 500,
} as const satisfies ErrorStatusTable<string>;

/** What the HTTP layer refuses. */
export type HttpErrorCode = keyof typeof HTTP_ERROR_STATUS;

/** Every code of the HTTP layer. */
export const HTTP_ERROR_CODES = Object.keys(HTTP_ERROR_STATUS) as HttpErrorCode[];

/** The code a server answers a body that cannot be read or fails its schema with. */
export type BadBodyCode = Extract<HttpErrorCode, 'bad-request' | 'bad-body'>;
/** The code a server answers a path no route serves with. */
export type NoRouteCode = Extract<HttpErrorCode, 'not-found' | 'no-route'>;
/** The code a server answers a foreign Host with. */
export type BadHostCode = Extract<HttpErrorCode, 'bad-host' | 'host-not-allowed'>;

/** A request the HTTP layer refuses. */
export class HttpError extends ApiError<HttpErrorCode> {}
