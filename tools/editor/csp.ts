// Response headers of every answer: a strict content security policy (spec 2, Authentication 5) and
// no cross-origin access of any kind. No Access-Control-* header is ever sent.
import type { FastifyInstance } from 'fastify';

/** Scripts, styles, images and connections from the editor's own origin only; no inline code. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the security headers to every response; API answers are never cached. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    for (const name of Object.keys(reply.getHeaders()))
      if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
    return payload;
  });
}
