// Defence against DNS rebinding: a web page on another site can point its own host name at 127.0.0.1
// and so reach a loopback server as "same origin", but its requests still carry that foreign name in
// Host. Both servers refuse such a request, before any route runs, with 421 Misdirected Request: the
// request reached a server that does not answer for that name (docs/api.md, viewer/docs/viewer-api.md).
import type { FastifyInstance } from 'fastify';
import { hostParts, type HostParts } from './host-header.js';
import { HttpError, type BadHostCode } from './http-error.js';

/** Which Host names a server answers to, and how its refusal reads. */
export interface HostRule {
  /** Whether the server answers to this name and port. */
  accepts: (host: HostParts) => boolean;
  /** The error code of a refusal (editor `bad-host`, viewer `host-not-allowed`). */
  code: BadHostCode;
  /** The refusal's message for the Host header as sent. */
  message: (header: string) => string;
}

/** Refuses (421) every request whose Host is not one of the server's names. */
export function registerHostGuard(app: FastifyInstance, rule: HostRule): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parts = hostParts(request.headers.host);
    if (parts && rule.accepts(parts)) done();
    else done(new HttpError(rule.code, rule.message(request.headers.host ?? '')));
  });
}
