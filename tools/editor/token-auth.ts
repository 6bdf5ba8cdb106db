// Bearer token of the API (spec 2, Authentication 4): with a token, every API request carries
// `Authorization: Bearer <token>`, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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

/** Refuses (401 `bad-token`) API requests without the right bearer token. */
export function registerTokenAuth(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (match && tokenMatches(match[1]!, token)) return;
    await reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="rr editor"')
      .send({
        code: 'bad-token',
        message: match
          ? 'the bearer token is wrong; open the URL the editor printed (it carries #token=…)'
          : 'this editor needs "Authorization: Bearer <token>"; open the URL the editor printed (it carries #token=…)',
      });
  });
}
