// Every error a server answers, one way: its own errors (ApiError), the errors of the layers below it
// (translated by the server), fastify's refusals (body too large, wrong content type, bad JSON, a body
// that fails its route schema) and unexpected failures, as JSON bodies that are never cached.
// The editor's body is {code, message, ...details} (docs/api.md), the viewer's repeats the status,
// {status, code, message, ...details} (viewer/docs/viewer-api.md); ErrorStyle says which.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { schemaErrorMessage } from './schema-error-message.js';

/** How one server words its error answers. */
export interface ErrorStyle {
  /** The server's name in messages ("editor", "viewer"). */
  server: string;
  /** Where its API is documented, named by the answer for an unknown route. */
  apiDoc: string;
  /** Whether the body repeats the HTTP status. */
  statusInBody: boolean;
  /** The code for a body that cannot be read or fails its schema (editor `bad-request`, viewer `bad-body`). */
  badBodyCode: string;
  /** The code for a path no route serves (editor `not-found`, viewer `no-route`). */
  noRouteCode: string;
  /** The largest request body, named by the 413 answer. */
  bodyLimit: number;
  /** The server's errors from the layers below it as ApiErrors; undefined for any other error. */
  translate: (error: unknown) => ApiError | undefined;
  /** Hears about failures of the server itself (500s). */
  log: (request: FastifyRequest, error: unknown) => void;
}

/** Any error as the ApiError the server answers with; an unexpected one becomes a 500 without internals. */
export function toApiError(error: unknown, style: ErrorStyle): ApiError {
  if (error instanceof ApiError) return error;
  const translated = style.translate(error);
  if (translated) return translated;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (Array.isArray(fastifyError.validation))
    return new ApiError(400, style.badBodyCode, schemaErrorMessage(fastifyError.validation));
  if (status === 413)
    return new ApiError(
      413,
      'body-too-large',
      `the request body is larger than the ${sizeText(style.bodyLimit)} the ${style.server} takes`,
    );
  if (status === 415)
    return new ApiError(
      415,
      'unsupported-media-type',
      'send the request body as JSON with Content-Type: application/json',
    );
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Content-type parser errors (FST_ERR_CTP_*) are about the body; others (a bad URL) are not.
    const what = fastifyError.code?.startsWith('FST_ERR_CTP_') ? 'request body' : 'request';
    return new ApiError(
      status,
      status === 404 ? style.noRouteCode : style.badBodyCode,
      `the ${what} cannot be read: ${fastifyError.message ?? 'unknown problem'}`,
    );
  }
  return new ApiError(500, 'internal', `the ${style.server} failed unexpectedly; see its log`);
}

/** The JSON body of an error answer. */
export function errorBody(error: ApiError, style: Pick<ErrorStyle, 'statusInBody'>): Record<string, unknown> {
  return {
    ...(style.statusInBody ? { status: error.status } : {}),
    code: error.code,
    message: error.message,
    ...error.details,
  };
}

/** Answers every error and every unknown route of `app` in the server's style. */
export function installErrorAnswers(app: FastifyInstance, style: ErrorStyle): void {
  app.setErrorHandler(async (error, request, reply) => {
    const answer = toApiError(error, style);
    if (answer.status >= 500) style.log(request, error);
    await sendError(reply, answer, style);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const answer = new ApiError(
      404,
      style.noRouteCode,
      `the ${style.server} has no route ${request.method} ${path}; see ${style.apiDoc}`,
    );
    await sendError(reply, answer, style);
  });
}

/** Sends an error answer; error answers are never cached. */
function sendError(reply: FastifyReply, error: ApiError, style: ErrorStyle): FastifyReply {
  return reply.code(error.status).header('cache-control', 'no-store').send(errorBody(error, style));
}

function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
