// Every error the viewer answers has one body shape, {status, code, message}: codes for programs,
// messages that say what is wrong and what to do for people (docs/viewer-api.md, "Errors"). Errors of
// the layers below carry their own status; this file maps them and everything else onto that shape.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { GeometryRequestError } from '../geometry/geometry-cache.js';
import { BoardReadError } from '../geometry/kicad-board-reader.js';
import { LiveRequestError } from '../live/run-path.js';
import { RecordRequestError } from '../records/record-request-error.js';

/** An error answer the routes throw; `extra` fields join the body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The body of an error answer. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  [extra: string]: unknown;
}

const LIVE_CODES = { 400: 'bad-run', 403: 'outside', 404: 'no-run' } as const;

/** The answer for any error a request ran into. */
export function errorAnswer(error: unknown): ErrorBody {
  if (error instanceof ApiError) return body(error.status, error.code, error.message, error.extra);
  if (error instanceof RecordRequestError) return body(error.status, error.code, error.message, error.extra);
  if (error instanceof LiveRequestError) return body(error.status, LIVE_CODES[error.status], error.message);
  if (error instanceof GeometryRequestError)
    return error.reason === 'bad-hash'
      ? body(400, 'bad-hash', error.message)
      : body(404, 'no-board', error.message);
  if (error instanceof BoardReadError) return body(422, 'unreadable-board', error.message);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 413)
    return body(413, 'body-too-large', 'the request body is larger than the 1 MiB a viewer request may have');
  if (status === 415)
    return body(
      415,
      'unsupported-media-type',
      'send the request body as JSON with Content-Type: application/json',
    );
  if (typeof status === 'number' && status >= 400 && status < 500)
    return body(
      status,
      'bad-body',
      `the request body cannot be read: ${fastifyError.message ?? 'unknown problem'}`,
    );
  return body(500, 'internal', `the viewer failed: ${(error as Error)?.message ?? String(error)}`);
}

/** Answers errors and unknown routes with the error body; `log` hears about failures of the viewer itself. */
export function installErrorAnswers(app: FastifyInstance, log: (line: string) => void): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.status >= 500)
      log(`${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
    void sendError(reply, answer);
  });
  app.setNotFoundHandler((request, reply) => {
    void sendError(reply, noRoute(request.method, request.url));
  });
}

/** The 404 answer for a path the API does not have. */
export function noRoute(method: string, url: string): ErrorBody {
  return body(
    404,
    'no-route',
    `the viewer has no route ${method} ${url.split('?')[0]}; see docs/viewer-api.md`,
  );
}

/** Sends an error body with its status. */
export function sendError(reply: FastifyReply, answer: ErrorBody): FastifyReply {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer);
}

function body(status: number, code: string, message: string, extra?: Record<string, unknown>): ErrorBody {
  return { status, code, message, ...extra };
}
