// The Origin check on writes: a browser sends Origin with every POST, so a write from another web page
// carries that page's origin and is refused. Clients outside a browser send none; a server names the
// paths whose writes must come from a page anyway (the viewer's notes, written as the user).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/** Which origins may write, and which paths need one. */
export interface OriginRule {
  /** Origins as URL.origin spells them; read per request, since the ports are known only once listening. */
  allowed: () => ReadonlySet<string>;
  /** Path prefixes whose writes must carry an allowed Origin. */
  requiredFor: readonly string[];
  /** How a client shows it is a page of the server, for the `origin-missing` message. */
  missingHint: string;
  /** Which origins are allowed, for the `origin-refused` message. */
  refusedHint: string;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses (403) writes from origins that are not allowed, and writes without one where one is required. */
export function registerOriginGuard(app: FastifyInstance, rule: OriginRule): void {
  app.addHook('onRequest', (request, _reply, done) => done(originRefusal(request, rule)));
}

/** Why a request is refused for its origin, or undefined when it may go on. */
function originRefusal(request: FastifyRequest, rule: OriginRule): HttpError | undefined {
  if (READS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (!rule.requiredFor.some((prefix) => request.url.startsWith(prefix))) return undefined;
    return new HttpError('origin-missing', rule.missingHint);
  }
  if (rule.allowed().has(normalOrigin(origin))) return undefined;
  return new HttpError(
    'origin-refused',
    `writes from origin ${JSON.stringify(origin)} are refused; ${rule.refusedHint}`,
  );
}

/** The origin as URL.origin spells it, or '' when it is none (such as "null"). */
function normalOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}
