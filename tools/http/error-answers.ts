// Every error a server answers, one way (docs/api.md and viewer/docs/viewer-api.md, "Errors"): the
// refusals of its routes and of the layers below it get their status from the server's one table, the
// HTTP layer's (its guards, fastify's refusals of a body, unknown routes) from the HTTP layer's table,
// and anything else is a 500 whose detail only the server's log gets. Every error answer has the body of
// error-body.ts and is never cached.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Refusal } from './api-error.js';
import { errorBody, type ErrorBody } from './error-body.js';
import type { ErrorStatus, ErrorStatusTable } from './error-status.js';
import { HTTP_ERROR_STATUS, HttpError, type BadBodyCode, type NoRouteCode } from './http-error.js';
import { schemaErrorMessage } from './schema-error-message.js';

/** How one server answers errors: its words, its one table of statuses and its layers' refusals. */
export interface ServerErrors<Code extends string> {
  /** The server's name in messages ("editor", "viewer"). */
  server: string;
  /** Where its API is documented, named by the answer for an unknown route. */
  apiDoc: string;
  /** Its code for a body that cannot be read or fails its schema. */
  badBodyCode: BadBodyCode;
  /** Its code for a path no route serves. */
  noRouteCode: NoRouteCode;
  /** The largest request body, named by the 413 answer. */
  bodyLimit: number;
  /** The server's one table: the status of every code its routes and the layers below it refuse with. */
  statuses: ErrorStatusTable<Code>;
  /** An error of its routes or layers as a refusal with a code of `statuses`; undefined for any other. */
  refusal: (error: unknown) => Refusal<Code> | undefined;
  /** Hears about every 5xx answer, with the error's stack: the answer itself never shows internals. */
  log: (line: string) => void;
}

/** An error answer: the status line's status and the body. */
export interface ErrorAnswer {
  status: ErrorStatus;
  body: ErrorBody;
}

/** Any error as the server answers it; an unexpected one is a 500 that says only "see its log". */
export function errorAnswer<Code extends string>(error: unknown, server: ServerErrors<Code>): ErrorAnswer {
  const refusal = server.refusal(error);
  if (refusal) {
    // The table is exhaustive by type; a code that reached here around the types is the server's bug.
    const status = (server.statuses as Partial<Record<string, ErrorStatus>>)[refusal.code];
    if (status !== undefined) return { status, body: errorBody(status, refusal) };
    return internal(server);
  }
  const http = httpRefusal(error, server);
  const status = HTTP_ERROR_STATUS[http.code];
  return { status, body: errorBody(status, http) };
}

/** Answers every error and every unknown route of `app` as `server` says. */
export function installErrorAnswers<Code extends string>(
  app: FastifyInstance,
  server: ServerErrors<Code>,
): void {
  app.setErrorHandler(async (error, request, reply) => {
    const answer = errorAnswer(error, server);
    if (answer.status >= 500) server.log(logLine(request, error));
    await sendError(reply, answer);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const refusal = new HttpError(
      server.noRouteCode,
      `the ${server.server} has no route ${request.method} ${path}; see ${server.apiDoc}`,
    );
    await sendError(reply, errorAnswer(refusal, server));
  });
}

/** An error of the HTTP layer or of fastify as the HttpError it is answered with; anything else is internal. */
function httpRefusal(error: unknown, server: ServerErrors<string>): HttpError {
  if (error instanceof HttpError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (Array.isArray(fastifyError.validation))
    return new HttpError(server.badBodyCode, schemaErrorMessage(fastifyError.validation));
  if (status === 413)
    return new HttpError(
      'body-too-large',
      `the request body is larger than the ${sizeText(server.bodyLimit)} the ${server.server} takes`,
    );
  if (status === 415)
    return new HttpError(
      'unsupported-media-type',
      'send the request body as JSON with Content-Type: application/json',
    );
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Content-type parser errors (FST_ERR_CTP_*) are about the body; others (a bad URL) are not.
    const what = fastifyError.code?.startsWith('FST_ERR_CTP_') ? 'request body' : 'request';
    return new HttpError(
      status === 404 ? server.noRouteCode : server.badBodyCode,
      `the ${what} cannot be read: ${fastifyError.message ?? 'unknown problem'}`,
    );
  }
  return internalError(server);
}

function internal(server: ServerErrors<string>): ErrorAnswer {
  const error = internalError(server);
  return { status: HTTP_ERROR_STATUS.internal, body: errorBody(HTTP_ERROR_STATUS.internal, error) };
}

function internalError(server: ServerErrors<string>): HttpError {
  return new HttpError('internal', `the ${server.server} failed unexpectedly; see its log`);
}

/** What the log gets of a 5xx answer: the request and the whole error. */
function logLine(request: FastifyRequest, error: unknown): string {
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return `${request.method} ${request.url}: ${detail}`;
}

/** Sends an error answer; error answers are never cached. */
function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}

function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
