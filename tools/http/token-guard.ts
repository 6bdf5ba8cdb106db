// The bearer token: with a token, every API request carries `Authorization: Bearer <token>`, compared
// in constant time (docs/api.md, "Security"). The page itself loads without it and takes the token
// from the URL fragment.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

/** A new random token (192 bits, URL-safe), for a server bound beyond loopback without --token. */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether a presented token equals the expected one; equal-length digests keep the compare constant-time. */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Refuses (401 `bad-token`) API requests without the right bearer token; `server` names it ("editor"). */
export function registerTokenGuard(app: FastifyInstance, token: string, server: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '');
    if (match && tokenMatches(match[1]!, token)) return;
    reply.header('WWW-Authenticate', `Bearer realm="rr ${server}"`);
    throw new HttpError(
      'bad-token',
      match
        ? `the bearer token is wrong; open the URL the ${server} printed (it carries #token=…)`
        : `this ${server} needs "Authorization: Bearer <token>"; open the URL the ${server} printed (it carries #token=…)`,
    );
  });
}
